import { describe, expect, it } from 'vitest';
import { foldName, matchesName } from './name-search.ts';

describe('door name search', () => {
  it('ignores accents, case and extra spaces', () => {
    expect(foldName('  Élodie   LÉGER ')).toBe('elodie leger');
    expect(matchesName({ firstName: 'Élodie', lastName: 'Léger' }, 'elodie')).toBe(true);
    expect(matchesName({ firstName: 'Élodie', lastName: 'Léger' }, 'LEGER')).toBe(true);
  });

  it('needs every word typed, in any order', () => {
    const party = { firstName: 'Marie', lastName: 'Dupont' };
    expect(matchesName(party, 'dupont marie')).toBe(true);
    expect(matchesName(party, 'pon')).toBe(true);
    expect(matchesName(party, 'marie durand')).toBe(false);
    expect(matchesName(party, '')).toBe(true);
  });
});
