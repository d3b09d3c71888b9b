import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolesTexts } from '@bande/shared';
import type { TestContext } from '../../test/test-app.ts';
import { createAdminTestApp, createAdminToken } from '../../test/admin-token.ts';
import { legalDetailsInput as details } from '../../test/fixtures.ts';

/** Issue 35: « Informations légales » with a history and a restore, for administrators only. */
let ctx: TestContext;
let auth: { authorization: string };
let editor: { authorization: string };
beforeAll(async () => {
  ({ ctx, auth } = await createAdminTestApp());
  editor = { authorization: `Bearer ${await createAdminToken(ctx, 'editor')}` };
});
afterAll(() => ctx.close());

const put = (payload: object) => ctx.app.inject({ method: 'PUT', url: '/api/legal', headers: auth, payload });
const history = (headers = auth) => ctx.app.inject({ method: 'GET', url: '/api/revisions?entity=legal&entityId=1', headers });

describe('the legal details’ history', () => {
  it('keeps each save, and a restore gives an older version back (itself a new version)', async () => {
    expect((await put(details)).statusCode).toBe(200);
    expect((await put({ ...details, hostName: 'Nouvel hébergeur SAS' })).statusCode).toBe(200);
    const versions = (await history()).json().data as { id: number; action: string }[];
    expect(versions).toHaveLength(2);
    const older = versions[1]!;
    const restored = await ctx.app.inject({ method: 'POST', url: `/api/revisions/${older.id}/restore`, headers: auth });
    expect(restored.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/legal' })).json().data.hostName).toBe(details.hostName);
    expect((await history()).json().data).toHaveLength(3);
  });

  it('is refused to an editor, who may not see the details themselves: list, version, restore and deleted list', async () => {
    const [version] = (await history()).json().data as { id: number }[];
    const answers = await Promise.all([
      history(editor),
      ctx.app.inject({ method: 'GET', url: `/api/revisions/${version!.id}`, headers: editor }),
      ctx.app.inject({ method: 'POST', url: `/api/revisions/${version!.id}/restore`, headers: editor }),
      ctx.app.inject({ method: 'GET', url: '/api/revisions/deleted?entity=legal', headers: editor }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json().error).toBe(rolesTexts.forbidden);
    }
    // Nothing restored by the refused call.
    expect((await history()).json().data).toHaveLength(3);
  });
});
