import type { Partner } from '@bande/shared/schemas/partners';
import { Card } from '../../components/card.tsx';
import { Photo } from '../../components/photo.tsx';
import { Button } from '../../components/button.tsx';
import { Container, PageHeader, Section, SectionHeading } from '../../components/layout.tsx';
import { EmptyState, ErrorMessage, Loading } from '../../components/feedback.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { Paragraphs } from '../show-detail/paragraphs.tsx';
import { usePublishedPartners } from './partners.queries.ts';
import styles from './partenaires-page.module.css';

const initials = (title: string) =>
  title
    .split(/[\s'’-]+/)
    .filter((word) => word.length > 2 || /^[A-Z]/.test(word))
    .map((word) => word[0]!.toUpperCase())
    .slice(0, 3)
    .join('');

export default function PartenairesPage() {
  useDocumentTitle('Partenaires');
  const partners = usePublishedPartners();
  return (
    <>
      <PageHeader
        eyebrow="Ils nous accompagnent"
        title="Partenaires"
        lead="Médiathèques, théâtres, librairies, collectivités et associations : ceux qui ouvrent leurs portes à la Bande et font vivre la lecture avec elle."
      />
      <Section>
        <Container size="wide">
          {partners.isPending ? (
            <Loading block />
          ) : partners.isError ? (
            <ErrorMessage error={partners.error} onRetry={() => void partners.refetch()} />
          ) : partners.data.length === 0 ? (
            <EmptyState
              title="Nos partenaires seront bientôt présentés ici."
              action={
                <Button to="/contact" variant="secondary">
                  Devenir partenaire
                </Button>
              }
            >
              Vous aimeriez accueillir une lecture ou soutenir la troupe ? Parlons-en.
            </EmptyState>
          ) : (
            <ul role="list" className={styles.grid}>
              {partners.data.map((partner, index) => (
                <PartnerCard key={partner.id} partner={partner} eager={index < 3} />
              ))}
            </ul>
          )}
        </Container>
      </Section>
      {partners.data && partners.data.length > 0 ? <JoinUs /> : null}
    </>
  );
}

function PartnerCard({ partner, eager }: { partner: Partner; eager: boolean }) {
  return (
    <Card
      as="li"
      tone="flat"
      className={styles.card}
      media={
        <Photo
          src={partner.logo}
          alt={partner.logo ? `Logo de ${partner.title}` : ''}
          width={480}
          height={270}
          fit="contain"
          loading={eager ? 'eager' : 'lazy'}
          placeholderLabel={initials(partner.title)}
          className={styles.logo}
        />
      }
      title={partner.title}
      headingLevel={2}
      footer={
        partner.link ? (
          <Button href={partner.link} target="_blank" rel="noopener noreferrer" variant="secondary" size="sm" arrow>
            Visiter le site{' '}
            <span className="visually-hidden">de {partner.title} (nouvel onglet)</span>
          </Button>
        ) : null
      }
    >
      <Paragraphs text={partner.description} />
    </Card>
  );
}

function JoinUs() {
  return (
    <Section tone="deep" labelledBy="devenir-partenaire">
      <Container size="narrow" className={styles.join}>
        <SectionHeading
          id="devenir-partenaire"
          eyebrow="Et vous ?"
          title="Devenir partenaire"
          lead="Un lieu à faire résonner, un public à rencontrer, un projet à soutenir : la Bande aime les nouvelles alliances."
          align="center"
        />
        <Button to="/contact" size="lg" arrow>
          Nous écrire
        </Button>
      </Container>
    </Section>
  );
}
