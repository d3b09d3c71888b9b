import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { ROLES, type Role } from '@bande/shared';
import { buildApp } from './app.ts';
import type { App } from './deps.ts';
import type { Database } from './db/schema.ts';
import { seedDemoContent } from './db/seed/seed.ts';
import type { Access } from './plugins/access-control.ts';
import { createDiskStorage } from './plugins/storage.ts';
import { createAdminToken } from './test/admin-token.ts';
import { createTestApp, type TestContext } from './test/test-app.ts';

/**
 * The route × role matrix (issue 26), on SQLite and on PostgreSQL (.ci/run's PostgreSQL step runs this
 * file too). Every registered /api route is called with an account of each role: a role the route
 * declares gets past the guard, any other gets a French 403 and nothing changes in the database.
 *
 * What each role may reach is written here a second time, by the address of the route, independently
 * of the declarations: a route declared for the wrong role (an export of the subscribers opened to the
 * editors) fails here, not only a route whose guard does not match its own declaration.
 */
const RULES: { prefix: string; roles: readonly Role[] }[] = [
  // The account itself: its session, password, two-factor login, passkeys.
  { prefix: '/api/auth/', roles: ['admin', 'editor', 'secretary'] },
  // Images and videos: the content's, and a newsletter campaign's.
  { prefix: '/api/upload', roles: ['admin', 'editor', 'secretary'] },
  // The Bilan's figures: counts without personal data (issue 36).
  { prefix: '/api/bilan', roles: ['admin', 'editor', 'secretary'] },
  // The people who write to the association: their data is the secretary's.
  { prefix: '/api/messages', roles: ['admin', 'secretary'] },
  { prefix: '/api/newsletter/', roles: ['admin', 'secretary'] },
  { prefix: '/api/reservations', roles: ['admin', 'secretary'] },
  { prefix: '/api/performances/', roles: ['admin', 'secretary'] },
  { prefix: '/api/campaigns', roles: ['admin', 'secretary'] },
  // Administrators alone.
  { prefix: '/api/users', roles: ['admin'] },
  { prefix: '/api/audit', roles: ['admin'] },
  { prefix: '/api/legal', roles: ['admin'] },
  // The site's content, its history and previews.
  { prefix: '/api/shows', roles: ['admin', 'editor'] },
  { prefix: '/api/members', roles: ['admin', 'editor'] },
  { prefix: '/api/venues', roles: ['admin', 'editor'] },
  { prefix: '/api/partners', roles: ['admin', 'editor'] },
  { prefix: '/api/gallery', roles: ['admin', 'editor'] },
  { prefix: '/api/origins', roles: ['admin', 'editor'] },
  { prefix: '/api/card-config', roles: ['admin', 'editor'] },
  { prefix: '/api/site-content', roles: ['admin', 'editor'] },
  { prefix: '/api/revisions', roles: ['admin', 'editor'] },
];

const expectedRoles = (url: string) => RULES.find((rule) => url.startsWith(rule.prefix))?.roles;

interface Route {
  method: string;
  url: string;
  access: Access | undefined;
}

/** Content and people tables: what a refused call must leave exactly as it was. */
const WATCHED_TABLES: (keyof Database)[] = [
  'adminUsers',
  'shows',
  'performances',
  'credits',
  'members',
  'venues',
  'partners',
  'galleryItems',
  'originCategories',
  'originEvents',
  'cardConfig',
  'legalSettings',
  'newsletterSubscriptions',
  'contactMessages',
  'cardRequests',
  'revisions',
];

let ctx: TestContext;
let app: App;
const routes: Route[] = [];
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  const deps = { ...ctx, storage: createDiskStorage(path.join(ctx.dataDir, 'uploads')) };
  app = await buildApp(deps, {
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD' && route.url.startsWith('/api/') && !route.url.startsWith('/api/docs')) {
          routes.push({ method, url: route.url, access: route.config?.access });
        }
      }
    },
  });
  await app.ready();
  // The demo troupe: every id 1 the calls below name exists, so that a refused DELETE had something to delete.
  await seedDemoContent(deps, { info: () => {}, warn: () => {} } as never);
  for (const role of ROLES) tokens[role] = await createAdminToken(ctx, role);
}, 60_000);
afterAll(async () => {
  await app.close();
  await ctx.close();
});

const concrete = (url: string) => url.replace(/:\w+/g, '1');
const label = (route: Pick<Route, 'method' | 'url'>) => `${route.method} ${route.url}`;
const staffRoutes = () => routes.filter((route) => route.access !== 'public');
const allowed = (route: Route, role: Role) => route.access !== undefined && route.access !== 'public' && (role === 'admin' || route.access.roles.includes(role));

function call(route: Route, role: Role | undefined, body: unknown = {}) {
  return app.inject({
    method: route.method as 'GET',
    url: concrete(route.url),
    ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: body as object } : {}),
    ...(role ? { headers: { authorization: `Bearer ${tokens[role]}` } } : {}),
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
}

