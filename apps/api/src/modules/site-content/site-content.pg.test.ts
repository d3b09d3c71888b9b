import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_CONTENT } from '@bande/shared';
import { pgQuery } from '../../test/postgres.ts';
import { REPO_ROOT as root, startRealServer, type RealServer } from '../../test/real-server.ts';

/**
 * The site's texts changed through one server show on the pages rendered by another sharing the same
 * PostgreSQL database (docs/deploy.md), though it had kept those pages in its public cache; a
 * restore through the first gives the previous texts back on the second. A `.pg.test.ts`: run with
 * TEST_DATABASE_URL after `npm run build` (the built web app renders the pages).
 */
const webRoot = path.join(root, 'apps/web/dist');
const ADMIN = { email: 'admin@example.org', password: 'motdepasse-test' };

async function within(ms: number, check: () => Promise<string | true>): Promise<void> {
  const started = Date.now();
  let last = '';
  for (;;) {
    const result = await check();
    if (result === true) return;
    last = result;
    if (Date.now() - started > ms) throw new Error(`toujours pas vrai après ${ms} ms ; dernière réponse : ${last.slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('site texts on two servers sharing one PostgreSQL database', () => {
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  let a: RealServer;
  let b: RealServer;
  let auth: { authorization: string };

  beforeAll(async () => {
    for (const file of [path.join(webRoot, 'index.html'), path.join(root, 'apps/web/dist-ssr/entry-server.js')]) {
      if (!fs.existsSync(file)) throw new Error(`${path.relative(root, file)} manquant : lancez \`npm run build\` avant ce test`);
    }
    await pgQuery(`CREATE SCHEMA ${schema}`);
    const databaseUrl = new URL(process.env.TEST_DATABASE_URL!);
    databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
    const env = { DATABASE_URL: databaseUrl.toString(), SEED_DEMO: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, WEB_ROOT: webRoot };
    a = await startRealServer('A', env);
    await a.ready();
    b = await startRealServer('B', env);
    await b.ready();
    const login = await fetch(`${a.base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  }, 120_000);

  afterAll(async () => {
    for (const server of [a, b]) await server?.stop();
    await pgQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  }, 30_000);

  const page = async (server: RealServer, pathname: string) => (await fetch(`${server.base}${pathname}`)).text();
  const put = (body: unknown) => fetch(`${a.base}/api/site-content`, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('renders on B, within 2 s, the texts saved on A, in the pages, the footer, the title and the JSON-LD; a restore on A gives them back', async () => {
    // B renders and keeps the pages with today's texts first.
    expect(await page(b, '/contact')).toContain('href="tel:+33199001234"');
    expect(await page(b, '/')).toContain('"name":"La Bande à Lire"');

    const changed = {
      ...DEFAULT_SITE_CONTENT,
      associationName: 'Les Voix du Cher',
      homeLead: 'Des lectures pour tous les publics.',
      contact: { ...DEFAULT_SITE_CONTENT.contact, phone: '02 47 00 11 22' },
    };
    const saved = await put(changed);
    expect(saved.status, await saved.clone().text()).toBe(200);

    await within(2_000, async () => {
      const html = await page(b, '/contact');
      // Twice: the contact details beside the form, and the footer.
      return html.split('href="tel:+33247001122"').length - 1 === 2 && html.includes('02 47 00 11 22</a>') && html.includes('<title data-page-head>Nous contacter — Les Voix du Cher</title>') ? true : html;
    });
    const home = await page(b, '/');
    expect(home).toContain('Des lectures pour tous les publics.');
    expect(home).toContain('"@type":"TheaterGroup","name":"Les Voix du Cher"');
    expect(home).toContain('property="og:site_name" content="Les Voix du Cher"');
    expect(home).toContain('<title data-page-head>Les Voix du Cher — lectures théâtrales</title>');
    expect(await page(b, '/mentions-legales')).toContain('<strong>Les Voix du Cher</strong>');

    // A wrong phone is refused in French and changes nothing.
    const refused = await put({ ...changed, contact: { ...changed.contact, phone: '12 34' } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toContain('numéro de téléphone français');

    const revisions = (await (await fetch(`${a.base}/api/revisions?entity=site-content&entityId=1`, { headers: auth })).json()) as { data: { id: number; action: string }[] };
    expect(revisions.data.map((revision) => revision.action)).toEqual(['update', 'create']);
    const restored = await fetch(`${a.base}/api/revisions/${revisions.data.at(-1)!.id}/restore`, { method: 'POST', headers: auth });
    expect(restored.status).toBe(200);
    await within(2_000, async () => {
      const html = await page(b, '/contact');
      return html.includes('href="tel:+33199001234"') ? true : html;
    });
  }, 60_000);
});
