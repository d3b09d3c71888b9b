import { describe, expect, it } from 'vitest';
import { mapsSearchUrl } from './maps.ts';

describe('mapsSearchUrl', () => {
  it('builds a Google Maps search link with the address encoded', () => {
    expect(mapsSearchUrl("12 rue de l'Église, 69001 Lyon")).toBe(
      "https://www.google.com/maps/search/?api=1&query=12%20rue%20de%20l'%C3%89glise%2C%2069001%20Lyon",
    );
  });

  it('keeps characters that would break the query inside the value', () => {
    const url = new URL(mapsSearchUrl('Salle A&B #2 ?étage=1 + cour'));
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/search/');
    expect(url.searchParams.get('api')).toBe('1');
    expect(url.searchParams.get('query')).toBe('Salle A&B #2 ?étage=1 + cour');
    expect(url.hash).toBe('');
  });
});
