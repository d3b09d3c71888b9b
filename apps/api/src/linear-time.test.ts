import { describe, expect, it } from 'vitest';
import { GROWTH, growthOf, superLinearShapes } from '@bande/shared/testing/linear-time';
import { EMAIL_PATTERN, campaignInputSchema, type Reservation } from '@bande/shared';
import { frenchTypography } from '@bande/shared/format/french-typography';
import { deName } from '@bande/shared/format/elision';
import { mapsSearchUrl } from '@bande/shared/format/maps';
import { isFrenchPhone, phoneHref } from '@bande/shared/format/phone';
import { truncatePartnerDescription, truncateText } from '@bande/shared/format/truncate';
import { withoutTrailingSlashes } from '@bande/shared/format/trim-chars';
import { youtubeIdFrom } from '@bande/shared/format/youtube';
import { reservationUrl } from '@bande/shared/reservation-links';
import { dsnFailures } from './modules/bounces/dsn.ts';
import { campaignOfMessageId } from './modules/bounces/bounces.service.ts';
import { isSnsUrl } from './modules/bounces/sns-verify.ts';
import { bodyHtml, bodyText, foreignImages, personalValueProblem } from './modules/campaigns/campaign-mail.ts';
import { subscribersCsv } from './modules/newsletter/newsletter.service.ts';
import { reservationsCsv } from './modules/reservations/staff.service.ts';
import { slugify } from './modules/shows/shows.service.ts';
import { senderNamed } from './plugins/mailer.ts';

/** Every text transformation of the API and the shared package in linear time: see testing/linear-time.ts. */
const SITE = 'https://bande.example.org';

const reservation = (text: string): Reservation =>
  ({ id: 1, performanceId: 1, firstName: text, lastName: text, email: text, phone: text, seats: 1, status: 'confirmed', createdAt: '2026-03-01T10:00:00.000Z', checkedInAt: null }) as unknown as Reservation;

const TRANSFORMATIONS: Record<string, (text: string) => unknown> = {
  'Markdown to HTML (letters, archive)': (text) => bodyHtml(text, SITE),
  'Markdown to plain text (letters)': (text) => bodyText(text, SITE),
  'images of a letter': (text) => foreignImages(text, SITE),
  'personal values in a letter': (text) => personalValueProblem(text, SITE),
  'a letter’s schema (subject, body)': (text) => campaignInputSchema.safeParse({ subject: text.slice(0, 200), body: text }),
  'French typography': frenchTypography,
  truncation: (text) => [truncateText(text), truncatePartnerDescription(text)],
  'subscribers CSV (formulas neutralised)': (text) => subscribersCsv([{ email: text, createdAt: '2026-03-01T10:00:00.000Z', confirmedAt: null }]),
  'reservations CSV': (text) => reservationsCsv([reservation(text)], { started: true }),
  'show slugs': slugify,
  'maps link': mapsSearchUrl,
  'e-mail address pattern': (text) => EMAIL_PATTERN.test(text),
  'site addresses and links': (text) => [withoutTrailingSlashes(text), reservationUrl(text, text)],
  'YouTube links': youtubeIdFrom,
  'phone numbers': (text) => [isFrenchPhone(text), phoneHref(text)],
  '« de » before a name': deName,
  'mail sender name': (text) => senderNamed(`${text} <a@b.fr>`, 'La Bande'),
  // A bounce's report comes from anyone who can send a mail or call the webhooks (issue 34).
  'delivery-status notifications': (text) => dsnFailures(`Final-Recipient: rfc822; ${text}\nAction: failed\nStatus: 5.1.1\n\n${text}`),
  'Message-ID of a returned copy': (text) => campaignOfMessageId(`<campagne-${text}@bande.example.org>`),
  'SNS certificate address': (text) => isSnsUrl(`https://sns.eu-west-3.amazonaws.com/${text}`),
};

describe('every text transformation runs in linear time on adversarial input', () => {
  for (const [name, fn] of Object.entries(TRANSFORMATIONS)) {
    it(name, () => {
      expect(superLinearShapes(fn)).toEqual([]);
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
