import { Link } from 'react-router';
import type { ShowSummary } from '@bande/shared/schemas/shows';
import { truncateText } from '@bande/shared/format/truncate';
import { Card } from '../../components/card.tsx';
import { Photo } from '../../components/photo.tsx';
import { BookingPanel } from './booking-panel.tsx';
import styles from './show-cards.module.css';

export interface FeaturedShowCardProps {
  show: ShowSummary;
  now: Date;
  /** The first card of the page loads its photo at once. */
  eager?: boolean;
}

/** 'À l'affiche' card: photo, type, name, pitch cut at 150 characters, next performance and its button. */
export function FeaturedShowCard({ show, now, eager = false }: FeaturedShowCardProps) {
  return (
    <Card
      as="li"
      className={styles.featured}
      media={
        <Link to={`/show/${show.slug}`} tabIndex={-1} aria-hidden="true" className={styles.mediaLink}>
          <Photo src={show.photo} alt="" width={1200} height={800} loading={eager ? 'eager' : 'lazy'} placeholderLabel={show.name} />
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
      <p className={styles.pitch}>{truncateText(show.pitch)}</p>
    </Card>
  );
}

/** Catalogue card: the whole card links to /show/{slug}. */
export function ShowCard({ show, eager = false }: { show: ShowSummary; eager?: boolean }) {
  return (
    <Card
      as="li"
      interactive
      className={styles.catalogue}
      media={<Photo src={show.photo} alt="" width={1200} height={900} loading={eager ? 'eager' : 'lazy'} placeholderLabel={show.name} />}
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
