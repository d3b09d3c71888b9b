import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from './app.ts';
import type { App } from './deps.ts';
import { createAdminToken } from './test/admin-token.ts';
import { createDiskStorage } from './plugins/storage.ts';
import { createTestApp, type TestContext } from './test/test-app.ts';

/**
 * Every validation failure of every route speaks the product's French: for each route with a body,
 * query or path schema, wrong values of every kind (missing, wrong type, too small, too big, unknown
 * option) are sent, and no message in the answer is zod's own text, English or its French locale
 * ('Trop petit : nombre doit être >=1'). Routes are enumerated as registered, so a new one is covered.
 */
const ZOD_TEXT = [
  // zod's French locale.
  /^(Entrée invalide|Option invalide|Trop petit|Trop grand|Chaîne de caractères invalide|Nombre invalide|Clés? (non reconnues?|invalide)|Valeur invalide dans)/,
  /^(expression régulière|adresse e-mail|URL|UUID\w*|date et heure ISO|date ISO|heure ISO|durée ISO|adresse IPv[46]|entrée|JWT) invalide$/,
  // zod's English, should a locale ever be missing.
  /^(Invalid|Too (small|big)|Expected|Required|Unrecognized key|Number must|String must)/i,
];
const isZodText = (message: string) => ZOD_TEXT.some((pattern) => pattern.test(message));

interface RouteWithSchema {
  method: string;
  url: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
}

let ctx: TestContext;
let app: App;
let authorization: string;
const routes: RouteWithSchema[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  authorization = `Bearer ${await createAdminToken(ctx)}`;
  app = await buildApp(
    { ...ctx, storage: createDiskStorage(path.join(ctx.dataDir, 'uploads')) },
    {
      onRoute: (route) => {
        const schema = route.schema as { body?: z.ZodType; querystring?: z.ZodType } | undefined;
        for (const method of [route.method].flat()) {
          if (method === 'HEAD' || !route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) continue;
          if (schema?.body instanceof z.ZodType || schema?.querystring instanceof z.ZodType || route.url.includes(':')) {
            routes.push({ method, url: route.url, body: schema?.body, querystring: schema?.querystring });
          }
        }
      },
    },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; minimum?: number; maximum?: number; maxLength?: number; minLength?: number; enum?: unknown[]; items?: JsonSchema; anyOf?: JsonSchema[] };

/** Wrong values of every kind for one field, from its JSON Schema. */
function wrongValuesFor(field: JsonSchema): unknown[] {
  const types = [field.type ?? field.anyOf?.map((s) => s.type) ?? []].flat().filter(Boolean);
  const values: unknown[] = [{ nested: true }, ['liste'], true];
  if (types.includes('string')) values.push(12345, 'x'.repeat((field.maxLength ?? 100_000) + 1), '');
  if (types.includes('number') || types.includes('integer')) values.push('douze', 1.5, (field.minimum ?? -1e15) - 1, (field.maximum ?? 1e15) + 1, 0, -1);
  if (types.includes('boolean')) values.push('peut-être', 2);
  if (types.includes('array')) values.push('pas une liste', [{ nested: true }], Array.from({ length: 50 }, () => 'x'));
  if (field.enum) values.push('__inconnu__');
  return values;
}

function propertiesOf(schema: z.ZodType | undefined): Record<string, JsonSchema> {
  if (!schema) return {};
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    return json.properties ?? {};
  } catch {
    return {};
  }
}

/** Every message an error answer carries (the main one and the issues'). */
function messagesOf(body: string): string[] {
  const parsed = JSON.parse(body) as { error?: string; message?: string; issues?: { message: string }[] };
  return [parsed.error, parsed.message, ...(parsed.issues ?? []).map((issue) => issue.message)].filter((m): m is string => typeof m === 'string');
}

describe('validation messages, route by route', () => {
  it('enumerates the routes with schemas', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.some((r) => r.method === 'POST' && r.url === '/api/origins/admin/categories')).toBe(true);
  });

  it('answers a category position of 0 in the product’s French, not zod’s', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/origins/admin/categories', headers: { authorization }, payload: { title: 'Débuts', position: 0 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('La valeur doit être supérieure ou égale à 1');
  });

  it('never lets a zod text reach the answer of any route, whatever the wrong value', async () => {
    const leaks: string[] = [];
    let failures = 0;
    for (const route of routes) {
      const attempts: { url: string; payload?: unknown }[] = [];
      const url = route.url.replace(/:\w+/g, 'abc');
      attempts.push({ url: route.url.replace(/:\w+/g, '0') }, { url: route.url.replace(/:\w+/g, '99999999999') }, { url });
      for (const [key, field] of Object.entries(propertiesOf(route.querystring))) {
        for (const value of wrongValuesFor(field)) attempts.push({ url: `${route.url.replace(/:\w+/g, '1')}?${key}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}` });
      }
      if (route.body) {
        attempts.push({ url: route.url.replace(/:\w+/g, '1'), payload: {} }, { url: route.url.replace(/:\w+/g, '1'), payload: ['liste'] });
        for (const [key, field] of Object.entries(propertiesOf(route.body))) {
          for (const value of wrongValuesFor(field)) attempts.push({ url: route.url.replace(/:\w+/g, '1'), payload: { [key]: value } });
        }
      }
      for (const attempt of attempts) {
        const res = await app.inject({
          method: route.method as 'POST',
          url: attempt.url,
          headers: { authorization },
          ...(attempt.payload !== undefined ? { payload: attempt.payload as object } : {}),
          remoteAddress: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        });
        expect(res.statusCode, `${route.method} ${attempt.url} ${JSON.stringify(attempt.payload)}`).toBeLessThan(500);
        if (res.statusCode !== 400) continue;
        failures++;
        for (const message of messagesOf(res.body)) if (isZodText(message)) leaks.push(`${route.method} ${attempt.url} ${JSON.stringify(attempt.payload)?.slice(0, 80)} -> ${message}`);
      }
    }
    // The wrong values did get refused (the check is not vacuous), and none in zod's words.
    expect(failures).toBeGreaterThan(200);
    expect([...new Set(leaks)]).toEqual([]);
  }, 120_000);
});
