import { expect } from 'vitest';
import type { App } from '../deps.ts';

type Headers = Record<string, string>;
interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
}

/** Each call names an id that matches nothing: a 404 with the resource's own French message. */
export async function expectUnknownIds(app: App, headers: Headers, error: string, calls: readonly Call[]) {
  for (const call of calls) {
    const res = await app.inject({ ...call, headers });
    expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    expect(res.json().error).toBe(error);
  }
}

/** Each address holds an id that is not a positive integer PostgreSQL can store: a 400, never a 500. */
export async function expectInvalidIds(app: App, headers: Headers, method: Call['method'], urls: readonly string[]) {
  for (const url of urls) expect((await app.inject({ method, url, headers })).statusCode, url).toBe(400);
}
