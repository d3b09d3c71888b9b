import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchPage, NOT_FOUND_ROUTE, PAGE_ROUTES, pageAddress, PREVIEW_CARD_ROUTE } from './page-routes.ts';

const webRoot = path.resolve(__dirname, '../..');

describe('the public route table', () => {
  it('names, for each page, a module that exists (the server inlines its styles and preloads its chunk by that name)', () => {
    for (const route of [...PAGE_ROUTES, NOT_FOUND_ROUTE, PREVIEW_CARD_ROUTE]) {
      expect(fs.existsSync(path.join(webRoot, route.module)), route.module).toBe(true);
    }
  });

  it('matches paths as the router does, and anything else is the not-found page', () => {
    expect(matchPage('/show/boule-de-suif')).toMatchObject({ route: { path: '/show/:slug' }, params: { slug: 'boule-de-suif' } });
    expect(matchPage('/team/').route.path).toBe('/team');
    expect(matchPage('//ailleurs/x').route).toBe(NOT_FOUND_ROUTE);
    expect(matchPage('/show/a/b').route).toBe(NOT_FOUND_ROUTE);
  });

  it('renders a page for its path alone, unless the page reads its query string', () => {
    expect(pageAddress('/?fbclid=IwAR0abc')).toBe('/');
    expect(pageAddress('/show/boule-de-suif?utm_source=lettre')).toBe('/show/boule-de-suif');
    expect(pageAddress('/nimporte-quoi?x=1')).toBe('/nimporte-quoi');
    expect(pageAddress('/preview-card?title=Carte&enabled=true')).toBe('/preview-card?title=Carte&enabled=true');
    // The newsletter links read their token: rendered with it, and (with a query) never kept by the public cache.
    expect(pageAddress('/newsletter/confirmation?token=abc')).toBe('/newsletter/confirmation?token=abc');
    expect(pageAddress('/newsletter/desinscription?token=abc')).toBe('/newsletter/desinscription?token=abc');
  });
});
