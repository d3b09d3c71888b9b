import { useState } from 'react';
import { Link } from 'react-router';
import type { Show } from '@bande/shared/schemas/shows';
import { imageOf, type ImageMap } from '@bande/shared/images';
import { texts } from '@bande/shared/texts';
import { upcomingPerformances } from '@bande/shared/format/performances';
import { Button } from '../../components/button.tsx';
import { Container, Ornament, Section, SectionHeading, Valance } from '../../components/layout.tsx';
import { Photo } from '../../components/photo.tsx';
import { PerformancesModal } from '../shows/performances-modal.tsx';
import { Paragraphs } from './paragraphs.tsx';
import { BookAndAuthor } from './book-and-author.tsx';
import { Credits } from './credits.tsx';
import styles from './show-detail-page.module.css';
import { frenchTypography } from '@bande/shared/format/french-typography';

/** The hero photo's width: 5/11 of the wide container beside the text, the whole width under 61rem. */
const HERO_PHOTO_SIZES = '(min-width: 89rem) 36rem, (min-width: 61rem) 42vw, 100vw';

/** A show's page body: hero, director's note, book and author, credits, performances dialog (also the draft preview's). */
export function ShowDetail({ show, now, images }: { show: Show; now: Date; images: ImageMap }) {
  const [open, setOpen] = useState(false);
  const upcoming = upcomingPerformances(show.performances, now);
  const hasCredits = show.credits.some((credit) => credit.members.length > 0);

  return (
    <>
      <header className={styles.hero}>
        <Valance />
        <Container size="wide">
          <nav aria-label="Fil d'Ariane" className={styles.back}>
            <Link to="/shows">
              <span aria-hidden="true">←</span> Tous les spectacles
            </Link>
          </nav>
          <div className={styles.heroGrid}>
            <div className={styles.heroText}>
              <p className={styles.eyebrow}>
                {show.type} <span aria-hidden="true">·</span> {show.year}
              </p>
              <h1 className={styles.title}>{show.name}</h1>
              <p className={styles.pitch}>{frenchTypography(show.pitch)}</p>
              {show.quote ? (
                <blockquote className={styles.quote}>
                  <p>{show.quote}</p>
                </blockquote>
              ) : null}
              {upcoming.length > 0 ? (
                <div className={styles.heroActions}>
                  <Button size="lg" onClick={() => setOpen(true)} aria-haspopup="dialog">
                    {texts.performances.seeAll}
                  </Button>
                  <p className={styles.count}>
                    {upcoming.length === 1 ? '1 date à venir' : `${upcoming.length} dates à venir`}
                  </p>
                </div>
              ) : (
                <p className={styles.none}>{texts.performances.none}</p>
              )}
            </div>
            <div className={styles.heroPhoto}>
              <Photo
                src={show.photo}
                alt={`${show.name}, photo du spectacle`}
                width={1200}
                height={800}
                info={imageOf(images, show.photo)}
                sizes={HERO_PHOTO_SIZES}
                priority
                placeholderLabel={show.name}
                rounded
              />
            </div>
          </div>
        </Container>
      </header>

      <Section>
        <Container size="wide">
          <div className={styles.body}>
            <article className={styles.note} aria-labelledby="note-mise-en-scene">
              <p className={styles.sectionKicker}>Le mot du metteur en scène</p>
              <h2 id="note-mise-en-scene" className={styles.h2}>
                Note de mise en scène
              </h2>
              <Ornament className={styles.ornament} />
              <div className={styles.prose}>
                <Paragraphs text={show.note} />
              </div>
              {show.remerciement ? (
                <div className={styles.thanks}>
                  <h2 className={styles.h3}>Remerciements</h2>
                  <Paragraphs text={show.remerciement} />
                </div>
              ) : null}
            </article>
            <BookAndAuthor book={show.book} author={show.author} images={images} />
          </div>
        </Container>
      </Section>

      {hasCredits ? (
        <Section tone="deep" labelledBy="la-petite-bande">
          <Container size="wide">
            <SectionHeading id="la-petite-bande" eyebrow="Distribution" title="La petite bande" />
            <Credits credits={show.credits} images={images} />
          </Container>
        </Section>
      ) : null}

      <PerformancesModal open={open} onClose={() => setOpen(false)} showName={show.name} performances={upcoming} />
    </>
  );
}
