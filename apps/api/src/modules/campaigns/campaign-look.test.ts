import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SITE_NAME } from '@bande/shared';
import { createAdminTestApp, type AdminTestApp } from '../../test/admin-token.ts';
import { startSmtpReceiver } from '../../test/smtp-receiver.ts';
import { hashToken } from '../../lib/token-hash.ts';
import { createMailer } from '../../plugins/mailer.ts';
import { legalRepository } from '../legal/legal.repository.ts';
import { createCampaignSender } from './campaign-sender.ts';
import { LETTER_LOOK } from './letter-frame.ts';

/**
 * A letter as handsome as the site (issue 34): its colours, its name in the titles' serif, a footer with
 * the association's address from the legal details, and in each copy a « Voir dans le navigateur » link
 * to the letter's own archive page — all without a request to anyone but the site (no tracking).
 */
const SITE = 'https://bande.example.org';
let receiver: Awaited<ReturnType<typeof startSmtpReceiver>>;
let app: AdminTestApp;
const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silent, level: 'silent', silent() {} } as never;

beforeAll(async () => {
  receiver = await startSmtpReceiver({});
  app = await createAdminTestApp({ SMTP_URL: receiver.url, SITE_URL: SITE });
  await legalRepository(app.ctx.db).save(
    {
      publisherName: 'Association La Bande à Lire',
      publisherAddress: '12 rue des Lilas, 44000 Nantes',
      publicationDirector: 'Camille Martin',
      publisherContact: 'contact@bande.example.org',
      hostName: 'Hébergeur',
      hostAddress: '1 rue du Serveur, Paris',
      hostPhone: '01 02 03 04 05',
    },
    app.ctx.clock.now().toISOString(),
  );
});
afterAll(async () => {
  await app.ctx.close();
  await receiver.close();
});
beforeEach(async () => {
  receiver.received.length = 0;
  await app.ctx.db.deleteFrom('campaignRecipients').execute();
  await app.ctx.db.deleteFrom('campaigns').execute();
  await app.ctx.db.deleteFrom('newsletterSubscriptions').execute();
});

const inject = (method: 'GET' | 'POST', url: string, payload?: object) => app.ctx.app.inject({ method, url, headers: app.auth, ...(payload ? { payload } : {}) });

/** A MIME part's quoted-printable text as the reader's client shows it. */
const unquote = (part: string) => Buffer.from(part.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8').replace(/\r\n/g, '\n');

/** The text and HTML parts of a received mail. */
function parts(raw: string) {
  const pieces = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = (type: string) => unquote(pieces.find((p) => new RegExp(`^Content-Type: text/${type}`, 'im').test(p))!.split(/\r?\n\r?\n/).slice(1).join('\n\n'));
  return { html: part('html'), text: part('plain') };
}

async function sendOne(subject: string, body: string) {
  const now = app.ctx.clock.now().toISOString();
  await app.ctx.db.insertInto('newsletterSubscriptions').values({ email: 'a@example.org', createdAt: now, confirmedAt: now, confirmTokenHash: hashToken('c'), unsubscribeTokenHash: hashToken('u') }).execute();
  const created = await inject('POST', '/api/campaigns', { subject, body, includeUpcoming: false });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ data: { id: number } }>().data.id;
  expect((await inject('POST', `/api/campaigns/${id}/send`, {})).statusCode).toBe(200);
  const transport = createMailer({ smtpUrl: receiver.url, from: 'Bande <site@example.org>', outboxDir: '/nonexistent', log: silent });
  const { ctx } = app;
  await createCampaignSender({ db: ctx.db, dialect: ctx.dialect, clock: ctx.clock, transport, log: silent, siteUrl: SITE, ratePerMinute: 0 }).runOnce();
  expect(receiver.received).toHaveLength(1);
  return { id, ...parts(receiver.received[0]!.raw) };
}

describe('a letter as handsome as the site', () => {
  it('wears the site’s colours, name and type, links its archive page and signs with the association’s address', async () => {
    const { html, text } = await sendOne('Lettre d’été', 'Bonjour, ![affiche](/uploads/affiche.jpg)\n\n## Au programme\n\n[les spectacles](/shows).');
    const archive = await inject('GET', '/api/lettres');
    const slug = archive.json<{ data: { slug: string }[] }>().data[0]!.slug;
    expect(slug).toMatch(/^lettre-d-ete-\d+$/);
    // The link opens the letter's own page, which the archive answers.
    expect(html).toContain(`<a href="${SITE}/lettres/${slug}"`);
    expect(html).toContain('Voir dans le navigateur');
    expect((await inject('GET', `/api/lettres/${slug}`)).statusCode).toBe(200);
    for (const colour of [LETTER_LOOK.paper, LETTER_LOOK.ink, LETTER_LOOK.curtain]) expect(html).toContain(colour);
    expect(html).toContain(SITE_NAME);
    expect(html).toContain('Palatino Linotype');
    expect(html).toContain('12 rue des Lilas, 44000 Nantes');
    expect(html).toContain('contact@bande.example.org');
    expect(html).toContain(`${SITE}/lettres"`);
    // No tracking: no web font, stylesheet or image from anywhere but the site (MJML links Google Fonts
    // for « Roboto » unless told not to), every link the site's own or the subscriber's unsubscribe page.
    expect(html).not.toMatch(/googleapis|<link\b|@import/i);
    for (const [, src] of html.matchAll(/\bsrc="([^"]+)"/g)) expect(src).toMatch(/^https:\/\/bande\.example\.org\/uploads\//);
    for (const [, href] of html.matchAll(/\bhref="([^"]+)"/g)) expect(href).toMatch(/^https:\/\/bande\.example\.org\//);
    // The plain-text part says the same: the page's address first, the association's at the end.
    expect(text.startsWith(`Voir dans le navigateur : ${SITE}/lettres/${slug}\n\nLettre d’été\n\nBonjour, affiche\n\nAu programme\n\nles spectacles (${SITE}/shows)`)).toBe(true);
    expect(text).toContain('Association La Bande à Lire\n12 rue des Lilas, 44000 Nantes\ncontact@bande.example.org');
    expect(text).toMatch(/Se désinscrire de la newsletter : https:\/\/bande\.example\.org\/newsletter\/desinscription\?token=/);
  });
});
