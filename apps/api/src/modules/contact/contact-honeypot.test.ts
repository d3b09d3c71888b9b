import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '@bande/shared';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { contactRepository } from './contact.repository.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let lastIp = 0;
const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload, remoteAddress: `10.3.0.${++lastIp}` });

const contact = { email: 'robot@example.org', requestType: "Demande d'information", message: 'Achetez nos montres.', phone: null };
const card = { firstName: 'Robo', lastName: 'Bot', email: 'robot@example.org', phone: '0600000000' };

describe('honeypot of the contact and card-request forms', () => {
  it('answers a filled honeypot with the usual success, and stores and mails nothing', async () => {
    const sent = await post('/api/contact/send', { ...contact, website: 'https://spam.example' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: texts.success.contactSent });
    const requested = await post('/api/contact/request-card', { ...card, website: 'https://spam.example' });
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ message: texts.success.cardRequestSent });
    expect(await contactRepository.findMessages(ctx.db)).toEqual([]);
    expect(await ctx.db.selectFrom('cardRequests').selectAll().execute()).toEqual([]);
    expect(ctx.mailer.sent).toEqual([]);
  });

  it('treats an empty honeypot (what the real forms send) as a normal submission', async () => {
    expect((await post('/api/contact/send', { ...contact, website: '' })).statusCode).toBe(200);
    expect((await post('/api/contact/request-card', { ...card, website: '' })).statusCode).toBe(200);
    expect(await contactRepository.findMessages(ctx.db)).toHaveLength(1);
    expect(await ctx.db.selectFrom('cardRequests').selectAll().execute()).toHaveLength(1);
    expect(ctx.mailer.sent).toHaveLength(2);
  });
});
