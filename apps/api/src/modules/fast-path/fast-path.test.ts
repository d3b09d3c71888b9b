import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { App } from '../../deps.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/**
 * The fast path's hook for the audience count (issue 36): called for every answer the fast path
 * sends, with the raw request and the status, and never for those Fastify sends.
 */
let ctx: TestContext;
let app: App;
const served: { url: string | undefined; status: number }[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  app = await buildApp(
    { db: ctx.db, dialect: ctx.dialect, config: ctx.config, mailer: ctx.mailer, storage: ctx.storage, clock: ctx.clock },
    { onFastPathServed: (request: IncomingMessage, status: number) => served.push({ url: request.url, status }) },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}${url}`, { headers });

describe('onServed', () => {
  it('is called for each answer of the fast path, 200 and 304, and not for those of Fastify', async () => {
    const first = await get('/api/site');
    expect(first.status).toBe(200);
    // Fastify answered (the fast path learns this answer from it): not counted here.
    expect(served).toEqual([]);
    expect((await get('/api/site?utm_source=lettre')).status).toBe(200);
    const etag = first.headers.get('etag')!;
    await get('/api/site', { 'if-none-match': etag });
    expect((await get('/api/site', { 'if-none-match': etag })).status).toBe(304);
    expect(served).toEqual([
      { url: '/api/site?utm_source=lettre', status: 200 },
      { url: '/api/site', status: 304 },
    ]);
    expect(app.fastPath.counts().hits).toBe(2);
    // With a token: Fastify's, never the fast path's.
    await get('/api/site', { authorization: 'Bearer x' });
    expect(served).toHaveLength(2);
  });
});
