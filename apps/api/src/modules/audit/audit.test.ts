import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH } from '@bande/shared';
import { createAdminToken } from '../../test/admin-token.ts';
import { cardConfigInput as cardConfig } from '../../test/fixtures.ts';
import { multipartBody, sampleImage } from '../../test/upload-fixtures.ts';
import { ADMIN, createAuthTestApp, login } from '../auth/auth-test-helpers.ts';
import { AUDIT_LOG_RETENTION_MS, RETENTION_TASKS } from '../newsletter/retention.ts';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let token: string;
let adminEmail: string;
beforeAll(async () => {
  ctx = await createAuthTestApp();
  token = await createAdminToken(ctx);
  adminEmail = (await ctx.db.selectFrom('adminUsers').select('email').where('email', 'like', 'admin-%').executeTakeFirstOrThrow()).email;
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.resetState();
  token = await createAdminToken(ctx);
  adminEmail = (await ctx.db.selectFrom('adminUsers').select('email').where('email', 'like', 'admin-%').orderBy('id', 'desc').executeTakeFirstOrThrow()).email;
  await ctx.db.deleteFrom('auditLog').execute();
});

const auth = () => ({ authorization: `Bearer ${token}` });
const send = async (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) => {
  const res = await ctx.app.inject({ method, url, headers: auth(), ...(payload ? { payload } : {}) });
  await ctx.app.auditLogSettled();
  return res;
};
const readLog = async (query = '') => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/audit${query}`, headers: auth() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; at: string; userEmail: string | null; action: string; entity: string; entityId: string | null }[];
};
const brief = (entries: Awaited<ReturnType<typeof readLog>>) => entries.map(({ userEmail, action, entity, entityId }) => ({ userEmail, action, entity, entityId }));

const showBody = { name: 'Le Horla', type: 'Pépite', year: '2024', pitch: 'Un pitch', note: 'Une note' };
const member = { firstName: 'Léa', lastName: 'Martin', role: 'Comédienne', note: 'Lectrice.', photo: '/uploads/lea.webp' };

describe('activity log of admin writes', () => {
  it('records each successful admin write, newest first, with account, action, entity and id', async () => {
    const show = (await send('POST', '/api/shows', showBody)).json().data;
    expect((await send('POST', `/api/shows/${show.id}/publish`)).statusCode).toBe(200);
    const created = await send('POST', '/api/members', member);
    expect(created.statusCode).toBe(201);
    const memberId = created.json().data.id;
    expect((await send('PUT', `/api/members/${memberId}`, { ...member, role: 'Metteuse en scène' })).statusCode).toBe(200);
    const venue = (await send('POST', '/api/venues', { name: 'La Cave', address: '3 rue Basse' })).json().data;
    expect((await send('DELETE', `/api/venues/${venue.id}`)).statusCode).toBe(204);
    const { payload, contentType } = multipartBody([{ name: 'file', filename: 'photo.png', content: await sampleImage('png') }]);
    const upload = await ctx.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...auth(), 'content-type': contentType } });
    await ctx.app.auditLogSettled();
    expect(upload.statusCode).toBe(201);
    expect((await send('PUT', '/api/card-config', cardConfig)).statusCode).toBe(200);

    const entries = await readLog();
    const entry = (action: string, entity: string, entityId: string | null) => ({ userEmail: adminEmail, action, entity, entityId });
    expect(brief(entries)).toEqual([
      entry('update', 'card-config', null),
      entry('upload', 'uploads', upload.json().url),
      entry('delete', 'venues', String(venue.id)),
      entry('create', 'venues', String(venue.id)),
      entry('update', 'members', String(memberId)),
      entry('create', 'members', String(memberId)),
      entry('publish', 'shows', String(show.id)),
      entry('create', 'shows', String(show.id)),
    ]);
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((a, b) => b - a));
    expect(entries[0]!.at).toBe(ctx.clock.now().toISOString());
  });

  it('records nothing for reads, refused writes (4xx) or writes without a token', async () => {
    await send('GET', '/api/shows');
    await send('GET', '/api/card-config');
    expect((await send('DELETE', '/api/venues/999999')).statusCode).toBe(404);
    expect((await send('POST', '/api/members', { ...member, firstName: '' })).statusCode).toBe(400);
    expect((await send('PUT', '/api/shows/abc', showBody)).statusCode).toBe(400);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/venues', payload: { name: 'Intrus', address: 'Nulle part' } });
    await ctx.app.auditLogSettled();
    expect(anonymous.statusCode).toBe(401);
    expect(await readLog()).toEqual([]);
  });

  it('never fails the request when the entry cannot be written', async () => {
    await ctx.db.schema.alterTable('auditLog').renameTo('auditLogAside').execute();
    try {
      const res = await send('POST', '/api/venues', { name: 'Salle', address: '1 rue Haute' });
      expect(res.statusCode).toBe(201);
    } finally {
      await ctx.db.schema.alterTable('auditLogAside').renameTo('auditLog').execute();
    }
  });
});

describe('activity log of logins', () => {
  it('records a success, each failure and the lockout with the address tried, never a password', async () => {
    const wrong = 'mauvais-mot-de-passe-123';
    expect((await login(ctx, ADMIN)).statusCode).toBe(200);
    for (let i = 0; i < AUTH.maxFailedAttempts - 1; i += 1) expect((await login(ctx, { email: ADMIN.email, password: wrong })).statusCode).toBe(401);
    expect((await login(ctx, { email: ADMIN.email, password: wrong })).statusCode).toBe(429);
    expect((await login(ctx, { email: 'inconnu@example.org', password: wrong })).statusCode).toBe(401);
    await ctx.app.auditLogSettled();

    const entries = await readLog('?entity=auth');
    expect(entries.map((e) => [e.action, e.userEmail])).toEqual([
      ['login-failed', 'inconnu@example.org'],
      ['locked', ADMIN.email],
      ...Array.from({ length: AUTH.maxFailedAttempts - 1 }, () => ['login-failed', ADMIN.email]),
      ['login', ADMIN.email],
    ]);
    const rows = JSON.stringify(await ctx.db.selectFrom('auditLog').selectAll().execute());
    expect(rows).not.toContain(wrong);
    expect(rows).not.toContain(ADMIN.password);
  });
});

describe('GET /api/audit', () => {
  it('answers 401 without a token and 400 in French for a bad limit or action', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
    for (const query of ['?limit=0', '?limit=501', '?limit=abc', '?action=pirater']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/audit${query}`, headers: auth() });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toMatch(/[A-Z]/);
    }
  });

  it('limits (default 100, at most 500) and filters by action and entity', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({
      at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      userEmail: 'x@example.org',
      action: i % 2 ? 'update' : 'delete',
      entity: i % 3 ? 'shows' : 'members',
      entityId: String(i),
    }));
    await ctx.db.insertInto('auditLog').values(rows).execute();
    expect(await readLog()).toHaveLength(100);
    expect(await readLog('?limit=500')).toHaveLength(120);
    const three = await readLog('?limit=3');
    expect(three.map((e) => e.entityId)).toEqual(['119', '118', '117']);
    const filtered = await readLog('?action=update&entity=members');
    expect(filtered.length).toBe(rows.filter((r) => r.action === 'update' && r.entity === 'members').length);
    expect(filtered.every((e) => e.action === 'update' && e.entity === 'members')).toBe(true);
    expect(filtered[0]!.entityId).toBe('117');
  });
});

describe('retention', () => {
  it('erases entries older than a year and keeps the others', async () => {
    const now = ctx.clock.now();
    const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
    const row = (entityId: string, when: string) => ({ at: when, userEmail: 'x@example.org', action: 'update', entity: 'shows', entityId });
    await ctx.db.insertInto('auditLog').values([row('old', at(AUDIT_LOG_RETENTION_MS + 60_000)), row('recent', at(AUDIT_LOG_RETENTION_MS - 60_000))]).execute();
    expect(await RETENTION_TASKS.auditLog!({ ...ctx, log: console }, now)).toBe(1);
    expect((await readLog()).map((e) => e.entityId)).toEqual(['recent']);
  });
});
