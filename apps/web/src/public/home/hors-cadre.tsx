import type { SiteContent } from '@bande/shared/schemas/site-content';
import { frenchTypography } from '@bande/shared/format/french-typography';
import { Button } from '../../components/button.tsx';
import { Container, Section, SectionHeading } from '../../components/layout.tsx';
import styles from './hors-cadre.module.css';
import { usePageWords } from '../../lib/site-content.ts';

/** The microphone (the radio programme) and the mask (the workshops): drawn in turn for each item. */
const ICONS = [
  <>
    <rect x="12" y="4" width="14" height="24" rx="7" fill="none" stroke="currentColor" strokeWidth="2.5" />
    <path d="M7 22a12 12 0 0 0 24 0M19 34v8M12 42h14" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    <path d="M36 14a10 10 0 0 1 0 14M40 9a17 17 0 0 1 0 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
  </>,
  <>
    <path d="M9 7c7-2.5 23-2.5 30 0 0 15-4.5 28-15 33C13.5 35 9 22 9 7z" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
    <path d="M15 17c1.5-1.6 4.5-1.6 6 0M27 17c1.5-1.6 4.5-1.6 6 0" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    <path d="M17 26c3.5 4 10.5 4 14 0" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
  </>,
];

/** 'Hors cadre': the radio programme and the actor workshops, as staff write them in « Textes du site ». */
export function HorsCadre({ items }: { items: SiteContent['horsCadre'] }) {
  const words = usePageWords();
  return (
    <Section tone="ink" labelledBy="hors-cadre">
      <Container size="wide">
        <SectionHeading
          id="hors-cadre"
          eyebrow="Hors cadre"
          title={words('horsCadreTitle')}
          lead={words('horsCadreLead')}
          onDark
        />
        <div className={styles.grid}>
          {items.map((item, index) => (
            <article key={index} className={styles.item}>
              <svg className={styles.icon} viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
                {ICONS[index % ICONS.length]}
              </svg>
              {item.kicker ? <p className={styles.kicker}>{frenchTypography(item.kicker)}</p> : null}
              <h3 className={styles.title}>{frenchTypography(item.title)}</h3>
              <p className={styles.text}>{frenchTypography(item.description)}</p>
              {item.facts.length > 0 ? (
                <ul role="list" className={styles.facts}>
                  {item.facts.map((fact, factIndex) => (
                    <li key={factIndex}>{frenchTypography(fact)}</li>
                  ))}
                </ul>
              ) : null}
              {item.linkLabel ? (
                <div className={styles.action}>
                  <Button to="/contact" variant="inverse" arrow>
                    {frenchTypography(item.linkLabel)}
                  </Button>
                </div>
              ) : null}
            </article>
          ))}
        </div>
      </Container>
    </Section>
  );
}
