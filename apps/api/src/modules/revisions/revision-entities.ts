import type { RevisionEntity } from '@bande/shared';
import { galleryHistory, memberHistory, partnerHistory, venueHistory } from './content-history.ts';
import type { EntityHistory } from './entity-history.ts';
import { cardConfigHistory, originCategoryHistory, originEventHistory } from './origins-history.ts';
import { showHistory } from './show-history.ts';
import { siteContentHistory } from './site-content-history.ts';
import { legalHistory } from './legal-history.ts';

/** Every entity with a history, and how to read and restore it (over the existing repositories). */
export const ENTITY_HISTORIES: Record<RevisionEntity, EntityHistory> = {
  show: showHistory,
  member: memberHistory,
  venue: venueHistory,
  partner: partnerHistory,
  gallery: galleryHistory,
  'origin-category': originCategoryHistory,
  'origin-event': originEventHistory,
  'card-config': cardConfigHistory,
  'site-content': siteContentHistory,
  legal: legalHistory,
};
