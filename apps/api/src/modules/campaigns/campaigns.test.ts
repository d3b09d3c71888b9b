import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdminTestApp, createAdminToken, type AdminTestApp } from '../../test/admin-token.ts';
import { startSmtpReceiver } from '../../test/smtp-receiver.ts';
import { hashToken } from '../../lib/token-hash.ts';
import { createMailer } from '../../plugins/mailer.ts';
import { createCampaignSender } from './campaign-sender.ts';

let receiver: Awaited<ReturnType<typeof startSmtpReceiver>>;
let app: AdminTestApp;
const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silent, level: 'silent', silent() {} } as never;

beforeAll(async () => {
  receiver = await startSmtpReceiver({ 'plein@example.org': 451, 'inconnu@example.org': 550 });
  app = await createAdminTestApp({ SMTP_URL: receiver.url, SITE_URL: 'https://bande.example.org' });
});
afterAll(async () => {
  await app.ctx.close();
  await receiver.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => app.ctx.app.inject({ method, url, headers: app.auth, ...(payload === undefined ? {} : { payload: payload as object }) });

function sender(ratePerMinute = 0) {
  const { ctx } = app;
  const transport = createMailer({ smtpUrl: receiver.url, from: 'Bande <site@example.org>', outboxDir: '/nonexistent', log: silent });
  return createCampaignSender({ db: ctx.db, dialect: ctx.dialect, clock: ctx.clock, transport, log: silent, siteUrl: ctx.config.siteUrl, ratePerMinute });
}

async function subscribers(list: { email: string; confirmed?: boolean; bounced?: boolean }[]) {
  const now = app.ctx.clock.now().toISOString();
  for (const [i, s] of list.entries()) {
    await app.ctx.db
      .insertInto('newsletterSubscriptions')
      .values({ email: s.email, createdAt: now, confirmedAt: s.confirmed === false ? null : now, bouncedAt: s.bounced ? now : null, confirmTokenHash: hashToken(`c${i}${s.email}`), unsubscribeTokenHash: hashToken(`u${i}${s.email}`) })
      .execute();
  }
}

async function draft(body = 'Bonjour **à tous**, voir [le programme](/shows).') {
  const res = await inject('POST', '/api/campaigns', { subject: 'Lettre de mars', body, includeUpcoming: true });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number } }>().data.id;
}

/** Header lines folded by the mail library (RFC 5322), joined again. */
const unfold = (raw: string) => raw.replace(/\r?\n[ \t]+/g, ' ');

const campaign = async (id: number) => (await inject('GET', `/api/campaigns/${id}`)).json<{ data: { status: string; stats: Record<string, number>; slug: string; failures: { email: string }[] } }>().data;

beforeEach(async () => {
  receiver.received.length = 0;
  await app.ctx.db.deleteFrom('campaignRecipients').execute();
  await app.ctx.db.deleteFrom('campaigns').execute();
  await app.ctx.db.deleteFrom('newsletterSubscriptions').execute();
});

describe('campaigns: writing', () => {
  it('creates a draft, refuses images from elsewhere, and keeps a sending letter from edits and deletion (French 409)', async () => {
    const id = await draft();
    expect((await campaign(id)).status).toBe('draft');
    const foreign = await inject('POST', '/api/campaigns', { subject: 'x', body: '![pixel](https://tracker.example.com/p.gif)', includeUpcoming: false });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toMatch(/images doivent venir des fichiers du site/);
    expect((await inject('PUT', `/api/campaigns/${id}`, { subject: 'Nouveau', body: 'Texte', includeUpcoming: false })).statusCode).toBe(200);
    await subscribers([{ email: 'a@example.org' }]);
    expect((await inject('POST', `/api/campaigns/${id}/send`, {})).statusCode).toBe(200);
    const put = await inject('PUT', `/api/campaigns/${id}`, { subject: 'Trop tard', body: 'x', includeUpcoming: false });
    expect(put.statusCode).toBe(409);
    expect(put.json().error).toMatch(/ne peut plus être modifiée/);
    expect((await inject('DELETE', `/api/campaigns/${id}`)).statusCode).toBe(409);
    expect((await inject('GET', '/api/campaigns/999999')).statusCode).toBe(404);
  });
});

