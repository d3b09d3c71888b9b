import type { RevisionAction, RevisionEntity } from '@bande/shared';
import { CARD_CONFIG_ID } from './origins-history.ts';

/** The admin routes' collections, each holding one kind of entity with a history. */
export const COLLECTIONS: Readonly<Record<string, RevisionEntity>> = {
  '/api/shows': 'show',
  '/api/members': 'member',
  '/api/venues': 'venue',
  '/api/partners': 'partner',
  '/api/gallery': 'gallery',
  '/api/origins/admin/categories': 'origin-category',
  '/api/origins/admin/events': 'origin-event',
  '/api/card-config': 'card-config',
  '/api/site-content': 'site-content',
  '/api/legal': 'legal',
};

/**
 * Writes under those collections that change no entity's content: the gallery's drag-and-drop order
 * (positions of many items at once) and a show's preview link (it signs a link, the show is unchanged).
 * revision-routes.test.ts fails on any other write that maps to nothing.
 */
export const WRITES_WITHOUT_HISTORY = new Set(['POST /api/gallery/reorder', 'POST /api/shows/:id/preview']);

export interface RevisionTarget {
  entity: RevisionEntity;
  /** `publish-body`: the origins' PUT …/publish, whose body `{ published }` says which way. */
  action: Exclude<RevisionAction, 'restore'> | 'publish-body';
  /** Where the id is: the route's `:id`, the created entity's answer, or the single row (card config, site content: id 1). */
  id: 'param' | 'created' | typeof CARD_CONFIG_ID;
}

/** The entity and action an admin write records, from its method and route pattern (not the raw URL). */
export function revisionTargetOf(method: string, routeUrl: string): RevisionTarget | undefined {
  if (WRITES_WITHOUT_HISTORY.has(`${method} ${routeUrl}`)) return undefined;
  const match = /^(.*?)(?:\/:id(?:\/(\w+))?)?$/.exec(routeUrl);
  const [, base = '', named] = match ?? [];
  const entity = COLLECTIONS[base];
  if (!entity) return undefined;
  if (base === routeUrl) {
    if (entity === 'card-config' || entity === 'site-content' || entity === 'legal') return method === 'PUT' ? { entity, action: 'update', id: CARD_CONFIG_ID } : undefined;
    return method === 'POST' ? { entity, action: 'create', id: 'created' } : undefined;
  }
  if (named === undefined) {
    if (method === 'PUT') return { entity, action: 'update', id: 'param' };
    if (method === 'DELETE') return { entity, action: 'delete', id: 'param' };
    return undefined;
  }
  if (named === 'publish') return { entity, action: method === 'PUT' && entity.startsWith('origin-') ? 'publish-body' : 'publish', id: 'param' };
  if (named === 'unpublish') return { entity, action: 'unpublish', id: 'param' };
  if (named === 'featured') return { entity, action: 'update', id: 'param' };
  return undefined;
}
