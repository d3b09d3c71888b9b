import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Container, PageHeader, Section } from './layout.tsx';
import { ErrorMessage, Loading } from './feedback.tsx';

export interface QueryListProps<T> {
  /** The published records, as the page's query hook returns them. */
  query: UseQueryResult<T[]>;
  /** Shown when nothing is published yet (an EmptyState). */
  empty: ReactNode;
  /** Offers 'Réessayer' under the load error (refetches the query). */
  retry?: boolean;
  /** The list itself, once loaded and not empty. */
  children: (items: T[]) => ReactNode;
}

/**
 * A list of published records in each of its states: loading (keeping the height of a section, so that
 * the page does not jump), the load error, the empty state, or the list.
 */
export function QueryList<T>({ query, empty, retry = false, children }: QueryListProps<T>) {
  if (query.isPending) return <Loading block />;
  if (query.isError) return <ErrorMessage error={query.error} onRetry={retry ? () => void query.refetch() : undefined} />;
  return query.data.length === 0 ? empty : children(query.data);
}

export interface ListPageProps {
  title: ReactNode;
  eyebrow?: ReactNode;
  lead?: ReactNode;
  /** The band's content: a QueryList, and what follows it. */
  children: ReactNode;
}

/** A page that presents one list (the shows, the troupe, the partners, the gallery): the stage header, then one wide band. */
export function ListPage({ title, eyebrow, lead, children }: ListPageProps) {
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title} lead={lead} />
      <Section>
        <Container size="wide">{children}</Container>
      </Section>
    </>
  );
}
