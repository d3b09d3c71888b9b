import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, campaignInputSchema, type Reservation } from '@bande/shared';
import { frenchTypography } from '@bande/shared/format/french-typography';
import { deName } from '@bande/shared/format/elision';
import { mapsSearchUrl } from '@bande/shared/format/maps';
import { isFrenchPhone, phoneHref } from '@bande/shared/format/phone';
import { truncatePartnerDescription, truncateText } from '@bande/shared/format/truncate';
import { withoutTrailingSlashes } from '@bande/shared/format/trim-chars';
import { youtubeIdFrom } from '@bande/shared/format/youtube';
import { reservationUrl } from '@bande/shared/reservation-links';
import { absoluteUrl, pageDescription } from '../../web/src/app/head/page-head.ts';
import { matchesName } from '../../web/src/admin/reservations/door/name-search.ts';
import { matchVenues } from '../../web/src/admin/venues/address-search.ts';
import { postalAddress } from '../../web/src/public/show-detail/theater-event-json-ld.ts';
import { bodyHtml, bodyText, foreignImages } from './modules/campaigns/campaign-mail.ts';
import { subscribersCsv } from './modules/newsletter/newsletter.service.ts';
import { reservationsCsv } from './modules/reservations/staff.service.ts';
import { slugify } from './modules/shows/shows.service.ts';
import { senderNamed } from './plugins/mailer.ts';

/**
 * Every text transformation runs in linear time, whatever was typed (issue 33: a regex in a letter's
 * plain text backtracked with the cube of « [a]( » repeated, and froze the server). Each is timed on
 * adversarial texts at 1,000, 10,000 and 50,000 characters (the largest text the API takes: a letter's
 * body, campaignInputSchema); the time per character at 10,000 and at 50,000 may not exceed GROWTH
 * times that at 1,000. A linear function keeps the ratio near 1 (up to 4 seen on a busy machine), a quadratic
 * one reaches 10 at 10,000 and 50 at 50,000, a cubic one thousands. Each size is run enough times to take a few milliseconds, and the fastest of REPEAT
 * rounds counts, so that a busy machine (2 shared cores) does not fail the test by a pause.
 */
const SITE = 'https://bande.example.org';
const SIZES = [1_000, 10_000, 50_000] as const;
const GROWTH = 10;
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

const reservation = (text: string): Reservation =>
  ({ id: 1, performanceId: 1, firstName: text, lastName: text, email: text, phone: text, seats: 1, status: 'confirmed', createdAt: '2026-03-01T10:00:00.000Z', checkedInAt: null }) as unknown as Reservation;

const TRANSFORMATIONS: Record<string, (text: string) => unknown> = {
  'Markdown to HTML (letters, archive)': (text) => bodyHtml(text, SITE),
  'Markdown to plain text (letters)': (text) => bodyText(text, SITE),
  'images of a letter': (text) => foreignImages(text, SITE),
  'a letter’s schema (subject, body)': (text) => campaignInputSchema.safeParse({ subject: text.slice(0, 200), body: text }),
  'French typography': frenchTypography,
  truncation: (text) => [truncateText(text), truncatePartnerDescription(text), pageDescription(text)],
  'name search at the door': (text) => matchesName({ firstName: text, lastName: text }, text),
  'venue search': (text) => matchVenues([{ name: text, address: text }], text.slice(0, 200)),
  'subscribers CSV (formulas neutralised)': (text) => subscribersCsv([{ email: text, createdAt: '2026-03-01T10:00:00.000Z', confirmedAt: null }]),
  'reservations CSV': (text) => reservationsCsv([reservation(text)]),
  'show slugs': slugify,
  'postal address (schema.org)': postalAddress,
  'maps link': mapsSearchUrl,
  'e-mail address pattern': (text) => EMAIL_PATTERN.test(text),
  'site addresses and links': (text) => [withoutTrailingSlashes(text), absoluteUrl(text, text), reservationUrl(text, text)],
  'YouTube links': youtubeIdFrom,
  'phone numbers': (text) => [isFrenchPhone(text), phoneHref(text)],
  '« de » before a name': deName,
  'mail sender name': (text) => senderNamed(`${text} <a@b.fr>`, 'La Bande'),
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
function growthOf(fn: (text: string) => unknown, make: (n: number) => string, sizes: readonly number[]): number[] {
  fn(make(sizes[0]!)); // compiled before it is timed
  const [small, ...larger] = timePerChar(fn, sizes.map(make));
  // A floor of 1 ns per character: below it the clock, not the function, is measured.
  return larger.map((perChar) => perChar / Math.max(small!, 1e-6));
}

describe('every text transformation runs in linear time on adversarial input', () => {
  for (const [name, fn] of Object.entries(TRANSFORMATIONS)) {
    it(name, () => {
      const worst: string[] = [];
      for (const [shape, make] of Object.entries(ADVERSARIAL)) {
        for (const [i, growth] of growthOf(fn, make, SIZES).entries()) {
          if (growth > GROWTH) worst.push(`${shape}: ${growth.toFixed(1)}× per character from ${SIZES[0]} to ${SIZES[i + 1]}`);
        }
      }
      expect(worst).toEqual([]);
    }, 60_000);
  }

  it('tells a quadratic transformation apart (the check itself can fail)', () => {
    // The pattern lint now refuses: each start position rereads the whole run of spaces.
    // eslint-disable-next-line regexp/no-super-linear-move -- planted on purpose: the test must see it grow.
    const quadratic = (text: string) => text.replace(/ +x/g, '');
    // At 1,000 and 20,000 (not 50,000: a quadratic run there takes seconds): a growth of about 20.
    const [growth] = growthOf(quadratic, (n) => ' '.repeat(n), [1_000, 20_000]);
    expect(growth).toBeGreaterThan(GROWTH);
  }, 60_000);
});
