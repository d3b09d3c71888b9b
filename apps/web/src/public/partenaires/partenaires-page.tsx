import type { Partner } from '@bande/shared/schemas/partners';
import { imageOf, type ImageMap } from '@bande/shared/images';
import { Card } from '../../components/card.tsx';
import { Photo } from '../../components/photo.tsx';
import { Button } from '../../components/button.tsx';
import { Container, ListPage, Section, SectionHeading } from '../../components/layout.tsx';
import { EmptyState, QueryList } from '../../components/feedback.tsx';
import { pageDescription, usePageHead } from '../../app/head/index.ts';
import { Paragraphs } from '../show-detail/paragraphs.tsx';
import { usePublishedPartnerImages, usePublishedPartners } from './partners.queries.ts';
import styles from './partenaires-page.module.css';
import { usePageWords } from '../../lib/site-content.ts';

const initials = (title: string) =>
  title
    .split(/[\s'’-]+/)
    .filter((word) => word.length > 2 || /^[A-Z]/.test(word))
    .map((word) => word[0]!.toUpperCase())
    .slice(0, 3)
    .join('');

export default function PartenairesPage() {
  const words = usePageWords();
  const partners = usePublishedPartners();
  const images = usePublishedPartnerImages();
  const partnerNames = partners.data?.map((partner) => partner.title) ?? [];
  usePageHead({
    title: 'Partenaires',
    description: pageDescription(
      partnerNames.length > 0
        ? `Ils accompagnent La Bande à Lire : ${partnerNames.join(', ')}. Des lieux et des structures qui font vivre la lecture avec la troupe.`
        : 'Médiathèques, théâtres, librairies, collectivités et associations : les partenaires qui ouvrent leurs portes à La Bande à Lire.',
    ),
  });
  return (
    <>
      <ListPage
        eyebrow={words('partnersEyebrow')}
        title="Partenaires"
        lead={words('partnersLead')}
      >
        <QueryList
          query={partners}
          retry
          empty={
            <EmptyState title={words('partnersEmptyTitle')} action={<Button to="/contact" variant="secondary">Devenir partenaire</Button>}>
              {words('partnersEmptyText')}
            </EmptyState>
          }
        >
          {(published) => (
            <ul role="list" className={styles.grid}>
              {published.map((partner, index) => (
                // The first logo is above the fold on a phone (its largest paint at 412 px wide).
                <PartnerCard key={partner.id} partner={partner} images={images} priority={index === 0} />
              ))}
            </ul>
          )}
        </QueryList>
      </ListPage>
      {partners.data && partners.data.length > 0 ? <JoinUs /> : null}
    </>
  );
}

/** The logo plate's width: a column of at least 19rem (four at most, about 20rem each), the whole width on phones. */
const LOGO_SIZES = '(min-width: 44rem) 24rem, 100vw';

function PartnerCard({ partner, images, priority }: { partner: Partner; images: ImageMap; priority: boolean }) {
  return (
    <Card
      as="li"
      tone="flat"
      className={styles.card}
      media={
        <Photo
          src={partner.logo}
          alt={partner.logo ? `${partner.title}, logo` : ''}
          width={480}
          height={270}
          fit="contain"
          info={imageOf(images, partner.logo)}
          sizes={LOGO_SIZES}
          priority={priority}
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
  const words = usePageWords();
  return (
    <Section tone="deep" labelledBy="devenir-partenaire">
      <Container size="narrow" className={styles.join}>
        <SectionHeading
          id="devenir-partenaire"
          eyebrow={words('partnersJoinEyebrow')}
          title="Devenir partenaire"
          lead={words('partnersJoinLead')}
          align="center"
        />
        <Button to="/contact" size="lg" arrow>
          Nous écrire
        </Button>
      </Container>
    </Section>
  );
}
