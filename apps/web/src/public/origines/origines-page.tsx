import type { CSSProperties } from 'react';
import type { OriginCategory } from '@bande/shared/schemas/origins';
import { formatEventDate } from '@bande/shared/format/french-dates';
import { Container, PageHeader, Section, SectionHeading } from '../../components/layout.tsx';
import { Button } from '../../components/button.tsx';
import { EmptyState, ErrorMessage, Loading } from '../../components/feedback.tsx';
import { pageDescription, usePageHead } from '../../app/head/index.ts';
import { Paragraphs } from '../show-detail/paragraphs.tsx';
import { usePublishedOrigins } from './origins.queries.ts';
import styles from './origines-page.module.css';
import { frenchTypography } from '@bande/shared/format/french-typography';
import { usePageWords } from '../../lib/site-content.ts';

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];
const numeral = (index: number) => ROMAN[index] ?? String(index + 1);
const anchor = (category: OriginCategory) => `chapitre-${category.id}`;

export default function OriginesPage() {
  const words = usePageWords();
  const origins = usePublishedOrigins();
  const chapters = origins.data?.map((category) => category.title) ?? [];
  usePageHead({
    title: 'Origines',
    description: pageDescription(
      chapters.length > 0
        ? `L'histoire de La Bande à Lire, chapitre après chapitre : ${chapters.join(', ')}. Les moments qui ont fait la troupe.`
        : "D'une première lecture entre amis aux scènes d'aujourd'hui : l'histoire de La Bande à Lire, chapitre après chapitre.",
    ),
  });
  return (
    <>
      <PageHeader
        eyebrow={words('originsEyebrow')}
        title="Origines"
        lead={words('originsLead')}
      />
      {origins.isPending ? (
        <Section>
          <Loading block />
        </Section>
      ) : origins.isError ? (
        <Section>
          <Container>
            <ErrorMessage error={origins.error} onRetry={() => void origins.refetch()} />
          </Container>
        </Section>
      ) : origins.data.length === 0 ? (
        <Section>
          <Container>
            <EmptyState title={words('originsEmptyTitle')} action={<Button to="/team" variant="secondary">Découvrir la Bande</Button>}>
              {words('originsEmptyText')}
            </EmptyState>
          </Container>
        </Section>
      ) : (
        <>
          {origins.data.length > 1 ? <Chapters categories={origins.data} /> : null}
          {origins.data.map((category, index) => (
            <Chapter key={category.id} category={category} index={index} />
          ))}
        </>
      )}
    </>
  );
}

/** A table of contents under the page header when there are several chapters. */
function Chapters({ categories }: { categories: OriginCategory[] }) {
  return (
    <nav className={styles.chapters} aria-label="Chapitres">
      <Container>
        <ol role="list" className={styles.chapterList}>
          {categories.map((category, index) => (
            <li key={category.id}>
              <a href={`#${anchor(category)}`}>
                <span className={styles.chapterNumeral} aria-hidden="true">
                  {numeral(index)}
                </span>
                {category.title}
              </a>
            </li>
          ))}
        </ol>
      </Container>
    </nav>
  );
}

function Chapter({ category, index }: { category: OriginCategory; index: number }) {
  const words = usePageWords();
  const headingId = `${anchor(category)}-titre`;
  return (
    <Section
      tone={index % 2 === 0 ? 'paper' : 'deep'}
      id={anchor(category)}
      labelledBy={headingId}
      className={[styles.chapter, index % 2 === 0 ? '' : styles.chapterDeep].filter(Boolean).join(' ')}
    >
      <Container>
        <SectionHeading id={headingId} eyebrow={`Chapitre ${numeral(index)}`} title={category.title} lead={category.description && frenchTypography(category.description)} align="center" />
        {category.events.length === 0 ? (
          <p className={styles.noEvents}>{words('originsNoEvents')}</p>
        ) : (
          <ol role="list" className={styles.timeline}>
            {category.events.map((event, position) => (
              <li key={event.id} className={styles.event} style={{ '--row': position + 1 } as CSSProperties}>
                <span className={styles.dot} aria-hidden="true" />
                <article className={styles.card}>
                  <p className={styles.date}>
                    <time dateTime={event.date}>{formatEventDate(event.date)}</time>
                  </p>
                  <h3 className={styles.eventTitle}>{event.title}</h3>
                  <div className={styles.description}>
                    <Paragraphs text={event.description} />
                  </div>
                </article>
              </li>
            ))}
          </ol>
        )}
      </Container>
    </Section>
  );
}
