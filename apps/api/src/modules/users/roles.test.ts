import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rolesTexts, type Role } from '@bande/shared';
import { createAdminToken } from '../../test/admin-token.ts';
import { ADMIN, codeFromLastMail, createAuthTestApp, invitationKeyFromLastMail, login, resetWith } from '../auth/auth-test-helpers.ts';

/** Roles of the accounts (issue 26): given at the invitation, changed by an administrator, with their rules. */
let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let token: string;
beforeAll(async () => {
  ctx = await createAuthTestApp();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('adminSessions').execute();
  await ctx.db.deleteFrom('oneTimeCodes').execute();
  await ctx.db.deleteFrom('adminUsers').where('email', '!=', ADMIN.email).execute();
  await ctx.db.updateTable('adminUsers').set({ role: 'admin' }).execute();
  await ctx.resetState();
  token = (await login(ctx, ADMIN)).json().token;
});

const auth = (t = token) => ({ authorization: `Bearer ${t}` });
const setRole = (id: number, role: unknown, t = token) => ctx.app.inject({ method: 'PUT', url: `/api/users/${id}`, payload: { role }, headers: auth(t) });
const me = (t: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(t) });
const accounts = async () => (await ctx.app.inject({ method: 'GET', url: '/api/users', headers: auth() })).json().data as { id: number; email: string; role: Role }[];
const idOf = async (email: string) => (await accounts()).find((account) => account.email === email)!.id;
const adminId = () => idOf(ADMIN.email);

/** Another account of `role`, logged in: its id and token. */
async function another(role: Role) {
  const t = await createAdminToken(ctx, role);
  const id = (await me(t)).json().user.id as number;
  return { id, token: t };
}

describe('roles of the accounts', () => {
  it('existing accounts are administrators; an invitation names the role, which login and /me then carry', async () => {
    expect((await accounts()).map((account) => account.role)).toEqual(['admin']);
    const invited = await ctx.app.inject({ method: 'POST', url: '/api/users', payload: { email: 'lea@example.org', role: 'secretary' }, headers: auth() });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email: 'lea@example.org', role: 'secretary' });
    expect((await resetWith(ctx, codeFromLastMail(ctx), 'secret-de-lea', { invitation: invitationKeyFromLastMail(ctx) })).statusCode).toBe(200);
    const logged = await login(ctx, { email: 'lea@example.org', password: 'secret-de-lea' });
    expect(logged.json().user).toMatchObject({ email: 'lea@example.org', role: 'secretary' });
    expect((await me(logged.json().token)).json().user.role).toBe('secretary');
  });

  it('refuses an unknown role in French and creates nothing', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users', payload: { email: 'x@example.org', role: 'superuser' }, headers: auth() });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Rôle inconnu');
    expect(await accounts()).toHaveLength(1);
    const { id } = await another('editor');
    expect((await setRole(id, 'root')).statusCode).toBe(400);
    expect((await accounts()).find((account) => account.id === id)?.role).toBe('editor');
  });

  it('a changed role ends that account’s sessions, at once', async () => {
    const editor = await another('editor');
    expect((await me(editor.token)).statusCode).toBe(200);
    const res = await setRole(editor.id, 'secretary');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: editor.id, role: 'secretary' });
    expect((await me(editor.token)).statusCode).toBe(401);
    // Setting the role it already has changes nothing and logs nobody out.
    const secretary = await another('secretary');
    expect((await setRole(secretary.id, 'secretary')).statusCode).toBe(200);
    expect((await me(secretary.token)).statusCode).toBe(200);
  });

  it('nobody changes their own role', async () => {
    const res = await setRole(await adminId(), 'editor');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(rolesTexts.cannotChangeOwnRole);
    expect((await me(token)).json().user.role).toBe('admin');
  });

  it('the last administrator is neither demoted nor deleted, even by two administrators racing each other', async () => {
    const other = await another('admin');
    // Each demotes the other at the same moment: one of them must stay an administrator.
    const [first, second] = await Promise.all([setRole(other.id, 'editor'), setRole(await adminId(), 'editor', other.token)]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).not.toBe(200);
    const admins = (await ctx.db.selectFrom('adminUsers').select('id').where('role', '=', 'admin').execute()).length;
    expect(admins).toBe(1);

    // The one administrator left cannot be deleted by anyone (an editor has no access to accounts at all).
    const survivor = (await ctx.db.selectFrom('adminUsers').select('id').where('role', '=', 'admin').executeTakeFirstOrThrow()).id;
    const editorToken = await createAdminToken(ctx, 'editor');
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/users/${survivor}`, headers: auth(editorToken) })).statusCode).toBe(403);
  });

  it('an administrator may delete another while one is left; an editor may not touch roles', async () => {
    const other = await another('admin');
    const first = await ctx.app.inject({ method: 'DELETE', url: `/api/users/${await adminId()}`, headers: auth(other.token) });
    expect(first.statusCode).toBe(204);
    const editor = await another('editor');
    const res = await setRole(other.id, 'editor', editor.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(rolesTexts.forbidden);
  });
});
