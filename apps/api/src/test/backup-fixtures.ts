import crypto from 'node:crypto';
import { pino } from 'pino';
import { expect } from 'vitest';
import type { AppDeps } from '../deps.ts';
import { seedDemoContent } from '../db/seed/seed.ts';
import { ensureAdminAccount } from '../modules/auth/admin-bootstrap.ts';
import { createAdminToken } from './admin-token.ts';
import type { TestContext } from './test-app.ts';
import { multipartBody, sampleImage } from './upload-fixtures.ts';

const silent = pino({ level: 'silent' });
const depsOf = (ctx: TestContext): AppDeps => ({ db: ctx.db, dialect: ctx.dialect, config: ctx.config, clock: ctx.clock, storage: ctx.storage, mailer: ctx.mailer });

/** Demo content, the configured admin account, an admin token (its session is backed up too) and one upload. */
export async function fillSource(ctx: TestContext): Promise<{ token: string; uploadUrl: string }> {
  await ensureAdminAccount(depsOf(ctx), silent);
  await seedDemoContent(depsOf(ctx), silent);
  const token = await createAdminToken(ctx);
  const { payload, contentType } = multipartBody([{ name: 'file', filename: 'affiche.png', contentType: 'image/png', content: await sampleImage('png') }]);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { authorization: `Bearer ${token}`, 'content-type': contentType } });
  expect(res.statusCode).toBe(201);
  return { token, uploadUrl: (res.json() as { url: string }).url };
}

/** Every GET answer of the public and admin API that shows stored content, by url. */
export async function apiAnswers(ctx: TestContext, token: string, uploadUrl: string): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  const get = async (url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const body = res.json() as { data?: unknown } | unknown[];
    answers[url] = { status: res.statusCode, body };
    // /api/venues answers a bare array, the other lists { data }.
    return { data: (Array.isArray(body) ? body : body.data) as Array<{ id: number; slug?: string }> };
  };
  for (const url of ['/api/site', '/api/card-config', '/api/legal', '/api/origins/categories', '/api/origins/admin/categories', '/api/origins/admin/events', '/api/auth/me', `/api/images?url=${encodeURIComponent(uploadUrl)}`]) await get(url);
  for (const list of ['shows', 'members', 'venues', 'partners', 'gallery']) {
    await get(`/api/${list}?published=true`);
    const { data } = await get(`/api/${list}`);
    expect(data.length).toBeGreaterThan(0);
    for (const item of data) {
      await get(`/api/${list}/${item.id}`);
      if (item.slug) await get(`/api/shows/slug/${item.slug}`);
    }
  }
  return answers;
}

/** Key → SHA-256 of every stored file. */
export async function storedFiles(ctx: TestContext): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for await (const key of ctx.storage.list('')) {
    const hash = crypto.createHash('sha256');
    for await (const chunk of (await ctx.storage.read(key)).body as AsyncIterable<Buffer>) hash.update(chunk);
    files[key] = hash.digest('hex');
  }
  return files;
}

export async function logIn(ctx: TestContext): Promise<number> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@example.org', password: 'motdepasse-test' } });
  return res.statusCode;
}
