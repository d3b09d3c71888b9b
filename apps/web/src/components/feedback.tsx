import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { texts } from '@bande/shared/texts';
import styles from './feedback.module.css';

export interface EmptyStateProps {
  title: ReactNode;
  children?: ReactNode;
  /**
   * Where to go instead: a secondary Button to another page. Passed in rather than drawn here, so that
   * this module (in the entry chunk) does not import Button: that import made the bundler give Button a
   * file of its own, one more request on every page.
   */
  action?: ReactNode;
}

/** A friendly, centred message when a list has nothing to show. */
export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      <svg className={styles.emptyIcon} viewBox="0 0 64 40" width="64" height="40" aria-hidden="true" focusable="false">
        <path d="M2 4h60v4c-5 0-5 5-10 5s-5-5-10-5-5 5-10 5-5-5-10-5-5 5-10 5-5-5-10-5z" fill="currentColor" />
        <path d="M6 12v26M58 12v26M2 38h60" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
      </svg>
      <p className={styles.emptyTitle}>{title}</p>
      {children ? <div className={styles.emptyText}>{children}</div> : null}
      {action ? <div className={styles.emptyAction}>{action}</div> : null}
    </div>
  );
}

/** Why a failed request failed: the spec's 'Erreur : API GET {status} on {path}'. */
export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return texts.errors.dataLoad(message);
}

export interface ErrorMessageProps {
  /** The thrown error (its message is shown after 'Erreur : '). */
  error: unknown;
  /** Optional retry action. */
  onRetry?: () => void;
}

/** A load failure, announced to screen readers. */
export function ErrorMessage({ error, onRetry }: ErrorMessageProps) {
  return (
    <div className={styles.error} role="alert">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <p>{errorText(error)}</p>
      {onRetry ? (
        <button type="button" className={styles.retry} onClick={onRetry}>
          Réessayer
        </button>
      ) : null}
    </div>
  );
}

export interface LoadingProps {
  /** Announced text (default 'Chargement...'). */
  label?: string;
  /** Takes the height of a section so that the page does not jump. */
  block?: boolean;
}

/** A polite loading indicator: three footlights and 'Chargement...'. */
export function Loading({ label = texts.loading, block = false }: LoadingProps) {
  return (
    <div className={[styles.loading, block ? styles.loadingBlock : ''].filter(Boolean).join(' ')} role="status">
      <span className={styles.lights} aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <span>{label}</span>
    </div>
  );
}

export interface AlertProps {
  tone: 'success' | 'error';
  children: ReactNode;
}

/** A message after a form is sent (role=alert so that it is read at once). */
export function Alert({ tone, children }: AlertProps) {
  return (
    <div role="alert" className={`${styles.alert} ${tone === 'success' ? styles.success : styles.danger}`}>
      {children}
    </div>
  );
}

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
