import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_REQUEST_TYPES, texts } from '@bande/shared';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { contactRepository } from './contact.repository.ts';

let ctx: TestContext;
let realSend: TestContext['mailer']['send'];
beforeAll(async () => {
  ctx = await createTestApp({ CONTACT_EMAIL: 'bureau@labandealire.example' });
  realSend = ctx.mailer.send;
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('contactMessages').execute();
  await ctx.db.deleteFrom('cardRequests').execute();
  ctx.mailer.sent.length = 0;
  ctx.mailer.send = realSend;
});

// Each request comes from its own address unless a test says otherwise, so that the per-IP limit
// only shows up in the test about it.
let lastIp = 0;
const nextIp = () => `10.2.${Math.floor(++lastIp / 250)}.${lastIp % 250}`;
const post = (url: string, payload: unknown, ip = nextIp()) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });
const send = (payload: unknown, ip?: string) => post('/api/contact/send', payload, ip);
const requestCard = (payload: unknown, ip?: string) => post('/api/contact/request-card', payload, ip);

const contact = {
  email: 'Visiteuse@Example.org',
  requestType: 'Spectacle sur mesure',
  message: 'Bonjour,\nnous aimerions une lecture pour les 20 ans de notre médiathèque.',
  phone: '06 12 34 56 78',
};
/** Words of Fastify's and zod's English messages that must never reach a French visitor. */
const ENGLISH = /Bad Request|Unsupported|too large|Invalid|Required|expected|received/;
const card = { firstName: 'Camille', lastName: 'Durand', email: 'camille@example.org', phone: '+33 6 12 34 56 78' };

describe('POST /api/contact/send', () => {
  it('stores the message, mails it to the contact address with the visitor as reply-to, and answers in French', async () => {
    const res = await send(contact);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: texts.success.contactSent });

    const rows = await contactRepository.findMessages(ctx.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...contact, createdAt: ctx.clock.now().toISOString() });

    expect(ctx.mailer.sent).toHaveLength(1);
    const mail = ctx.mailer.sent[0]!;
    expect(mail.to).toBe('bureau@labandealire.example');
    expect(mail.replyTo).toBe(contact.email);
    expect(mail.subject).toBe('Nouvelle demande de contact : Spectacle sur mesure');
    for (const value of [contact.email, contact.requestType, contact.message, contact.phone]) expect(mail.text).toContain(value);
    expect(mail.text).toContain('La Bande à Lire');
  });

  it.each([
    ['Spectacle sur mesure', true],
    ['Intervention culturelle', true],
    ["Demande d'information", false],
    ['Autre', false],
  ])('phone rule for "%s" (required: %s)', async (requestType, phoneRequired) => {
    for (const phone of [undefined, '', null, '   ']) {
      const res = await send({ ...contact, requestType, phone });
      if (phoneRequired) {
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe('Le téléphone est requis pour ce type de demande');
        expect(res.json().issues).toContainEqual({ path: 'phone', message: 'Le téléphone est requis pour ce type de demande' });
      } else {
        expect(res.statusCode).toBe(200);
      }
    }
    const rows = await contactRepository.findMessages(ctx.db);
    expect(rows).toHaveLength(phoneRequired ? 0 : 4);
    expect(rows.every((row) => row.phone === null)).toBe(true);
    if (!phoneRequired) expect(ctx.mailer.sent.at(-1)!.text).toContain('Téléphone : non renseigné');
  });

  it('accepts every spec request type with a phone', async () => {
    for (const requestType of CONTACT_REQUEST_TYPES) expect((await send({ ...contact, requestType })).statusCode).toBe(200);
    expect((await contactRepository.findMessages(ctx.db)).map((r) => r.requestType)).toEqual([...CONTACT_REQUEST_TYPES]);
    expect(ctx.mailer.sent.map((m) => m.subject)).toEqual(CONTACT_REQUEST_TYPES.map((t) => `Nouvelle demande de contact : ${t}`));
  });

  it.each([
    ['an unknown request type', { ...contact, requestType: 'Réclamation' }],
    ['a request type in another case', { ...contact, requestType: 'autre' }],
    ['no request type', { ...contact, requestType: undefined }],
    ['an invalid email', { ...contact, email: 'visiteuse.example.org' }],
    ['no message', { ...contact, message: '' }],
    ['a blank message', { ...contact, message: '   ' }],
    ['a message over 5000 characters', { ...contact, message: 'x'.repeat(5001) }],
    ['letters in the phone', { ...contact, phone: 'appelez-moi' }],
    ['a NUL character in the message', { ...contact, message: 'Bonjour\u0000' }],
    ['a control character in the email', { ...contact, email: 'a\u001bb@example.org' }],
  ])('refuses %s with a French 400 and stores and mails nothing', async (_label, payload) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/[a-zà-ü]/i);
    expect(res.json().error).not.toMatch(ENGLISH);
    expect(await contactRepository.findMessages(ctx.db)).toHaveLength(0);
    expect(ctx.mailer.sent).toHaveLength(0);
  });

  it('still stores the message and answers success when the mail cannot be sent', async () => {
    ctx.mailer.send = async () => {
      throw new Error('SMTP indisponible');
    };
    const res = await send(contact);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: texts.success.contactSent });
    expect(await contactRepository.findMessages(ctx.db)).toHaveLength(1);
  });
});

