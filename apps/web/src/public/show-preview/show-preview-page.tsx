import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { Show } from '@bande/shared/schemas/shows';
import type { ImageMap } from '@bande/shared/images';
import { showPreviewTexts } from '@bande/shared/schemas/show-preview';
import { Loading } from '../../components/feedback.tsx';
import { pageDescription, usePageHead } from '../../app/head/index.ts';
import { useNow } from '../use-now.ts';
import { ShowDetail } from '../show-detail/show-detail.tsx';
import NotFoundPage from '../not-found/not-found-page.tsx';
import { showPreviewQuery } from './show-preview.queries.ts';
import styles from './show-preview-page.module.css';

/**
 * /apercu/:token — a show's page as saved now, drafts included, for whoever holds the signed link.
 * A refused link shows the site's not-found page here, at the link's own address (the server answers
 * it with the 404 status).
 */
export default function ShowPreviewPage() {
  const { token = '' } = useParams();
  const preview = useQuery(showPreviewQuery(token));
  if (preview.data === null || preview.isError) return <NotFoundPage />;
  if (!preview.data) return <Loading block />;
  return <PreviewedShow show={preview.data.data} images={preview.data.images} />;
}

function PreviewedShow({ show, images }: { show: Show; images: ImageMap }) {
  const now = useNow();
  // noindex: the link is for one reader (the server also sends X-Robots-Tag); no structured data for a draft.
  usePageHead({
    title: showPreviewTexts.pageTitle(show.name),
    description: pageDescription(show.pitch),
    type: 'article',
    image: show.photo ? { url: show.photo, alt: `${show.name}, photo du spectacle` } : undefined,
    noindex: true,
  });
  return (
    <>
      <PreviewBanner />
      <ShowDetail show={show} now={now} images={images} />
    </>
  );
}

export function PreviewBanner() {
  return (
    <div className={styles.banner} role="note">
      <p>{showPreviewTexts.banner}</p>
    </div>
  );
}
