import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { App } from '../deps.ts';
import { access, registerAccessControl, UndeclaredAccessError } from './access-control.ts';

/** A bare Fastify with only the access control: what it does at registration, without the whole app. */
function bareApp() {
  const app = Fastify() as unknown as App;
  registerAccessControl(app);
  return app;
}

describe('access control at registration (deny by default)', () => {
  it('refuses to start with an /api route that declares no access, naming it', async () => {
    const app = bareApp();
    expect(() => app.get('/api/forgotten', async () => ({}))).toThrow(UndeclaredAccessError);
    expect(() => app.post('/api/forgotten', async () => ({}))).toThrow(/POST \/api\/forgotten/);
    await app.close();
  });

  it('accepts declared routes, and leaves the site and the API docs alone', async () => {
    const app = bareApp();
    app.get('/api/open', { config: { access: access.public } }, async () => ({ ok: true }));
    app.get('/api/content', { config: { access: access.editor } }, async () => ({ ok: true }));
    app.get('/some-page', async () => 'page');
    app.get('/api/docs/json', async () => ({}));
    await app.ready();
    expect((await app.inject('/api/open')).statusCode).toBe(200);
    expect((await app.inject('/some-page')).statusCode).toBe(200);
    await app.close();
  });

  it('gives each route its own hook list, so that a plugin pushing into a shared list touches one route only', async () => {
    const app = bareApp();
    // What @fastify/compress and @fastify/rate-limit do to every route they are given.
    app.addHook('onRoute', (route) => {
      (route.onRequest as unknown[]).push(async () => {});
    });
    const shared = [async () => {}];
    app.get('/api/a', { onRequest: shared, config: { access: access.public } }, async () => ({}));
    app.get('/api/b', { onRequest: shared, config: { access: access.public } }, async () => ({}));
    await app.ready();
    expect(shared).toHaveLength(1);
    await app.close();
  });
});