async function snapshot(): Promise<string> {
  const tables: Record<string, unknown[]> = {};
  for (const table of WATCHED_TABLES) tables[table] = await ctx.db.selectFrom(table).selectAll().orderBy('id').execute();
  return JSON.stringify(tables);
}

describe('who may call each route (issue 26)', () => {
  it('every /api route declares its access, and the staff routes their roles as the rules above say', () => {
    expect(routes.filter((route) => route.access === undefined).map(label)).toEqual([]);
    const wrong: string[] = [];
    for (const route of staffRoutes()) {
      const expected = expectedRoles(route.url);
      const declared = route.access === 'public' || route.access === undefined ? [] : ['admin', ...route.access.roles];
      if (!expected) wrong.push(`${label(route)}: aucune règle ici ne dit qui peut l'appeler`);
      else if ([...new Set(declared)].sort().join() !== [...expected].sort().join()) wrong.push(`${label(route)}: déclarée ${declared.join('/')} au lieu de ${expected.join('/')}`);
    }
    expect(wrong).toEqual([]);
    // Public routes are public by a decision written in admin-routes.test.ts (PUBLIC_ROUTES).
    expect(staffRoutes().length).toBeGreaterThan(60);
  });

  it('refuses every role a route does not declare with a French 403, whatever the body, and changes nothing', async () => {
    const before = await snapshot();
    // The demo is there: a refused DELETE /api/shows/1 had a show 1 to delete.
    expect(await ctx.db.selectFrom('shows').select('id').where('id', '=', 1).executeTakeFirst()).toBeDefined();
    const wrong: string[] = [];
    for (const role of ROLES) {
      for (const route of staffRoutes().filter((candidate) => !allowed(candidate, role))) {
        // An empty body and a plausible one: the role is checked before validation either way.
        for (const body of [{}, { name: 'x', email: 'x@example.org', role: 'admin', status: 'done', code: '123456' }]) {
          const res = await call(route, role, body);
          if (res.statusCode !== 403 || !/rôle/.test(res.json().error ?? '')) wrong.push(`${role} ${label(route)} -> ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it('lets each declared role past the guard (no 401 or 403)', async () => {
    const refused: string[] = [];
    // Ending a session is tried last: the role's token must live through the other calls.
    const ordered = [...staffRoutes()].sort((a, b) => Number(a.url === '/api/auth/logout') - Number(b.url === '/api/auth/logout'));
    for (const role of ROLES) {
      for (const route of ordered.filter((candidate) => allowed(candidate, role))) {
        // Deleting or demoting account 1 would end the test's own accounts' peers: those answer 4xx or 204 alike.
        const res = await call(route, role);
        if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) refused.push(`${role} ${label(route)} -> ${res.statusCode}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('answers 401 before 403: a call without a token is not told which role it lacks', async () => {
    const wrong: string[] = [];
    for (const route of staffRoutes()) {
      const res = await call(route, undefined);
      if (res.statusCode !== 401 && !(route.access !== 'public' && route.access?.publicWhenPublished)) wrong.push(`${label(route)} -> ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

/**
 * docs/security.md's role matrix is this table, made from the routes' own declarations: a route added
 * or re-declared without the document following fails here. `UPDATE_ROLE_MATRIX=1 npx vitest run
 * apps/api/src/route-roles.test.ts` writes it.
 */
const SECURITY_DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/security.md');
const MATRIX_START = '<!-- role-matrix:start (generated by apps/api/src/route-roles.test.ts) -->';
const MATRIX_END = '<!-- role-matrix:end -->';

function roleMatrix(): string {
  const cell = (route: Route, role: Role) => (route.access === 'public' ? 'public' : allowed(route, role) ? 'oui' : '403');
  const sorted = [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  const lines = sorted.map((route) => {
    const note = route.access !== 'public' && route.access?.publicWhenPublished ? ' (public avec `?published=true`)' : '';
    return `| \`${route.method} ${route.url}\`${note} | ${ROLES.map((role) => cell(route, role)).join(' | ')} |`;
  });
  return [MATRIX_START, '| route | admin | editor | secretary |', '|---|---|---|---|', ...lines, MATRIX_END].join('\n');
}

describe('the role matrix of docs/security.md', () => {
  it('is the one the declarations make', () => {
    const doc = fs.readFileSync(SECURITY_DOC, 'utf8');
    const start = doc.indexOf(MATRIX_START);
    const end = doc.indexOf(MATRIX_END);
    const expected = roleMatrix();
    if (process.env.UPDATE_ROLE_MATRIX === '1' && start >= 0 && end > start) {
      fs.writeFileSync(SECURITY_DOC, doc.slice(0, start) + expected + doc.slice(end + MATRIX_END.length));
      return;
    }
    expect(start, `docs/security.md n'a pas de matrice des rôles (${MATRIX_START})`).toBeGreaterThanOrEqual(0);
    expect(doc.slice(start, end + MATRIX_END.length)).toBe(expected);
  });
});
