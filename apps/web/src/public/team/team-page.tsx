import { imageOf } from '@bande/shared/images';
import { Card } from '../../components/card.tsx';
import { Photo } from '../../components/photo.tsx';
import { ListPage } from '../../components/layout.tsx';
import { EmptyState, QueryList } from '../../components/feedback.tsx';
import { pageDescription, usePageHead } from '../../app/head/index.ts';
import { usePublishedMemberImages, usePublishedMembers } from './members.queries.ts';
import styles from './team-page.module.css';
import { deName } from '@bande/shared/format/elision';
import { frenchTypography } from '@bande/shared/format/french-typography';
import { usePageWords } from '../../lib/site-content.ts';

/**
 * The portrait's width, from the CSS: 38 % of the card beside the text on phones, a column of at least
 * 15.5rem (at most about 24rem) above.
 */
const PORTRAIT_SIZES = '(max-width: 36rem) 38vw, 24rem';

const initials = (fullName: string) =>
  fullName
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .slice(0, 2)
    .join('');

export default function TeamPage() {
  const words = usePageWords();
  const members = usePublishedMembers();
  const images = usePublishedMemberImages();
  const names = members.data?.map((member) => member.fullName) ?? [];
  usePageHead({
    title: 'La Bande',
    description: pageDescription(
      names.length > 0
        ? `La troupe de La Bande à Lire : ${names.join(', ')}. Les voix qui font vivre les textes, d'une scène à l'autre.`
        : "Comédiennes et comédiens, lecteurs, musiciens, metteurs en scène : les voix de La Bande à Lire qui font vivre les textes, d'une scène à l'autre.",
    ),
  });
  return (
    <ListPage
      eyebrow={words('teamEyebrow')}
      title="La Bande"
      lead={words('teamLead')}
    >
      <QueryList
        query={members}
        empty={<EmptyState title={words('teamEmptyTitle')}>{words('teamEmptyText')}</EmptyState>}
      >
        {(published) => (
          <ul role="list" className={styles.grid}>
            {published.map((member, index) => (
              <Card
                key={member.id}
                as="li"
                tone="flat"
                className={styles.member}
                media={
                  <Photo
                    src={member.photo}
                    alt={`Portrait ${deName(member.fullName)}`}
                    width={800}
                    height={1000}
                    info={imageOf(images, member.photo)}
                    sizes={PORTRAIT_SIZES}
                    // Under the page header, the first portrait is above the fold on a phone.
                    priority={index === 0}
                    placeholderLabel={initials(member.fullName)}
                  />
                }
                eyebrow={member.role}
                title={member.fullName}
                headingLevel={2}
              >
                {member.note ? <p>{frenchTypography(member.note)}</p> : null}
              </Card>
            ))}
          </ul>
        )}
      </QueryList>
    </ListPage>
  );
}
