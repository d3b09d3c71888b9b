import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app.ts';
import { adminTestAppForThisFile } from '../../test/admin-token.ts';

let ctx: TestContext;
let auth: { authorization: string };
adminTestAppForThisFile((app) => ({ ctx, auth } = app), { emptyBeforeEach: ['contactMessages', 'cardRequests'] });

let lastIp = 0;
const nextIp = () => `10.3.${Math.floor(++lastIp / 250)}.${lastIp % 250}`;
const contact = { email: 'visiteuse@example.org', requestType: "Demande d'information", message: 'Quand jouez-vous à Lyon ?', phone: null };
const card = { firstName: 'Camille', lastName: 'Durand', email: 'camille@example.org', phone: '+33 6 12 34 56 78' };

/** Submissions go through the public forms, one minute apart on the test clock. */
async function submit(url: '/api/contact/send' | '/api/contact/request-card', payload: object) {
  ctx.clock.advance(60_000);
  const res = await ctx.app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() });
  expect(res.statusCode).toBe(200);
}
const list = async (query = '') => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/messages${query}`, headers: auth });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json().data as Array<Record<string, unknown> & { id: string; kind: string; status: string }>;
};
const summary = async () => (await ctx.app.inject({ method: 'GET', url: '/api/messages/summary', headers: auth })).json();
const setStatus = (id: string, status: unknown) => ctx.app.inject({ method: 'PUT', url: `/api/messages/${id}`, headers: auth, payload: { status } });

describe('the staff inbox /api/messages', () => {
  it('lists contact messages and card requests together, newest first, with every field of the submission', async () => {
    await submit('/api/contact/send', contact);
    const contactAt = ctx.clock.now().toISOString();
    await submit('/api/contact/request-card', card);
    const cardAt = ctx.clock.now().toISOString();
    await submit('/api/contact/send', { ...contact, message: 'Un second message' });

    const all = await list();
    expect(all.map((m) => [m.kind, m.status])).toEqual([['contact', 'new'], ['card', 'new'], ['contact', 'new']]);
    expect(all[1]).toEqual({ id: expect.stringMatching(/^card-\d+$/), kind: 'card', status: 'new', createdAt: cardAt, handledAt: null, ...card });
    expect(all[2]).toEqual({ id: expect.stringMatching(/^contact-\d+$/), kind: 'contact', status: 'new', createdAt: contactAt, handledAt: null, ...contact });
    expect(all[0]!.message).toBe('Un second message');
    expect(await summary()).toEqual({ new: 3 });
  });

  it('filters by kind and by status', async () => {
    await submit('/api/contact/send', contact);
    await submit('/api/contact/request-card', card);
    await submit('/api/contact/request-card', { ...card, firstName: 'Alex' });
    const [latest] = await list('?kind=card');
    expect((await setStatus(latest!.id, 'done')).statusCode).toBe(200);

    expect((await list('?kind=contact')).map((m) => m.kind)).toEqual(['contact']);
    expect((await list('?kind=card')).map((m) => m.firstName)).toEqual(['Alex', 'Camille']);
    expect((await list('?status=done')).map((m) => m.id)).toEqual([latest!.id]);
    expect((await list('?status=new')).map((m) => m.kind)).toEqual(['card', 'contact']);
    expect(await list('?kind=contact&status=done')).toEqual([]);
    expect(await summary()).toEqual({ new: 2 });
  });

  it('marks a message done (with the time) and new again', async () => {
    await submit('/api/contact/send', contact);
    const [message] = await list();
    ctx.clock.advance(5_000);
    const done = await setStatus(message!.id, 'done');
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ id: message!.id, status: 'done', handledAt: ctx.clock.now().toISOString(), message: contact.message });
    expect(await summary()).toEqual({ new: 0 });

    const again = await setStatus(message!.id, 'new');
    expect(again.json().data).toMatchObject({ status: 'new', handledAt: null });
    expect(await summary()).toEqual({ new: 1 });
  });

  it('refuses a bad status or kind with a French 400', async () => {
    await submit('/api/contact/request-card', card);
    const [message] = await list();
    for (const status of ['lu', undefined, 1]) {
      const res = await setStatus(message!.id, status);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Statut invalide : « new » (nouveau) ou « done » (traité) attendu');
    }
    const badFilter = await ctx.app.inject({ method: 'GET', url: '/api/messages?status=lu', headers: auth });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().error).toBe('Statut invalide : « new » (nouveau) ou « done » (traité) attendu');
    const badKind = await ctx.app.inject({ method: 'GET', url: '/api/messages?kind=mail', headers: auth });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().error).toBe('Type invalide : « contact » ou « card » attendu');
  });

  it('deletes a message; an unknown or malformed id is a French 404', async () => {
    await submit('/api/contact/send', contact);
    await submit('/api/contact/request-card', card);
    const [cardMessage, contactMessage] = await list();
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/messages/${contactMessage!.id}`, headers: auth });
    expect(removed.statusCode).toBe(204);
    expect((await list()).map((m) => m.id)).toEqual([cardMessage!.id]);

    // The same number in the other table is another message: the card request stays.
    const numberOnly = contactMessage!.id.split('-')[1];
    for (const id of [contactMessage!.id, `card-${Number(cardMessage!.id.split('-')[1]) + 1}`, numberOnly, 'mail-1', 'card-0', 'card-99999999999', 'contact-1x']) {
      for (const res of [
        await ctx.app.inject({ method: 'DELETE', url: `/api/messages/${id}`, headers: auth }),
        await setStatus(id!, 'done'),
      ]) {
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ error: 'Message introuvable' });
      }
    }
    expect(await list()).toHaveLength(1);
  });

  it('answers 401 without a token', async () => {
    await submit('/api/contact/send', contact);
    const [message] = await list();
    for (const [method, url] of [
      ['GET', '/api/messages'],
      ['GET', '/api/messages/summary'],
      ['PUT', `/api/messages/${message!.id}`],
      ['DELETE', `/api/messages/${message!.id}`],
    ] as const) {
      const res = await ctx.app.inject({ method, url, ...(method === 'PUT' ? { payload: { status: 'done' } } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await list()).toHaveLength(1);
  });
});
