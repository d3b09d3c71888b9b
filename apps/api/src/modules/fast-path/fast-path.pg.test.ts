import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { App } from '../../deps.ts';
import { manualClock } from '../../lib/clock.ts';
import { createDiskStorage } from '../../plugins/storage.ts';
import { createAdminToken } from '../../test/admin-token.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/**
 * The fast path's second condition (issue 37): a change made on one server stops another server's
 * fast path from serving the old answer within the delay the full path has (the content version's
 * one-second memo). Two apps on one PostgreSQL schema, each with its own clock, memory and socket.
 * A `.pg.test.ts` file: run with TEST_DATABASE_URL (vitest.config.ts).
 */
let ctx: TestContext;
let other: App;
const otherClock = manualClock();
let token: string;

const baseOf = (app: App) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const LIST = '/api/shows?published=true';
const names = async (app: App) => ((await (await fetch(`${baseOf(app)}${LIST}`, { headers: { 'accept-encoding': 'br' } })).json()) as { data: { name: string }[] }).data.map((show) => show.name);

beforeAll(async () => {
  ctx = await createTestApp();
  token = await createAdminToken(ctx);
  other = await buildApp({ db: ctx.db, dialect: ctx.dialect, config: ctx.config, mailer: ctx.mailer, storage: createDiskStorage(path.join(ctx.dataDir, 'uploads')), clock: otherClock });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  await other.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await other?.close();
  await ctx?.close();
});

async function publish(name: string) {
  const auth = { authorization: `Bearer ${token}` };
  const created = await ctx.app.inject({ method: 'POST', url: '/api/shows', headers: auth, payload: { name, type: 'Grand format', year: '2026', pitch: 'P', note: 'N', published: true } });
  expect(created.statusCode, created.body).toBe(201);
}

describe('the fast path on two servers', () => {
  it('stops serving the old answer on the other server once its version memo (1 s) has expired', async () => {
    await publish('Le Horla');
    expect(ctx.dialect).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite');
    // The other server learns the answer, then serves it from its fast path.
    expect(await names(other)).toEqual(['Le Horla']);
    const before = other.fastPath.counts().hits;
    expect(await names(other)).toEqual(['Le Horla']);
    expect(other.fastPath.counts().hits).toBe(before + 1);

    await publish('Bel-Ami');
    // The writing server sees it at once; the other, as its full path would, within its second.
    expect(await names(ctx.app)).toContain('Bel-Ami');
    expect(await names(other)).toEqual(['Le Horla']);
    otherClock.advance(1_001);
    expect((await names(other)).sort()).toEqual(['Bel-Ami', 'Le Horla']);
    // And the new answer is the fast path's again.
    const again = other.fastPath.counts().hits;
    expect((await names(other)).sort()).toEqual(['Bel-Ami', 'Le Horla']);
    expect(other.fastPath.counts().hits).toBe(again + 1);
  });
});