describe('campaigns: deleting a draft', () => {
  it('a secretary deletes a draft (204, gone); an editor gets a French 403 and the letter stays; a sent letter cannot be deleted', async () => {
    const id = await draft();
    const editor = await createAdminToken(app.ctx, 'editor');
    const refused = await app.ctx.app.inject({ method: 'DELETE', url: `/api/campaigns/${id}`, headers: { authorization: `Bearer ${editor}` } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/[éèà]/);
    expect((await inject('GET', `/api/campaigns/${id}`)).statusCode).toBe(200);
    const secretary = await createAdminToken(app.ctx, 'secretary');
    expect((await app.ctx.app.inject({ method: 'DELETE', url: `/api/campaigns/${id}`, headers: { authorization: `Bearer ${secretary}` } })).statusCode).toBe(204);
    expect((await inject('GET', `/api/campaigns/${id}`)).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/campaigns/${id}`)).statusCode).toBe(404);

    await subscribers([{ email: 'a@example.org' }]);
    const sentId = await draft();
    await inject('POST', `/api/campaigns/${sentId}/send`, {});
    await sender().runOnce();
    const kept = await inject('DELETE', `/api/campaigns/${sentId}`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().error).toBe('Cette lettre est en cours d’envoi ou déjà envoyée : elle ne peut plus être modifiée ni supprimée.');
  });
});

describe('campaigns: sending', () => {
  it('sends one copy to each confirmed, not bounced subscriber, with HTML and text, its own unsubscribe link and the RFC 8058 headers', async () => {
    await subscribers([{ email: 'a@example.org' }, { email: 'b@example.org' }, { email: 'attente@example.org', confirmed: false }, { email: 'rebond@example.org', bounced: true }]);
    const id = await draft('Bonjour, ![affiche](/uploads/affiche.jpg) et [le site](/shows).');
    const sent = await inject('POST', `/api/campaigns/${id}/send`, {});
    expect(sent.json().data).toMatchObject({ status: 'sending', stats: { recipients: 2, pending: 2, sent: 0, failed: 0 } });
    expect(await sender().runOnce()).toBe(2);
    expect(Object.fromEntries(receiver.counts())).toEqual({ 'a@example.org': 1, 'b@example.org': 1 });
    const raw = unfold(receiver.received[0]!.raw);
    expect(raw).toMatch(/Content-Type: text\/plain/i);
    expect(raw).toMatch(/Content-Type: text\/html/i);
    expect(raw).toMatch(/List-Unsubscribe: <https:\/\/bande\.example\.org\/newsletter\/desinscription\?token=[\w-]{43}>/);
    expect(raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const html = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    // Every image and link points to the site itself (no pixel, no redirect).
    for (const [, src] of html.matchAll(/<img[^>]*src="([^"]+)"/g)) expect(src).toMatch(/^https:\/\/bande\.example\.org\/uploads\//);
    for (const [, href] of html.matchAll(/href="([^"]+)"/g)) expect(href).toMatch(/^https:\/\/bande\.example\.org\//);
    expect((await campaign(id))).toMatchObject({ status: 'sent', stats: { recipients: 2, sent: 2, failed: 0, pending: 0 } });
    // A second round sends nothing more.
    expect(await sender().runOnce()).toBe(0);
    expect(receiver.received).toHaveLength(2);
  });

  it('two senders at once on one database: still exactly one copy each', async () => {
    const list = Array.from({ length: 40 }, (_, i) => ({ email: `lecteur${i}@example.org` }));
    await subscribers(list);
    const id = await draft();
    await inject('POST', `/api/campaigns/${id}/send`, {});
    await Promise.all([sender().runOnce(), sender().runOnce(), sender().runOnce()]);
    const counts = receiver.counts();
    expect(counts.size).toBe(40);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it('keeps to the rate per minute across senders, and goes on once the minute has passed', async () => {
    await subscribers(Array.from({ length: 7 }, (_, i) => ({ email: `r${i}@example.org` })));
    const id = await draft();
    await inject('POST', `/api/campaigns/${id}/send`, {});
    await Promise.all([sender(3).runOnce(), sender(3).runOnce()]);
    expect(receiver.received).toHaveLength(3);
    app.ctx.clock.advance(30_000);
    expect(await sender(3).runOnce()).toBe(0);
    app.ctx.clock.advance(31_000);
    expect(await sender(3).runOnce()).toBe(3);
    app.ctx.clock.advance(61_000);
    expect(await sender(3).runOnce()).toBe(1);
    expect((await campaign(id)).status).toBe('sent');
  });

  it('retries a 4xx about a minute later then later still; a 5xx fails that copy and marks the subscriber bounced', async () => {
    await subscribers([{ email: 'ok@example.org' }, { email: 'plein@example.org' }, { email: 'inconnu@example.org' }]);
    const id = await draft();
    await inject('POST', `/api/campaigns/${id}/send`, {});
    await sender().runOnce();
    expect((await campaign(id)).stats).toEqual({ recipients: 3, sent: 1, failed: 1, pending: 1, bounced: 0, unsubscribed: 0 });
    const subs = (await inject('GET', '/api/newsletter/subscribers')).json<{ data: { email: string; bouncedAt: string | null }[] }>().data;
    expect(subs.find((s) => s.email === 'inconnu@example.org')!.bouncedAt).not.toBeNull();
    expect(subs.find((s) => s.email === 'ok@example.org')!.bouncedAt).toBeNull();
    app.ctx.clock.advance(30_000);
    await sender().runOnce();
    app.ctx.clock.advance(31_000);
    await sender().runOnce(); // second attempt, refused again: next in 5 minutes
    app.ctx.clock.advance(60_000);
    delete receiver.refuse['plein@example.org'];
    expect(await sender().runOnce()).toBe(0);
    app.ctx.clock.advance(4 * 60_000);
    expect(await sender().runOnce()).toBe(1);
    receiver.refuse['plein@example.org'] = 451;
    const done = await campaign(id);
    expect(done).toMatchObject({ status: 'sent', stats: { recipients: 3, sent: 2, failed: 1, pending: 0 }, failures: [{ email: 'inconnu@example.org' }] });
    // A later campaign leaves the bounced address out.
    const next = await draft();
    expect((await inject('POST', `/api/campaigns/${next}/send`, {})).json().data.stats.recipients).toBe(2);
    // « Renvoyer aux échecs » never writes again to an address refused for good, even once its server accepts.
    delete receiver.refuse['inconnu@example.org'];
    await sender().runOnce();
    receiver.received.length = 0;
    const retry = await inject('POST', `/api/campaigns/${id}/retry-failed`);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error).toBe('Aucune adresse en échec temporaire à renvoyer pour cette lettre.');
    await sender().runOnce();
    expect(receiver.received).toEqual([]);
    receiver.refuse['inconnu@example.org'] = 550;
  });

  it('a bounced subscriber who subscribes and confirms again is no longer bounced', async () => {
    await subscribers([{ email: 'rebond@example.org', bounced: true }]);
    const pub = (url: string, payload: object) => app.ctx.app.inject({ method: 'POST', url, payload });
    expect((await pub('/api/newsletter/subscribe', { email: 'rebond@example.org' })).statusCode).toBe(200);
    const token = /confirmation\?token=([\w-]+)/.exec(app.ctx.mailer.last()!.text)![1]!;
    expect((await pub('/api/newsletter/confirm', { token })).statusCode).toBe(200);
    const row = await app.ctx.db.selectFrom('newsletterSubscriptions').select(['bouncedAt', 'confirmedAt']).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ bouncedAt: null, confirmedAt: expect.any(String) });
  });

  it('a scheduled letter leaves at its time, never before, and a cancelled one does not', async () => {
    await subscribers([{ email: 'a@example.org' }]);
    const id = await draft();
    const at = new Date(app.ctx.clock.now().getTime() + 10 * 60_000).toISOString();
    const earlier = new Date(app.ctx.clock.now().getTime() + 5 * 60_000).toISOString();
    expect((await inject('POST', `/api/campaigns/${id}/send`, { at: earlier })).json().data).toMatchObject({ status: 'scheduled', sendAt: earlier });
    // Another time for a scheduled letter; « now » is refused for it (cancel first).
    expect((await inject('POST', `/api/campaigns/${id}/send`, { at })).json().data).toMatchObject({ status: 'scheduled', sendAt: at });
    expect((await inject('POST', `/api/campaigns/${id}/send`, {})).statusCode).toBe(409);
    app.ctx.clock.advance(10 * 60_000 - 1000);
    expect(await sender().runOnce()).toBe(0);
    app.ctx.clock.advance(1000);
    expect(await sender().runOnce()).toBe(1);
    const other = await draft();
    await inject('POST', `/api/campaigns/${other}/send`, { at: new Date(app.ctx.clock.now().getTime() + 60_000).toISOString() });
    expect((await inject('POST', `/api/campaigns/${other}/cancel`)).json().data.status).toBe('cancelled');
    app.ctx.clock.advance(120_000);
    expect(await sender().runOnce()).toBe(0);
    expect((await inject('POST', `/api/campaigns/${other}/send`, { at: '2020-01-01T10:00' })).statusCode).toBe(400);
  });

  it('the test copy goes to that address only, and changes neither status nor counts', async () => {
    await subscribers([{ email: 'a@example.org' }]);
    const id = await draft();
    const res = await inject('POST', `/api/campaigns/${id}/test`, { email: 'redaction@example.org' });
    expect(res.statusCode, res.body).toBe(200);
    expect(receiver.received.map((r) => r.to)).toEqual(['redaction@example.org']);
    expect(await campaign(id)).toMatchObject({ status: 'draft', stats: { recipients: 0, sent: 0 } });
  });
});

describe('failures in French', () => {
  it('a test copy refused by the mail server answers 502 in French with the code, the server’s words only as detail', async () => {
    const id = await draft();
    const res = await inject('POST', `/api/campaigns/${id}/test`, { email: 'inconnu@example.org' });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatch(/^Le test n’est pas parti\u202f: Adresse refusée par le serveur du destinataire \(550\)\. Détail\u202f: .*550/);
  });
});

describe('one-click unsubscribe and the archive', () => {
  it('a POST of List-Unsubscribe=One-Click to the link unsubscribes (2xx, no redirect); a tampered token changes nothing', async () => {
    await subscribers([{ email: 'a@example.org' }, { email: 'b@example.org' }]);
    const id = await draft();
    await inject('POST', `/api/campaigns/${id}/send`, {});
    await sender().runOnce();
    const mail = receiver.received.find((r) => r.to === 'a@example.org')!;
    const url = new URL(/List-Unsubscribe: <([^>]+)>/.exec(unfold(mail.raw))![1]!);
    const post = (path: string) => app.ctx.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    const tampered = await post(`${url.pathname}?token=${url.searchParams.get('token')!.slice(0, -2)}xx`);
    expect(tampered.statusCode).toBe(404);
    expect(await app.ctx.db.selectFrom('newsletterSubscriptions').select('email').execute()).toHaveLength(2);
    const res = await post(`${url.pathname}${url.search}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect((await app.ctx.db.selectFrom('newsletterSubscriptions').select('email').execute()).map((r) => r.email)).toEqual(['b@example.org']);
  });

  it('the archive lists only sent letters, newest first, without any personal link; others answer 404', async () => {
    await subscribers([{ email: 'a@example.org' }]);
    const first = await draft();
    await inject('POST', `/api/campaigns/${first}/send`, {});
    await sender().runOnce();
    app.ctx.clock.advance(60_000);
    const second = await draft();
    await inject('POST', `/api/campaigns/${second}/send`, {});
    await sender().runOnce();
    const still = await draft();
    const list = (await app.ctx.app.inject({ method: 'GET', url: '/api/lettres' })).json<{ data: { slug: string }[] }>().data;
    expect(list.map((l) => l.slug)).toEqual([(await campaign(second)).slug, (await campaign(first)).slug]);
    const page = await app.ctx.app.inject({ method: 'GET', url: `/api/lettres/${list[0]!.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/token|desinscription/);
    expect(page.json().data).toMatchObject({ subject: 'Lettre de mars', html: expect.stringContaining('<strong>à tous</strong>') });
    const sitemap = (await app.ctx.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(sitemap).toContain(`https://bande.example.org/lettres/${list[0]!.slug}</loc>`);
    expect(sitemap).not.toContain(`lettre-de-mars-${still}<`);
    expect((await app.ctx.app.inject({ method: 'GET', url: `/api/lettres/lettre-de-mars-${still}` })).statusCode).toBe(404);
  });
});
