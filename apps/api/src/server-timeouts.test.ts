import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, SERVER_TIMEOUTS } from './app.ts';
import type { App } from './deps.ts';
import { createDiskStorage } from './plugins/storage.ts';
import { createTestApp, type TestContext } from './test/test-app.ts';

// A slow client (slowloris) sends its headers a byte at a time, or never finishes them, to hold one of
// the server's connections for ever; enough of them and nobody else gets in.
let ctx: TestContext;
let app: App;
let port: number;

beforeAll(async () => {
  ctx = await createTestApp();
  // Shorter than the real figures so the test does not wait 10 s; the real ones are checked below.
  app = await buildApp({ ...ctx, storage: createDiskStorage(path.join(ctx.dataDir, 'uploads')) }, { timeouts: { headersMs: 300, requestMs: 600, checkIntervalMs: 100 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

/** Opens a connection, writes `start`, and resolves with what the server sent and when it closed. */
function slowClient(start: string, trickle?: string): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const began = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(start));
    let answer = '';
    // Keep the connection busy with a byte now and then, so that only the headers/request timeout can end it.
    const timer = trickle ? setInterval(() => socket.writable && socket.write(trickle), 50) : undefined;
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, closedAfterMs: Date.now() - began });
    });
    setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error('la connexion lente est restée ouverte'));
    }, 5_000);
  });
}

describe('slow clients', () => {
  it('ends a request whose headers never finish with a 408', async () => {
    const { answer, closedAfterMs } = await slowClient('GET /api/health HTTP/1.1\r\nHost: localhost\r\n', 'X');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(2_000);
  });

  it('ends a request whose body never finishes with a 408', async () => {
    const { answer, closedAfterMs } = await slowClient(
      'POST /api/newsletter/subscribe HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"',
      'a',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(2_000);
  });

  it('gives the real server its figures: 10 s for headers, 5 minutes for a request, 30 s of silence', async () => {
    expect(SERVER_TIMEOUTS).toMatchObject({ headersMs: 10_000, requestMs: 300_000, connectionMs: 30_000 });
    expect(ctx.app.server.headersTimeout).toBe(10_000);
    expect(ctx.app.server.requestTimeout).toBe(300_000);
    expect(ctx.app.server.timeout).toBe(30_000);
  });
});
