import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDiskStorage } from '../../plugins/storage.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { COLLECTIONS, revisionTargetOf, WRITES_WITHOUT_HISTORY } from './revision-routes.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let ctx: TestContext;
const writes: string[] = [];
beforeAll(async () => {
  ctx = await createTestApp();
  const app = await buildApp(
    { ...ctx, storage: createDiskStorage(path.join(ctx.dataDir, 'uploads')) },
    {
      onRoute: (route) => {
        for (const method of [route.method].flat()) if (WRITES.has(method)) writes.push(`${method} ${route.url}`);
      },
    },
  );
  await app.ready();
  await app.close();
});
afterAll(() => ctx.close());

const underCollection = (write: string) => {
  const url = write.split(' ')[1]!;
  return Object.keys(COLLECTIONS).some((base) => url === base || url.startsWith(`${base}/`));
};

describe('route → history mapping', () => {
  it('maps every write of a collection with a history, except the listed ones (a new route cannot skip history silently)', () => {
    const collectionWrites = writes.filter(underCollection);
    expect(collectionWrites.length).toBeGreaterThan(20);
    const unmapped = collectionWrites.filter((write) => {
      const [method, url] = write.split(' ') as [string, string];
      return !revisionTargetOf(method, url) && !WRITES_WITHOUT_HISTORY.has(write);
    });
    expect(unmapped).toEqual([]);
    for (const write of WRITES_WITHOUT_HISTORY) expect(writes).toContain(write);
  });

  it('derives entity, action and where the id is', () => {
    expect(revisionTargetOf('POST', '/api/shows')).toEqual({ entity: 'show', action: 'create', id: 'created' });
    expect(revisionTargetOf('PUT', '/api/shows/:id')).toEqual({ entity: 'show', action: 'update', id: 'param' });
    expect(revisionTargetOf('DELETE', '/api/members/:id')).toEqual({ entity: 'member', action: 'delete', id: 'param' });
    expect(revisionTargetOf('POST', '/api/shows/:id/featured')).toEqual({ entity: 'show', action: 'update', id: 'param' });
    expect(revisionTargetOf('PUT', '/api/partners/:id/unpublish')).toEqual({ entity: 'partner', action: 'unpublish', id: 'param' });
    expect(revisionTargetOf('PUT', '/api/origins/admin/events/:id/publish')).toEqual({ entity: 'origin-event', action: 'publish-body', id: 'param' });
    expect(revisionTargetOf('PUT', '/api/card-config')).toEqual({ entity: 'card-config', action: 'update', id: 1 });
    expect(revisionTargetOf('POST', '/api/gallery/reorder')).toBeUndefined();
    expect(revisionTargetOf('PUT', '/api/legal')).toEqual({ entity: 'legal', action: 'update', id: 1 });
    expect(revisionTargetOf('POST', '/api/shows/:id/duplicate')).toBeUndefined();
  });
});
