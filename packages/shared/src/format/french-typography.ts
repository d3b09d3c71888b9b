/**
 * French typography for text shown to visitors: a no-break space (U+00A0) before « : ; ! ? » and inside
 * « », so that at 360 px no line starts with a colon or a closing guillemet. Spaces already there
 * (ordinary, no-break or narrow) become the no-break one; one is added where staff typed none. Times
 * (« 10:30 »), addresses (« https:// ») and smileys without a space before are left alone: a colon
 * gets its space only when a word or a closing mark ends just before it with a space, or when a space
 * was typed. The site's own texts and the texts staff type go through it when they are shown.
 */
const NBSP = '\u00a0';

export function frenchTypography(text: string): string {
  return (
    text
      // « : », « ; », « ! », « ? » after a space (any kind): the space becomes a no-break one.
      // Each run of spaces is read once, then kept when no sign follows (/ +([:;!?])/ would try every
      // position of a long run again: quadratic, issue 33).
      .replace(/[ \u00a0\u202f\t]+([:;!?])?/g, (run, sign: string | undefined) => (sign ? `${NBSP}${sign}` : run))
      // « ! » and « ? » and « ; » glued to a word: a no-break space is added (not after another « ! » or « ? »,
      // nor inside a web address or a time).
      .replace(/([\p{L}\p{N}»)])([;!?])(?=\s|$|[»)])/gu, `$1${NBSP}$2`)
      // A colon glued to a word and followed by a space (« Horaires: … »); never one between digits (« 10:30 »).
      .replace(/([\p{L}»)]):(?=\s)/gu, `$1${NBSP}:`)
      // Inside guillemets: after « and before », whatever was typed.
      .replace(/«[ \u00a0\u202f]*/g, `«${NBSP}`)
      .replace(/[ \u00a0\u202f]+(»)?|»/g, (run, closing: string | undefined) => (closing || run === '»' ? `${NBSP}»` : run))
  );
}
