import { describe, expect, it } from 'vitest';
import { superLinearShapes } from '@bande/shared/testing/linear-time';
import { absoluteUrl, pageDescription } from './app/head/page-head.ts';
import { matchesName } from './admin/reservations/door/name-search.ts';
import { matchVenues } from './admin/venues/address-search.ts';
import { postalAddress } from './public/show-detail/theater-event-json-ld.ts';

/** The web app's text transformations in linear time, as the API's (apps/api/src/linear-time.test.ts). */
const TRANSFORMATIONS: Record<string, (text: string) => unknown> = {
  'meta description (truncation)': pageDescription,
  'name search at the door': (text) => matchesName({ firstName: text, lastName: text }, text),
  'venue search': (text) => matchVenues([{ name: text, address: text }], text.slice(0, 200)),
  'postal address (schema.org)': postalAddress,
  'absolute links': (text) => absoluteUrl(text, text),
};

describe('the web app’s text transformations run in linear time on adversarial input', () => {
  for (const [name, fn] of Object.entries(TRANSFORMATIONS)) {
    it(name, () => {
      expect(superLinearShapes(fn)).toEqual([]);
    }, 60_000);
  }
});
