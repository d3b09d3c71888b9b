import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bovaryShowInput } from './test/fixtures.ts';
import { pgQuery } from './test/postgres.ts';
import { REPO_ROOT as root, startRealServer, type RealServer as Server } from './test/real-server.ts';
import { multipartBody, sampleImage } from './test/upload-fixtures.ts';

/**
 * Two real server processes behind one load balancer (docs/deploy.md): one PostgreSQL schema, one
 * S3-compatible bucket, each with its own DATA_DIR and port. Whatever one server does, the other sees:
 * uploads, sessions, lockouts, published content (through the public cache's content version). A
 * `.pg.test.ts` file: run only with TEST_DATABASE_URL (vitest.config.ts; .ci/run does, after
 * `npm start` has built the web app that renders the public pages).
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const webRoot = path.join(root, 'apps/web/dist');
const ssrEntry = path.join(root, 'apps/web/dist-ssr/entry-server.js');
const BUCKET = 'bande-uploads';
const ADMIN = { email: 'admin@example.org', password: 'motdepasse-test' };

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function login(server: Server, password = ADMIN.password): Promise<Response> {
  return fetch(`${server.base}/api/auth/login`, json({ email: ADMIN.email, password }));
}

async function loginToken(server: Server): Promise<string> {
  const res = await login(server);
  const body = await res.text();
  expect(res.status, body).toBe(200);
  return (JSON.parse(body) as { token: string }).token;
}

/** Asks until `check` holds or `ms` have passed; answers how long it took, or throws with the last answer. */
async function within(ms: number, check: () => Promise<string | true>): Promise<number> {
  const started = Date.now();
  let last = '';
  for (;;) {
    const result = await check();
    if (result === true) return Date.now() - started;
    last = result;
    if (Date.now() - started > ms) throw new Error(`toujours pas vrai après ${ms} ms ; dernière réponse : ${last.slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('two real servers on one PostgreSQL database and one S3 bucket', () => {
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bande-two-servers-s3-'));
  let s3: S3rver | undefined;
  let a: Server;
  let b: Server;
  let adminToken: string;
  let upload: { url: string; bytes: Buffer } | undefined;

  beforeAll(async () => {
    // The pages are rendered by the built web app, as in production: without it they could not be checked.
    for (const file of [path.join(webRoot, 'index.html'), ssrEntry]) {
      if (!fs.existsSync(file)) throw new Error(`${path.relative(root, file)} manquant : lancez \`npm run build\` avant ce test (.ci/run le fait par \`npm start\`)`);
    }
    await pgQuery(`CREATE SCHEMA ${schema}`);
    const databaseUrl = new URL(pgUrl!);
    databaseUrl.searchParams.set('options', `-c search_path=${schema}`);

    s3 = new S3rver({ address: '127.0.0.1', port: 0, directory: s3Dir, silent: true, configureBuckets: [{ name: BUCKET }] });
    const { port: s3Port } = await s3.run();

    const env = {
      DATABASE_URL: databaseUrl.toString(),
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
      // The scheduled publication check below waits for the servers' publication job: look every second.
      SCHEDULE_CHECK_SECONDS: '1',
      // The built web app renders the pages.
      WEB_ROOT: webRoot,
    };
    // Started together, as a deployment does: both migrate the same empty schema and create the same admin.
    a = await startRealServer('A', env);
    b = await startRealServer('B', env);
    await Promise.all([a.ready(), b.ready()]);
    adminToken = await loginToken(a);
  }, 120_000);

  afterAll(async () => {
    for (const server of [a, b]) await server?.stop();
    await s3?.close();
    fs.rmSync(s3Dir, { recursive: true, force: true });
    await pgQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  }, 30_000);

  it('serves from B, byte for byte, a file uploaded on A', async () => {
    const bytes = await sampleImage('jpeg');
    const { payload, contentType } = multipartBody([{ name: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', content: bytes }]);
    const res = await fetch(`${a.base}/api/upload`, { method: 'POST', headers: { ...bearer(adminToken), 'content-type': contentType }, body: payload });
    const body = await res.text();
    expect(res.status, body).toBe(201);
    const { url } = JSON.parse(body) as { url: string };
    expect(url).toMatch(/^\/uploads\/.+\.jpg$/);
    upload = { url, bytes };

    const served = await fetch(`${b.base}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    // Neither server kept it on its own disk: it lives in the bucket.
    for (const server of [a, b]) expect(fs.existsSync(path.join(server.dataDir, 'uploads', url.replace(/^\/uploads\//, '')))).toBe(false);
  });

  it('accepts on B a token obtained on A, and a logout on B ends it on A', async () => {
    const token = await loginToken(a);
    const me = await fetch(`${b.base}/api/auth/me`, { headers: bearer(token) });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { email: ADMIN.email } });

    const logout = await fetch(`${b.base}/api/auth/logout`, { method: 'POST', headers: bearer(token) });
    expect(logout.status).toBe(200);
    expect((await fetch(`${a.base}/api/auth/me`, { headers: bearer(token) })).status).toBe(401);
    expect((await fetch(`${b.base}/api/auth/me`, { headers: bearer(token) })).status).toBe(401);
    // The other session is untouched.
    expect((await fetch(`${a.base}/api/auth/me`, { headers: bearer(adminToken) })).status).toBe(200);
  });

  it('shows on B, within 2 s, a show published on A, though B had cached the list without it', async () => {
    const name = `Madame Bovary ${crypto.randomBytes(3).toString('hex')}`;
    // B answers the list and the page once, so that its public cache holds the answers without the show.
    const listBefore = await fetch(`${b.base}/api/shows?published=true`);
    expect(listBefore.status).toBe(200);
    expect(await listBefore.text()).not.toContain(name);
    const pageBefore = await fetch(`${b.base}/shows`);
    expect(pageBefore.status).toBe(200);
    const pageBeforeHtml = await pageBefore.text();
    expect(pageBeforeHtml).toContain('id="ssr-state"'); // rendered on the server, not the browser's shell
    expect(pageBeforeHtml).not.toContain(name);

    const created = await fetch(`${a.base}/api/shows`, {
      ...json({ ...bovaryShowInput, name, performances: [{ ...bovaryShowInput.performances[0], bookingLink: '' }] }),
      headers: { 'content-type': 'application/json', ...bearer(adminToken) },
    });
    expect(created.status, await created.clone().text()).toBe(201);

    await within(2000, async () => {
      const body = await (await fetch(`${b.base}/api/shows?published=true`)).text();
      return body.includes(name) || body;
    });
    await within(2000, async () => {
      const res = await fetch(`${b.base}/shows`);
      const html = await res.text();
      return (res.status === 200 && html.includes(name)) || `${res.status} ${html}`;
    });
  });

  it('shows on B, without anyone acting, a show whose publication was planned on A 2 s ahead', async () => {
    const name = `Les Misérables ${crypto.randomBytes(3).toString('hex')}`;
    // B has the list in its public cache before the time comes.
    expect(await (await fetch(`${b.base}/api/shows?published=true`)).text()).not.toContain(name);
    const publishAt = new Date(Date.now() + 2_000).toISOString();
    const created = await fetch(`${a.base}/api/shows`, {
      ...json({ name, type: 'Pépite', year: '2026', pitch: 'Jean Valjean, forçat libéré.', note: 'Note', publishAt }),
      headers: { 'content-type': 'application/json', ...bearer(adminToken) },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    expect(((await created.json()) as { data: unknown }).data).toMatchObject({ published: false, publishAt });
    // Well within the promised minute: the job's second, the content version's second, the request.
    const waited = await within(15_000, async () => {
      const body = await (await fetch(`${b.base}/api/shows?published=true`)).text();
      return body.includes(name) || body;
    });
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(publishAt));
    expect(waited).toBeLessThan(15_000);
  });

  it('locks the account on B after 5 wrong passwords on A: the right password on B answers 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(a, 'mauvais-mot-de-passe')).status);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses[4]).toBe(429);
    const right = await login(b);
    expect(right.status, await right.clone().text()).toBe(429);
  });

  it('keeps B serving when A stops (SIGTERM): health, public page and uploaded file', async () => {
    expect(upload, 'the upload test ran first').toBeDefined();
    const exited = new Promise<number | null>((resolve) => a.process.once('exit', (code) => resolve(code)));
    a.process.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<string>((resolve) => setTimeout(() => resolve('A toujours en marche après 12 s'), 12_000))]);
    expect(code, a.output()).toBe(0);
    expect(await fetch(`${a.base}/api/health`).then((res) => res.status, () => 'refused')).toBe('refused');

    expect((await fetch(`${b.base}/api/health`)).status).toBe(200);
    const page = await fetch(`${b.base}/shows`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Madame Bovary');
    const served = await fetch(`${b.base}${upload!.url}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(upload!.bytes)).toBe(true);
    expect(b.process.exitCode, b.output()).toBeNull();
  }, 30_000);
});
