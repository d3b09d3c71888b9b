import type { Show } from '@bande/shared/schemas/shows';

/**
 * Show n° 12 as a draft, the way GET /api/shows/12 and the preview route return it: the admin's preview button
 * and the public preview page read the same record. Tests give it their own name, pitch or note.
 */
export const draftShow = (fields: { name: string; pitch: string; note: string }) => ({
  id: 12,
  slug: 'les-miserables',
  type: 'Grand format',
  quote: null,
  remerciement: null,
  year: '2027',
  photo: null,
  isFeatured: false,
  published: false,
  book: null,
  author: null,
  performances: [],
  credits: [],
  ...fields,
});

/**
 * « Les Fables », a published show (n° 1) as the public API returns it, for the tests of what the public pages
 * derive from a show (page heads, JSON-LD); each test adds the pitch, credits and performances it reads.
 */
export const fablesShow = (fields: Partial<Show> = {}): Show => ({
  id: 1,
  slug: 'les-fables',
  name: 'Les Fables',
  type: 'Pépite',
  pitch: 'Le loup, le renard et la cigale prennent la parole.',
  quote: null,
  note: 'Note',
  remerciement: null,
  year: '2026',
  photo: '/uploads/fables.jpg',
  isFeatured: false,
  published: true,
  publishedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  book: null,
  author: null,
  credits: [],
  performances: [],
  ...fields,
});