describe('POST /api/contact/request-card', () => {
  it('stores the request, mails it to the contact address with the visitor as reply-to, and answers in French', async () => {
    const res = await requestCard(card);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: texts.success.cardRequestSent });

    const rows = await contactRepository.findCardRequests(ctx.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...card, createdAt: ctx.clock.now().toISOString() });

    expect(ctx.mailer.sent).toHaveLength(1);
    const mail = ctx.mailer.sent[0]!;
    expect(mail.to).toBe('bureau@labandealire.example');
    expect(mail.replyTo).toBe(card.email);
    expect(mail.subject).toBe("Nouvelle demande de carte d'abonné : Camille Durand");
    for (const value of Object.values(card)) expect(mail.text).toContain(value);
  });

  it('keeps a name with line breaks out of the mail headers', async () => {
    const res = await requestCard({ ...card, firstName: 'Camille\r\nBcc: victime@example.org' });
    expect(res.statusCode).toBe(200);
    expect(ctx.mailer.sent[0]!.subject).toBe("Nouvelle demande de carte d'abonné : Camille Bcc: victime@example.org Durand");
    expect(ctx.mailer.sent[0]!.subject).not.toMatch(/[\r\n]/);
  });

  it.each([
    ['firstName', { ...card, firstName: 'Cam\u0000ille' }],
    ['lastName', { ...card, lastName: 'Dur\u0000and' }],
    ['email', { ...card, email: 'camille\u0000@example.org' }],
    ['phone', { ...card, phone: '06\u00001234' }],
  ])('refuses a NUL character in %s with a French 400 (PostgreSQL would fail on it)', async (field, payload) => {
    const res = await requestCard(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe(field);
    expect(res.json().error).not.toMatch(ENGLISH);
    expect(await contactRepository.findCardRequests(ctx.db)).toHaveLength(0);
  });

  it.each(['firstName', 'lastName', 'email', 'phone'] as const)(
    'refuses a request without %s with a French 400 and stores and mails nothing',
    async (field) => {
      for (const value of [undefined, '', '  ']) {
        const res = await requestCard({ ...card, [field]: value });
        expect(res.statusCode).toBe(400);
        const expected = field === 'email' ? texts.validation.emailInvalid : texts.validation.required;
        expect(res.json().error).toBe(expected);
        expect(res.json().issues[0].path).toBe(field);
      }
      expect(await contactRepository.findCardRequests(ctx.db)).toHaveLength(0);
      expect(ctx.mailer.sent).toHaveLength(0);
    },
  );

  it('still stores the request and answers success when the mail cannot be sent', async () => {
    ctx.mailer.send = async () => {
      throw new Error('SMTP indisponible');
    };
    const res = await requestCard(card);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: texts.success.cardRequestSent });
    expect(await contactRepository.findCardRequests(ctx.db)).toHaveLength(1);
  });
});

describe('hostile bodies', () => {
  const hostile = [
    ['malformed JSON', '{"email": "a@example.org",', 'application/json'],
    ['a JSON array', JSON.stringify([contact]), 'application/json'],
    ['null', 'null', 'application/json'],
    ['a prototype-pollution attempt', `{"__proto__": {"admin": true}, "email": "a@example.org"}`, 'application/json'],
    ['form encoding', 'email=a%40example.org', 'application/x-www-form-urlencoded'],
    ['a huge body', JSON.stringify({ ...contact, ...card, message: 'x'.repeat(2 * 1024 * 1024) }), 'application/json'],
  ] as const;

  it.each(hostile.flatMap(([label, body, type]) => [
    ['/api/contact/send', label, body, type],
    ['/api/contact/request-card', label, body, type],
  ]))('%s answers %s with a French 4xx and stores and mails nothing', async (url, _label, body, type) => {
    const res = await ctx.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': type }, remoteAddress: nextIp() });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error).not.toMatch(ENGLISH);
    expect(await contactRepository.findMessages(ctx.db)).toHaveLength(0);
    expect(await contactRepository.findCardRequests(ctx.db)).toHaveLength(0);
    expect(ctx.mailer.sent).toHaveLength(0);
  });
});

describe('rate limits', () => {
  it.each([
    ['/api/contact/send', contact],
    ['/api/contact/request-card', card],
  ])('%s accepts 10 requests per IP per 15 minutes, then a French 429', async (url, payload) => {
    const ip = url.endsWith('send') ? '10.9.0.1' : '10.9.0.2';
    for (let i = 0; i < 10; i += 1) expect((await post(url, payload, ip)).statusCode).toBe(200);
    const blocked = await post(url, payload, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe(texts.api.tooManyRequests);
    expect(ctx.mailer.sent).toHaveLength(10);
  });
});
