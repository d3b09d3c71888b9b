import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { contentSecurityPolicy } from './content-security-policy.ts';

/** The headers helmet itself writes for the app's options, read from a response that records them. */
function helmetHeaders(addressSearchUrl: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet({ contentSecurityPolicy: contentSecurityPolicy(addressSearchUrl), crossOriginEmbedderPolicy: false })(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    () => undefined,
  );
  return headers;
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe("helmet's headers, its middleware built once for the app", () => {
  it.each([
    ['an answer', 'GET', '/api/health', 200],
    ['a public list', 'GET', '/api/shows?published=true', 200],
    ['a refusal before routing (broken %-escape)', 'GET', '/api/shows/slug/%', 400],
    ['a refusal by the token check', 'GET', '/api/users', 401],
    ['an unknown address', 'GET', '/api/nope', 404],
    ['a refused body', 'POST', '/api/newsletter/subscribe', 400],
  ])('are every one on %s, as helmet writes them', async (_what, method, url, status) => {
    const expected = helmetHeaders(ctx.config.addressSearchUrl);
    expect(Object.keys(expected).length).toBeGreaterThan(10);
    const res = await ctx.app.inject({ method: method as 'GET' | 'POST', url, ...(method === 'POST' ? { payload: { email: 'pas-une-adresse' } } : {}) });
    expect(res.statusCode).toBe(status);
    for (const [name, value] of Object.entries(expected)) expect(res.headers[name], name).toBe(value);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
