import { LIMITS } from '../constants.ts';
import { trimEndChars } from './trim-chars.ts';

/** The ellipsis added to every cut text. */
export const ELLIPSIS = '...';

/** Drops a lone high surrogate left by a cut through an emoji or another astral character. */
const withoutBrokenPair = (text: string) => (/[\uD800-\uDBFF]$/.test(text) ? text.slice(0, -1) : text);

/** The cut text, ended once: trailing spaces and the text's own dots or ellipsis give way to ours. */
const withEllipsis = (cut: string) => trimEndChars(withoutBrokenPair(cut).trimEnd(), '.…').trimEnd() + ELLIPSIS;

/**
 * Card text (spec section 9): at most `max` characters, cut at the last space when that space lies
 * beyond 80% of `max` (so a word is not split, without losing much text), else cut right at `max`.
 * A space right at `max` counts: the word before it fits whole. Short texts are returned unchanged.
 */
export function truncateText(text: string, max: number = LIMITS.cardTextMax): string {
  if (text.length <= max) return text;
  const lastSpace = text.lastIndexOf(' ', max);
  const end = lastSpace > max * 0.8 ? lastSpace : max;
  return withEllipsis(text.slice(0, end));
}

/** Partner description in the admin table (spec section 2): the first 30 characters and an ellipsis. */
export function truncatePartnerDescription(text: string): string {
  const max = LIMITS.partnerDescriptionMax;
  if (text.length <= max) return text;
  return withEllipsis(text.slice(0, max));
}
