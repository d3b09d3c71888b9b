import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '@bande/shared';
import type { TestContext } from '../../test/test-app.ts';
import { createAdminTestApp } from '../../test/admin-token.ts';
import { multipartBody, sampleImage } from '../../test/upload-fixtures.ts';

// Over a real socket, because app.inject cannot show a connection left stalled by a refused upload.
let ctx: TestContext;
let token: string;
let port: number;
// One keep-alive socket: every request reuses the connection the previous one left behind.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  ({ ctx, token } = await createAdminTestApp());
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  agent.destroy();
  ctx.app.server.closeAllConnections();
  await ctx.close();
});

function post(content: Buffer, auth = true): Promise<{ status: number; body: { error?: string; url?: string } }> {
  const { payload, contentType } = multipartBody([{ name: 'file', filename: 'x.png', content }]);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/upload',
        headers: {
          'content-type': contentType,
          'content-length': payload.length,
          ...(auth ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('POST /api/upload over HTTP', () => {
  it('keeps the connection usable after refusing a large upload mid-body', async () => {
    const png = await sampleImage('png');
    const html = Buffer.concat([Buffer.from('<html>'), Buffer.alloc(16 * 1024 * 1024)]);
    expect((await post(html)).status).toBe(415);
    const tooLarge = Buffer.concat([png, Buffer.alloc(16 * 1024 * 1024)]);
    expect(await post(tooLarge)).toEqual({ status: 413, body: { error: texts.api.uploadImageTooLarge } });
    expect((await post(tooLarge, false)).status).toBe(401);
    const ok = await post(png);
    expect(ok.status).toBe(201);
    expect(ok.body.url).toMatch(/^\/uploads\/2026\/03\/[0-9a-f]{32}\.png$/);
  }, 15_000);
});
