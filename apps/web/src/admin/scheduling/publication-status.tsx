import type { ScheduleValues } from '@bande/shared';
import { formatPerformanceDate } from '@bande/shared/format/french-dates';
import { StatusBadge, ui } from '../ui/layout.tsx';

/**
 * The status cell of a table: « Publié » / « Brouillon », and under it what is planned, in Paris time
 * (« Programmé le mardi 3 mars 2026 - 20h30 », « Retrait programmé le … »).
 */
export function PublicationStatus({ item }: { item: ScheduleValues & { published: boolean } }) {
  return (
    <span className={ui.statusCell}>
      <StatusBadge published={item.published} />
      {item.publishAt ? <span className={ui.hint}>Programmé le {formatPerformanceDate(item.publishAt)}</span> : null}
      {item.unpublishAt ? <span className={ui.hint}>Retrait programmé le {formatPerformanceDate(item.unpublishAt)}</span> : null}
    </span>
  );
}
