import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CARD_CONFIG, texts } from '@bande/shared';
import type { TestContext } from '../../test/test-app.ts';
import { createAdminTestApp } from '../../test/admin-token.ts';
import { cardConfigInput as config } from '../../test/fixtures.ts';

let ctx: TestContext;
let auth: { authorization: string };
beforeAll(async () => {
  ({ ctx, auth } = await createAdminTestApp());
});
afterAll(() => ctx.close());

const read = () => ctx.app.inject({ method: 'GET', url: '/api/card-config' });

describe('card config', () => {
  it('answers French defaults, disabled, before anything is saved, without writing a row', async () => {
    await ctx.db.deleteFrom('cardConfig').execute();
    const res = await read();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.json()).toEqual({ data: { ...DEFAULT_CARD_CONFIG, isEnabled: false } });
    expect(await ctx.db.selectFrom('cardConfig').selectAll().execute()).toEqual([]);
  });

  it('needs a token to save and changes nothing without one', async () => {
    const before = (await read()).json();
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/card-config', payload: config });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: texts.api.unauthorized });
    expect((await read()).json()).toEqual(before);
  });

  it('saves every field with PUT and serves them publicly', async () => {
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/card-config', headers: auth, payload: { ...config, sectionTitle: '  La carte de la Bande  ' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ data: config });
    expect((await read()).json()).toEqual({ data: config });
  });

  it('updates the single row on the next save', async () => {
    const next = { ...config, isEnabled: false, buttonText: 'Demander' };
    await ctx.app.inject({ method: 'PUT', url: '/api/card-config', headers: auth, payload: next });
    expect((await read()).json().data).toEqual(next);
    expect(await ctx.db.selectFrom('cardConfig').select('id').execute()).toEqual([{ id: 1 }]);
  });

  it('refuses incomplete or hostile bodies with a 4xx and changes nothing', async () => {
    const before = (await read()).json();
    const { modalTitle: _missing, ...incomplete } = config;
    for (const body of [
      { payload: incomplete },
      { payload: { ...config, sectionTitle: '   ' } },
      { payload: { ...config, isEnabled: 'true' } },
      { payload: { ...config, buttonText: 'x'.repeat(5000) } },
      { payload: { ...config, modalDescription: 'a\u0000b' } },
      { payload: '{"isEnabled":tru', headers: { 'content-type': 'application/json' } },
      { payload: '[]', headers: { 'content-type': 'application/json' } },
      { payload: 'isEnabled=true', headers: { 'content-type': 'text/plain' } },
    ]) {
      const res = await ctx.app.inject({ method: 'PUT', url: '/api/card-config', payload: body.payload, headers: { ...auth, ...body.headers } });
      expect(res.statusCode, JSON.stringify(body.payload).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().error).toBe('string');
    }
    const missing = await ctx.app.inject({ method: 'PUT', url: '/api/card-config', headers: auth, payload: incomplete });
    expect(missing.json().issues).toContainEqual({ path: 'modalTitle', message: expect.any(String) });
    expect((await read()).json()).toEqual(before);
  });
});
