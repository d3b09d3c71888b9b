import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { Container, Drapes, Section, SectionHeading, Valance } from '../../components/layout.tsx';
import { EmptyState, QueryList } from '../../components/feedback.tsx';
import { associationJsonLd, homeTitle, usePageHead, useSiteUrl } from '../../app/head/index.ts';
import { frenchTypography } from '@bande/shared/format/french-typography';
import { usePageWords, useSiteContent } from '../../lib/site-content.ts';
import { useFeaturedShowImages, useFeaturedShows } from '../shows/shows.queries.ts';
import { FeaturedShowCard } from '../shows/show-cards.tsx';
import { AgendaLink } from '../shows/agenda-link.tsx';
import { useCardConfig } from '../card/card-config.queries.ts';
import { CardSection } from '../card/card-section.tsx';
import { CardRequestModal } from '../card/card-request-modal.tsx';
import { useNow } from '../use-now.ts';
import { Formats } from './formats.tsx';
import { HorsCadre } from './hors-cadre.tsx';
import styles from './home-page.module.css';

export default function HomePage() {
  const siteUrl = useSiteUrl();
  const content = useSiteContent();
  usePageHead({
    title: homeTitle(content.associationName),
    full: true,
    description: `${content.associationName} fait entendre les livres : lectures théâtrales de romans, récits et poèmes, sur scène, en médiathèque, au café ou au jardin.`,
    path: '/',
    jsonLd: [associationJsonLd(siteUrl, content)],
  });
  return (
    <>
      <Hero name={content.associationName} lead={content.homeLead} />
      <Featured />
      <Formats formats={content.formats} pageTexts={content.pageTexts} />
      <HorsCadre items={content.horsCadre} />
      <CardCallToAction />
    </>
  );
}

/** The name as the title: its second half in italics (« La Bande *à Lire* »), as the wordmark cuts it. */
function heroTitle(name: string) {
  const words = name.trim().split(/\s+/);
  const cut = Math.ceil(words.length / 2);
  const [first, second] = [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
  return second ? (
    <>
      {first} <em>{second}</em>
    </>
  ) : (
    first
  );
}

function Hero({ name, lead }: { name: string; lead: string }) {
  const words = usePageWords();
  return (
    <header className={styles.hero}>
      <Valance />
      <div className={styles.spot} aria-hidden="true" />
      <Drapes size="wide" />
      <Container>
        <div className={styles.heroInner}>
          <p className={styles.kicker}>{words('homeKicker')}</p>
          <h1 className={styles.heroTitle}>{heroTitle(name)}</h1>
          <p className={styles.heroLead}>{frenchTypography(lead)}</p>
          <div className={styles.heroActions}>
            <Button to="/shows" size="lg">
              Voir les spectacles
            </Button>
            <Button to="/team" variant="inverse" size="lg">
              Découvrir la Bande
            </Button>
          </div>
        </div>
      </Container>
    </header>
  );
}

function Featured() {
  const words = usePageWords();
  const shows = useFeaturedShows();
  const images = useFeaturedShowImages();
  const now = useNow();
  return (
    <Section labelledBy="a-l-affiche">
      <Container size="wide">
        <SectionHeading
          id="a-l-affiche"
          eyebrow={words('featuredEyebrow')}
          title="À l'affiche"
          lead={words('featuredLead')}
          action={
            <Button to="/shows" variant="ghost" arrow>
              Tous les spectacles
            </Button>
          }
        />
        <QueryList
          query={shows}
          empty={
            <EmptyState
              title={words('featuredEmptyTitle')}
              action={<Button to="/shows" variant="secondary">Parcourir le répertoire</Button>}
            >
              {words('featuredEmptyText')}
            </EmptyState>
          }
        >
          {(featured) => (
            <ul role="list" className={styles.featuredGrid}>
              {/* Under the hero, below the fold even on a phone: lazy, no priority. */}
              {featured.map((show) => (
                <FeaturedShowCard key={show.id} show={show} now={now} images={images} alone={featured.length === 1} />
              ))}
            </ul>
          )}
        </QueryList>
        <AgendaLink />
      </Container>
    </Section>
  );
}

/** Shown only when the association has switched the subscriber card on (GET /api/card-config). */
function CardCallToAction() {
  const config = useCardConfig();
  const [open, setOpen] = useState(false);
  if (!config.data?.isEnabled) return null;
  return (
    <>
      <CardSection
        title={config.data.sectionTitle}
        description={config.data.sectionDescription}
        buttonText={config.data.buttonText}
        onRequest={() => setOpen(true)}
      />
      <CardRequestModal open={open} onClose={() => setOpen(false)} config={config.data} />
    </>
  );
}
