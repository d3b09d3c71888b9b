/** 'Élodie' → 'elodie': the door's search ignores accents, case and extra spaces. */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('fr')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Whether a party matches what was typed: every word typed starts a word of its first or last name
 * ('du ma' finds Marie Dupont, and so does 'marie dupont' or 'dupont'), or appears inside the full name
 * ('pon' finds Dupont, for a name half heard at the door).
 */
export function matchesName(party: { firstName: string; lastName: string }, query: string): boolean {
  const words = foldName(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const full = foldName(`${party.firstName} ${party.lastName}`);
  return words.every((word) => full.includes(word));
}
