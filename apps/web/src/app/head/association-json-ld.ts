import type { SiteContent } from '@bande/shared/schemas/site-content';
import { phoneHref } from '@bande/shared/format/phone';
import { siteDescription } from './page-head.ts';

/** Splits '37000 Tours' into a postal code and a town when it has that French shape. */
const townParts = (line: string) => {
  const match = /^(\d{5})\s+(\S.*)$/.exec(line.trim());
  return match ? { postalCode: match[1], addressLocality: match[2] } : { addressLocality: line };
};

/** The association as a schema.org TheaterGroup (home page), from the texts staff keep in « Textes du site ». */
export function associationJsonLd(siteUrl: string, content: SiteContent): Record<string, unknown> {
  const lines = content.contact.address.split('\n').map((line) => line.trim()).filter(Boolean);
  const town = lines.at(-1) ?? '';
  const telephone = phoneHref(content.contact.phone);
  const sameAs = content.social.map((link) => link.url);
  return {
    '@context': 'https://schema.org',
    '@type': 'TheaterGroup',
    name: content.associationName,
    url: `${siteUrl}/`,
    description: siteDescription(content.associationName),
    ...(content.contact.email ? { email: content.contact.email } : {}),
    ...(telephone ? { telephone } : {}),
    ...(lines.length > 0
      ? { address: { '@type': 'PostalAddress', streetAddress: lines.slice(0, -1).join(', '), ...townParts(town), addressCountry: 'FR' } }
      : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}
