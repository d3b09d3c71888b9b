import { describe, expect, it } from 'vitest';
import { truncatePartnerDescription, truncateText } from './truncate.ts';

const a = (n: number) => 'a'.repeat(n);
const b = (n: number) => 'b'.repeat(n);

describe('truncateText (card text, 150 characters, last space if beyond 80%)', () => {
  it.each([
    ['empty', '', ''],
    ['short', 'Une lecture à deux voix.', 'Une lecture à deux voix.'],
    ['exactly 150 characters', a(150), a(150)],
    ['151 characters without a space: cut at 150', a(151), `${a(150)}...`],
    // 80% of 150 is 120: a space at index 120 is not beyond it, so the cut stays at 150.
    ['a space exactly at 80%', `${a(120)} ${b(50)}`, `${a(120)} ${b(29)}...`],
    ['a space just beyond 80%', `${a(121)} ${b(50)}`, `${a(121)}...`],
    ['a space before 80% only', `${a(60)} ${b(100)}`, `${a(60)} ${b(89)}...`],
    ['the last of several spaces beyond 80%', `${a(125)} ${b(10)} ${b(30)}`, `${a(125)} ${b(10)}...`],
    ['a space right at the limit: the word fits whole', `${a(150)} suite`, `${a(150)}...`],
    ['a word ending one before the limit', `${a(149)} suite`, `${a(149)}...`],
    ['several spaces before the cut are not kept', `${a(130)}   ${b(50)}`, `${a(130)}...`],
  ])('%s', (_label, text, expected) => {
    const result = truncateText(text);
    expect(result).toBe(expected);
    expect(result.length).toBeLessThanOrEqual(153);
  });

  it('cuts real French text between words', () => {
    const text =
      "Une lecture théâtrale où trois comédiennes donnent voix aux lettres d'une famille dispersée par la guerre, entre Lyon, Alger et Buenos Aires, de 1939 à 1962.";
    expect(text.length).toBe(157);
    const result = truncateText(text);
    expect(result).toBe(
      "Une lecture théâtrale où trois comédiennes donnent voix aux lettres d'une famille dispersée par la guerre, entre Lyon, Alger et Buenos Aires, de 1939...",
    );
  });

  it('takes another limit, with the same 80% rule', () => {
    expect(truncateText('Bonjour tout le monde', 12)).toBe('Bonjour tout...');
    // The only space (index 7) is not beyond 80% of 10 (8): cut at 10.
    expect(truncateText('Bonjour tout le monde', 10)).toBe('Bonjour to...');
    expect(truncateText('Bonjour', 7)).toBe('Bonjour');
  });

  it('never leaves half of an emoji behind', () => {
    expect(truncateText(`${a(149)}😀 fin ${b(20)}`)).toBe(`${a(149)}...`);
  });
});

describe('truncatePartnerDescription (30 characters and an ellipsis)', () => {
  it.each([
    ['', ''],
    ['Librairie du quartier', 'Librairie du quartier'],
    [a(30), a(30)],
    [a(31), `${a(30)}...`],
    ['Une association de lecture à voix haute pour tous', 'Une association de lecture à v...'],
    ['Une association de lecture     voix haute', 'Une association de lecture...'],
  ])('%j -> %j', (text, expected) => {
    expect(truncatePartnerDescription(text)).toBe(expected);
  });
});

describe('a cut falling after the text’s own ellipsis', () => {
  it('ends with one ellipsis only', () => {
    const text = `${'Ils la méprisent… '.repeat(9)}et la suite est longue`;
    const cut = truncateText(text, 150);
    expect(cut.endsWith('...')).toBe(true);
    expect(cut.at(-4)).not.toMatch(/[.…]/u);
  });
});
