import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_LEGAL_SETTINGS, texts } from '@bande/shared';
import type { TestContext } from '../../test/test-app.ts';
import { createAdminTestApp } from '../../test/admin-token.ts';
import { legalDetailsInput as details } from '../../test/fixtures.ts';

let ctx: TestContext;
let auth: { authorization: string };
beforeAll(async () => {
  ({ ctx, auth } = await createAdminTestApp());
});
afterAll(() => ctx.close());

const read = () => ctx.app.inject({ method: 'GET', url: '/api/legal' });
const put = (payload: unknown, headers: Record<string, string> = auth) => ctx.app.inject({ method: 'PUT', url: '/api/legal', headers, payload: payload as object });

describe('legal details', () => {
  it('answers every field empty, publicly and cacheable, before anything is saved, without writing a row', async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.json()).toEqual({ data: EMPTY_LEGAL_SETTINGS });
    expect(await ctx.db.selectFrom('legalSettings').selectAll().execute()).toEqual([]);
  });

  it('refuses a save without a token (401) and changes nothing', async () => {
    const res = await put(details, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: texts.api.unauthorized });
    expect((await read()).json()).toEqual({ data: EMPTY_LEGAL_SETTINGS });
  });

  it('saves trimmed values with PUT; the next public GET shows them (the public cache is dropped)', async () => {
    // Read once so that the public answer is cached before the change.
    await read();
    const res = await put({ ...details, hostName: '  Hébergeur Exemple SARL  ' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ data: details });
    expect((await read()).json()).toEqual({ data: details });

    const next = { ...details, hostPhone: '09 72 10 10 07' };
    expect((await put(next)).statusCode).toBe(200);
    expect((await read()).json().data.hostPhone).toBe('09 72 10 10 07');
    expect(await ctx.db.selectFrom('legalSettings').select('id').execute()).toEqual([{ id: 1 }]);
  });

  it('refuses an empty, blank or missing required field with a 400 in French, and changes nothing', async () => {
    const before = (await read()).json();
    const { hostAddress: _missing, ...incomplete } = details;
    for (const [payload, path] of [
      [{ ...details, publisherName: '' }, 'publisherName'],
      [{ ...details, publicationDirector: '   ' }, 'publicationDirector'],
      [incomplete, 'hostAddress'],
    ] as const) {
      const res = await put(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Ce champ est obligatoire');
      expect(res.json().issues).toContainEqual({ path, message: 'Ce champ est obligatoire' });
    }
    const long = await put({ ...details, hostPhone: '1'.repeat(51) });
    expect(long.statusCode).toBe(400);
    expect(long.json().issues).toContainEqual({ path: 'hostPhone', message: 'Ce champ ne doit pas dépasser 50 caractères' });
    const nul = await put({ ...details, hostName: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect((await read()).json()).toEqual(before);
  });
});
