import { Card } from '../../components/card.tsx';
import { Photo } from '../../components/photo.tsx';
import { Container, PageHeader, Section } from '../../components/layout.tsx';
import { EmptyState, ErrorMessage, Loading } from '../../components/feedback.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { usePublishedMembers } from './members.queries.ts';
import styles from './team-page.module.css';

const initials = (fullName: string) =>
  fullName
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .slice(0, 2)
    .join('');

export default function TeamPage() {
  useDocumentTitle('La Bande');
  const members = usePublishedMembers();
  return (
    <>
      <PageHeader
        eyebrow="La troupe"
        title="La Bande"
        lead="Comédiennes et comédiens, lecteurs, musiciens, metteurs en scène : les voix qui font vivre les textes, d'une scène à l'autre."
      />
      <Section>
        <Container size="wide">
          {members.isPending ? (
            <Loading block />
          ) : members.isError ? (
            <ErrorMessage error={members.error} />
          ) : members.data.length === 0 ? (
            <EmptyState title="La troupe se présente bientôt.">Les portraits de la Bande arrivent très vite sur cette page.</EmptyState>
          ) : (
            <ul role="list" className={styles.grid}>
              {members.data.map((member, index) => (
                <Card
                  key={member.id}
                  as="li"
                  tone="flat"
                  className={styles.member}
                  media={
                    <Photo
                      src={member.photo}
                      alt={`Portrait de ${member.fullName}`}
                      width={800}
                      height={1000}
                      loading={index < 4 ? 'eager' : 'lazy'}
                      placeholderLabel={initials(member.fullName)}
                    />
                  }
                  eyebrow={member.role}
                  title={member.fullName}
                  headingLevel={2}
                >
                  {member.note ? <p>{member.note}</p> : null}
                </Card>
              ))}
            </ul>
          )}
        </Container>
      </Section>
    </>
  );
}
