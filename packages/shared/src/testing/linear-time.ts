/*
 * The linear-time check of the text transformations (issue 33), shared by the API's and the web app's
 * tests (linear-time.test.ts in each). A regex in a letter's plain text once backtracked with the cube
 * of « [a]( » repeated and froze the server: every transformation of what a visitor or a volunteer
 * typed is timed here on adversarial texts at 1,000, 10,000 and 50,000 characters (the largest text
 * the API takes: a letter's body, campaignInputSchema). Its time per character at 10,000 and at 50,000
 * may not exceed GROWTH times that at 1,000: a linear function stays near 1 (up to 4 seen on a busy
 * machine), a quadratic one reaches 10 at 10,000 and 50 at 50,000, a cubic one thousands. Each size is
 * run enough times to take a few milliseconds, and the fastest of REPEAT rounds counts, so that a busy
 * machine (2 shared cores) does not fail the check by a pause.
 */
export const SIZES = [1_000, 10_000, 50_000] as const;
export const GROWTH = 10;
const REPEAT = 3;
/** Characters handled per measured round, whatever the size (20 calls at 1,000, one at 50,000). */
const WORK = 20_000;

/** `pattern` repeated to exactly `n` characters. */
const run = (pattern: string) => (n: number) => pattern.repeat(Math.ceil(n / pattern.length)).slice(0, n);
const ADVERSARIAL: Record<string, (n: number) => string> = {
  'unclosed links « [a]( »': run('[a]('),
  'unclosed images « ![a]( »': run('![a]('),
  'nested brackets': (n) => '['.repeat(n / 2) + ']'.repeat(n / 2),
  'nested parentheses': (n) => '('.repeat(n / 2) + ')'.repeat(n / 2),
  'nested links': (n) => '[a]('.repeat(n / 8) + ')'.repeat(n / 8) + 'x'.repeat(n - n / 2),
  'opening brackets': run('['),
  'one letter': run('a'),
  spaces: (n) => ' '.repeat(n - 1) + 'x',
  'spaces and tabs': (n) => ' \t\u00a0'.repeat(n / 3) + 'x'.repeat(n % 3),
  'mixed *_[]() and spaces': run('*_[]() '),
  'emphasis left open': run('**a _b '),
  'underscores and stars': run('_*'),
  dots: run('.'),
  slashes: run('/'),
  dashes: run('-'),
  'angle brackets': run('<'),
  'at signs and dots': run('a@b.'),
  digits: run('1'),
  'postal codes': run('37000 '),
  'commas and spaces': run(', '),
  guillemets: run('« '),
  'spaces before a colon': run('  a'),
  'addresses on one line': run('8 rue du Théâtre, '),
  'urls': run('https://a.fr/'),
};

/**
 * Milliseconds per character at each size: the fastest of REPEAT rounds, each round timing every size
 * in turn (a pause of the machine then hits one round, not one size), WORK / n calls per size.
 */
function timePerChar(fn: (text: string) => unknown, texts: string[]): number[] {
  const best = texts.map(() => Infinity);
  for (let round = 0; round < REPEAT; round += 1) {
    for (const [i, text] of texts.entries()) {
      const calls = Math.max(1, Math.round(WORK / text.length));
      const started = performance.now();
      for (let call = 0; call < calls; call += 1) fn(text);
      best[i] = Math.min(best[i]!, (performance.now() - started) / calls / text.length);
    }
  }
  return best;
}

/** How much more each character costs at each larger size than at the smallest (1 for a linear function). */
export function growthOf(fn: (text: string) => unknown, make: (n: number) => string, sizes: readonly number[]): number[] {
  fn(make(sizes[0]!)); // compiled before it is timed
  const [small, ...larger] = timePerChar(fn, sizes.map(make));
  // A floor of 1 ns per character: below it the clock, not the function, is measured.
  return larger.map((perChar) => perChar / Math.max(small!, 1e-6));
}

/** The check on one transformation: the adversarial shapes whose time per character grows too fast. */
export function superLinearShapes(fn: (text: string) => unknown): string[] {
  const worst: string[] = [];
  for (const [shape, make] of Object.entries(ADVERSARIAL)) {
    for (const [i, growth] of growthOf(fn, make, SIZES).entries()) {
      if (growth > GROWTH) worst.push(`${shape}: ${growth.toFixed(1)}× per character from ${SIZES[0]} to ${SIZES[i + 1]}`);
    }
  }
  return worst;
}
