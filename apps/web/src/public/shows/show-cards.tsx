import { Link } from 'react-router';
import type { ShowSummary } from '@bande/shared/schemas/shows';
import { imageOf, type ImageMap } from '@bande/shared/images';
import { truncateText } from '@bande/shared/format/truncate';
import { Card } from '../../components/card.tsx';
import { Photo } from '../../components/photo.tsx';
import { BookingPanel } from './booking-panel.tsx';
import styles from './show-cards.module.css';
import { frenchTypography } from '@bande/shared/format/french-typography';

/**
 * Widths of the photos in the grids, from their CSS: 'À l'affiche' (columns of at least 22rem, three at
 * most in the wide container, one photo at 55 % of the row when alone) and the catalogue (20rem columns).
 */
export const FEATURED_PHOTO_SIZES = '(min-width: 89rem) 27rem, (min-width: 75rem) 30vw, (min-width: 50rem) 46vw, 100vw';
export const FEATURED_ALONE_PHOTO_SIZES = '(min-width: 84rem) 740px, (min-width: 56rem) 55vw, 100vw';
export const CATALOGUE_PHOTO_SIZES = '(min-width: 89rem) 27rem, (min-width: 68rem) 32vw, (min-width: 46rem) 48vw, 100vw';

export interface FeaturedShowCardProps {
  show: ShowSummary;
  now: Date;
  /** Sizes and variants of the shows' photos (the response's `images`). */
  images?: ImageMap;
  /** The card is alone in its row (its photo then takes 55 % of the row). */
  alone?: boolean;
}

/** 'À l'affiche' card: photo, type, name, pitch cut at 150 characters, next performance and its button. */
export function FeaturedShowCard({ show, now, images, alone = false }: FeaturedShowCardProps) {
  return (
    <Card
      as="li"
      className={styles.featured}
      media={
        <Link to={`/show/${show.slug}`} tabIndex={-1} aria-hidden="true" className={styles.mediaLink}>
          <Photo
            src={show.photo}
            alt=""
            width={1200}
            height={800}
            info={imageOf(images, show.photo)}
            sizes={alone ? FEATURED_ALONE_PHOTO_SIZES : FEATURED_PHOTO_SIZES}
            placeholderLabel={show.name}
          />
        </Link>
      }
      eyebrow={show.type}
      title={
        <Link to={`/show/${show.slug}`} className={styles.titleLink}>
          {show.name}
        </Link>
      }
      footer={<BookingPanel showName={show.name} performances={show.performances} now={now} />}
    >
      <p className={styles.pitch}>{frenchTypography(truncateText(show.pitch))}</p>
    </Card>
  );
}

export interface ShowCardProps {
  show: ShowSummary;
  images?: ImageMap;
  /** The page's main image (the first card): loaded first and preloaded. */
  priority?: boolean;
}

/** Catalogue card: the whole card links to /show/{slug}. */
export function ShowCard({ show, images, priority = false }: ShowCardProps) {
  return (
    <Card
      as="li"
      interactive
      // The catalogue's cards sit right under the page title: their names are its second level.
      headingLevel={2}
      className={styles.catalogue}
      media={
        <Photo
          src={show.photo}
          alt=""
          width={1200}
          height={900}
          info={imageOf(images, show.photo)}
          sizes={CATALOGUE_PHOTO_SIZES}
          priority={priority}
          placeholderLabel={show.name}
        />
      }
      eyebrow={
        <>
          {show.type}
          <span className={styles.year}> · {show.year}</span>
        </>
      }
      title={
        <Link to={`/show/${show.slug}`} className={styles.stretched}>
          {show.name}
        </Link>
      }
      footer={
        <span className={styles.more} aria-hidden="true">
          Découvrir le spectacle <span className={styles.arrow}>→</span>
        </span>
      }
    >
      <p>{truncateText(show.pitch)}</p>
    </Card>
  );
}
