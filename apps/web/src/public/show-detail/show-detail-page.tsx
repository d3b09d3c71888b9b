import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Loading } from '../../components/feedback.tsx';
import { pageDescription, usePageHead, useSiteUrl } from '../../app/head/index.ts';
import { useShowBySlug, useShowImages } from '../shows/shows.queries.ts';
import { useNow } from '../use-now.ts';
import { useParisDates } from '../../app/dates/paris-dates.tsx';
import { theaterEventsJsonLd } from './theater-event-json-ld.ts';
import { ShowDetail } from './show-detail.tsx';
import { useSiteContent } from '../../lib/site-content.ts';

export default function ShowDetailPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const show = useShowBySlug(slug);
  const images = useShowImages(slug);
  const now = useNow();
  const siteUrl = useSiteUrl();
  const { isoWithOffset } = useParisDates();
  const { associationName } = useSiteContent();
  const data = show.data;
  usePageHead(
    data
      ? {
          title: data.name,
          description: pageDescription(data.pitch),
          path: `/show/${encodeURIComponent(data.slug)}`,
          type: 'article',
          image: data.photo ? { url: data.photo, alt: `${data.name}, photo du spectacle` } : undefined,
          jsonLd: theaterEventsJsonLd(data, { now, siteUrl, isoWithOffset, organizer: associationName }),
        }
      : {
          title: 'Spectacle',
          description: `Une lecture théâtrale de ${associationName} : le spectacle, son équipe, ses prochaines dates et les réservations.`,
        },
  );

  // Any failure (unknown slug, server error) leads to the not-found page, replacing this entry in history.
  useEffect(() => {
    if (show.isError) navigate('/not-found', { replace: true });
  }, [show.isError, navigate]);

  if (!show.data) return <Loading block />;
  return <ShowDetail show={show.data} now={now} images={images} />;
}
