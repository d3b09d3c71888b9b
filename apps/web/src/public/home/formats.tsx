import { Container, Section, SectionHeading } from '../../components/layout.tsx';
import type { SiteContent } from '@bande/shared/schemas/site-content';
import { frenchTypography } from '@bande/shared/format/french-typography';
import styles from './formats.module.css';

/** Roman numerals of the formats' rank (six at most, SITE_CONTENT_MAX.formats). */
const NUMERALS = ['I', 'II', 'III', 'IV', 'V', 'VI'];
const COUNTS = ['Une façon', 'Deux façons', 'Trois façons', 'Quatre façons', 'Cinq façons', 'Six façons'];

/** The show formats, as staff write them in « Textes du site ». */
export function Formats({ formats, pageTexts }: { formats: SiteContent['formats']; pageTexts: SiteContent['pageTexts'] }) {
  return (
    <Section tone="deep" labelledBy="nos-formats">
      <Container size="wide">
        <SectionHeading
          id="nos-formats"
          eyebrow={frenchTypography(pageTexts.formatsEyebrow)}
          title={`${COUNTS[formats.length - 1] ?? 'Des façons'} de lever le rideau`}
          lead={frenchTypography(pageTexts.formatsLead)}
        />
        <ul role="list" className={styles.grid}>
          {formats.map((format, index) => (
            <li key={index} className={styles.item}>
              <span className={styles.numeral} aria-hidden="true">
                {NUMERALS[index]}
              </span>
              <h3 className={styles.name}>{frenchTypography(format.name)}</h3>
              <p className={styles.duration}>{frenchTypography(format.duration)}</p>
              <p className={styles.text}>{frenchTypography(format.description)}</p>
            </li>
          ))}
        </ul>
      </Container>
    </Section>
  );
}
