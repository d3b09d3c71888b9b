import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH } from '@bande/shared';
import { createAdminToken } from '../../test/admin-token.ts';
import { bovaryShowInput } from '../../test/fixtures.ts';
import { ADMIN, createAuthTestApp, login } from './auth-test-helpers.ts';
import { hashPassword } from './passwords.ts';

/**
 * Issue 35: a show's pitch saved after the session ended on the server, three ways. Each is refused with
 * the 401 the backoffice turns into « Reconnectez-vous » over the form (its input kept), the show is left
 * as it was, and a new sign-in of the same account saves the same input.
 */
let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let adminToken: string;
let showId: number;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ctx = await createAuthTestApp();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.resetState();
  adminToken = (await login(ctx, ADMIN)).json().token;
  const created = await ctx.app.inject({ method: 'POST', url: '/api/shows', payload: bovaryShowInput, headers: { authorization: `Bearer ${adminToken}` } });
  expect(created.statusCode).toBe(201);
  showId = created.json().data.id;
});

const savePitch = (token: string, pitch: string) =>
  ctx.app.inject({ method: 'PUT', url: `/api/shows/${showId}`, payload: { ...bovaryShowInput, pitch }, headers: { authorization: `Bearer ${token}` } });
const pitchNow = async () => (await ctx.app.inject({ method: 'GET', url: `/api/shows/${showId}`, headers: { authorization: `Bearer ${adminToken}` } })).json().data.pitch as string;

/** An editor's account with a known password, signed in: its id, email and token. */
async function signedInEditor() {
  const other = await createAdminToken(ctx, 'editor');
  const me = (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${other}` } })).json().user as { id: number; email: string };
  const password = 'secret-de-la-redaction';
  await ctx.db.updateTable('adminUsers').set({ passwordHash: await hashPassword(password) }).where('id', '=', me.id).execute();
  const token = (await login(ctx, { email: me.email, password })).json().token as string;
  return { ...me, password, token };
}

describe('a save after the session ended on the server (issue 35)', () => {
  const ways: [string, (editor: Awaited<ReturnType<typeof signedInEditor>>) => Promise<string>][] = [
    [
      'expired',
      async (editor) => {
        ctx.clock.advance(AUTH.sessionDays * DAY_MS + 1000);
        // The administrator's session expired too: a fresh one reads the show below.
        adminToken = (await login(ctx, ADMIN)).json().token;
        return editor.password;
      },
    ],
    [
      'closed by a password change in another session',
      async (editor) => {
        const elsewhere = (await login(ctx, { email: editor.email, password: editor.password })).json().token as string;
        const changed = await ctx.app.inject({
          method: 'PUT',
          url: '/api/auth/me/password',
          payload: { currentPassword: editor.password, newPassword: 'nouveau-secret-de-la-redaction' },
          headers: { authorization: `Bearer ${elsewhere}` },
        });
        expect(changed.statusCode).toBe(200);
        return 'nouveau-secret-de-la-redaction';
      },
    ],
    [
      'closed by a role change',
      async (editor) => {
        const changed = await ctx.app.inject({ method: 'PUT', url: `/api/users/${editor.id}`, payload: { role: 'admin' }, headers: { authorization: `Bearer ${adminToken}` } });
        expect(changed.statusCode).toBe(200);
        return editor.password;
      },
    ],
  ];

  it.each(ways)('%s: 401, nothing changed; signed in again, the same input is saved', async (_way, endSession) => {
    const editor = await signedInEditor();
    expect((await savePitch(editor.token, 'Premier jet.')).statusCode).toBe(200);
    const password = await endSession(editor);

    const refused = await savePitch(editor.token, 'Emma, dite autrement.');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toMatch(/session/i);
    expect(await pitchNow()).toBe('Premier jet.');

    const again = await login(ctx, { email: editor.email, password });
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(editor.id);
    expect((await savePitch(again.json().token, 'Emma, dite autrement.')).statusCode).toBe(200);
    expect(await pitchNow()).toBe('Emma, dite autrement.');
  });
});
