/**
 * `text` without the run of `chars` at its end, by a loop: linear. The regex it replaces,
 * /x+$/, is tried again from every position of a long run that is not at the end: quadratic (issue 33).
 */
export function trimEndChars(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1]!)) end -= 1;
  return text.slice(0, end);
}

/** A site address without its trailing slashes (SITE_URL, a link's base). */
export const withoutTrailingSlashes = (url: string) => trimEndChars(url, '/');
