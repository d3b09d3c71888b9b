import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '@bande/shared';
import { createAdminTestApp } from '../test/admin-token.ts';
import type { TestContext } from '../test/test-app.ts';

// A web build as Vite makes it (template, manifest, entry), with the real server renderer: the pages
// carry the loader script, the one inline script the policy must allow.
const webSrc = fileURLToPath(new URL('../../../web/', import.meta.url));
let ctx: TestContext;
let webRoot: string;
let auth: Record<string, string>;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bande-csp-'));
  fs.mkdirSync(path.join(webRoot, '.vite'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  const template = fs.readFileSync(path.join(webSrc, 'index.html'), 'utf8').replace('/src/entry-client.tsx', '/assets/index-1.js');
  fs.writeFileSync(path.join(webRoot, 'index.html'), template);
  fs.writeFileSync(path.join(webRoot, 'assets', 'index-1.js'), 'export {};\n');
  fs.writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index-1.js', isEntry: true } }));
  ({ ctx, auth } = await createAdminTestApp({}, { webRoot, ssrEntry: path.join(webSrc, 'src/entry-server.tsx') }));
}, 60_000);

afterAll(async () => {
  await ctx.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

function policyOf(header: string | string[] | number | undefined): Map<string, string[]> {
  const directives = String(header ?? '').split(';').map((part) => part.trim().split(/\s+/));
  return new Map(directives.filter((d) => d[0]).map(([name, ...values]) => [name!, values]));
}

/** The scripts a browser would run from the markup itself (data blocks are never run). */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=/.test(attributes!) && !/type="application\/(ld\+)?json"/.test(attributes!))
    .map(([, , body]) => body!);
}

const sha256 = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

describe('Content-Security-Policy', () => {
  it.each(['/', '/shows', '/bonus', '/admin', '/admin/login'])('allows on %s no inline script but the loader, by its hash', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const scriptSrc = policyOf(res.headers['content-security-policy']).get('script-src') ?? [];
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    for (const script of inlineScripts(res.body)) expect(scriptSrc, script.slice(0, 60)).toContain(sha256(script));
    // Server-rendered pages do have the loader inline: the test above is not vacuous for them.
    if (!url.startsWith('/admin')) expect(inlineScripts(res.body)).toHaveLength(1);
  });

  it('names the external media the forms accept: https images and videos, the YouTube player', async () => {
    const policy = policyOf((await ctx.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https:']);
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:', 'https:']);
    expect(policy.get('frame-src')).toEqual(["'self'", 'https://www.youtube-nocookie.com']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
  });

  it('refuses an external photo over plain http, which the policy would block, and takes it over https', async () => {
    const member = { firstName: 'Anne', lastName: 'Lecture', role: 'Lectrice' };
    const http = await ctx.app.inject({ method: 'POST', url: '/api/members', headers: auth, payload: { ...member, photo: 'http://photos.example/anne.jpg' } });
    expect(http.statusCode).toBe(400);
    expect(http.body).toContain(texts.validation.mediaUrlInsecure);
    const https = await ctx.app.inject({ method: 'POST', url: '/api/members', headers: auth, payload: { ...member, photo: 'https://photos.example/anne.jpg' } });
    expect(https.statusCode, https.body).toBe(201);
  });

  it('refuses gallery items the policy would block: a video over http, a Vimeo link as a YouTube item', async () => {
    const video = await ctx.app.inject({ method: 'POST', url: '/api/gallery', headers: auth, payload: { type: 'video', url: 'http://videos.example/film.mp4' } });
    expect(video.statusCode).toBe(400);
    expect(video.body).toContain(texts.validation.mediaUrlInsecure);
    const vimeo = await ctx.app.inject({ method: 'POST', url: '/api/gallery', headers: auth, payload: { type: 'youtube', url: 'https://vimeo.com/123456' } });
    expect(vimeo.statusCode).toBe(400);
    expect(vimeo.body).toContain(texts.validation.youtubeInvalid);
  });
});
