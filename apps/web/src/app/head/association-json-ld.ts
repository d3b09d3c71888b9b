import { ASSOCIATION } from '../../public/legal/association-info.ts';
import { SITE_DESCRIPTION } from './page-head.ts';

/** Splits '37000 Tours' into a postal code and a town when it has that French shape. */
const townParts = (line: string) => {
  const match = /^(\d{5})\s+(.+)$/.exec(line.trim());
  return match ? { postalCode: match[1], addressLocality: match[2] } : { addressLocality: line };
};

/** The association as a schema.org TheaterGroup (home page), from the details the legal page shows. */
export function associationJsonLd(siteUrl: string): Record<string, unknown> {
  const town = ASSOCIATION.address.at(-1) ?? '';
  return {
    '@context': 'https://schema.org',
    '@type': 'TheaterGroup',
    name: ASSOCIATION.name,
    url: `${siteUrl}/`,
    description: SITE_DESCRIPTION,
    email: ASSOCIATION.email,
    telephone: ASSOCIATION.phoneHref,
    address: {
      '@type': 'PostalAddress',
      streetAddress: ASSOCIATION.address.slice(0, -1).join(', '),
      ...townParts(town),
      addressCountry: 'FR',
    },
  };
}
