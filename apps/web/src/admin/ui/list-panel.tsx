import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { texts } from '@bande/shared/texts';
import { technicalDetail } from '../../lib/api-client.ts';
import { adminTexts } from '../admin-texts.ts';
import { Alert, TechnicalDetail } from './alert.tsx';
import { LoadingRow, ui } from './layout.tsx';

interface ListPanelProps<T> {
  /** The tab's list query. */
  query: UseQueryResult<T[]>;
  /** Shown when the list is empty (an EmptyState with its create button). */
  empty: ReactNode;
  /** The message when the list cannot be loaded, where the spec gives one of its own ('Erreur de chargement' otherwise). */
  loadError?: string;
  /** The list itself (a table, a sortable grid), shown once loaded and not empty. */
  children: ReactNode;
}

/** The panel of a backoffice tab: its list, or the loading row, the load error or the empty state. */
export function ListPanel<T>({ query, empty, loadError, children }: ListPanelProps<T>) {
  return (
    <div className={ui.panel}>
      {query.isPending && query.fetchStatus === 'paused' ? (
        // Offline with no copy of the list on this phone: said, rather than « Chargement… » for ever.
        <p role="status" className={ui.loadingRow}>
          {adminTexts.offline.listNotKept}
        </p>
      ) : query.isPending ? (
        <LoadingRow />
      ) : query.isError ? (
        <div className={ui.loadingRow}>
          <Alert>
            {/* The spec's words first ('Erreur de chargement', or the tab's own); what the API said stays at hand for whoever helps. */}
            <p>{loadError ?? texts.errors.load}</p>
            <TechnicalDetail detail={technicalDetail(query.error)} />
          </Alert>
        </div>
      ) : query.data.length === 0 ? (
        empty
      ) : (
        children
      )}
    </div>
  );
}
