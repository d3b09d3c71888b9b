import { useState } from 'react';
import { formatPerformanceDate } from '@bande/shared/format/french-dates';
import { adminTexts } from '../admin-texts.ts';
import { AdminButton } from '../ui/button.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { EmptyState, ui } from '../ui/layout.tsx';
import { ListPanel } from '../ui/list-panel.tsx';
import { TabPage } from '../ui/tab-page.tsx';
import { usePastReservationPerformances, useReservationPerformances } from './reservations-queries.ts';
import { reservationsTexts as t } from './reservations-texts.ts';
import { PerformancePeople } from './performance-people.tsx';
import { DoorButton } from './door-button.tsx';
import type { ReservationPerformance } from '@bande/shared';
import styles from './reservations.module.css';

const sum = (list: ReservationPerformance[], pick: (item: ReservationPerformance) => number) => list.reduce((total, item) => total + pick(item), 0);

/** « Réservations »: the upcoming performances that take bookings, their counts, then one performance's people. */
export function ReservationsTab() {
  const performances = useReservationPerformances();
  const list = performances.data ?? [];
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [pastOpen, setPastOpen] = useState(false);
  const past = usePastReservationPerformances(pastOpen);
  const selected = [...list, ...(past.data ?? [])].find((item) => item.performanceId === selectedId) ?? null;

  return (
    <TabPage
      title={adminTexts.tabs.reservations}
      description={t.description}
      counters={{
        label: t.countersLabel,
        items: [
          { label: `${t.columns.confirmed} (places)`, value: sum(list, (item) => item.confirmed), tone: 'good' },
          { label: `${t.columns.pending} (places)`, value: sum(list, (item) => item.pending + item.offered), tone: 'warn' },
          { label: `${t.columns.waiting} (groupes)`, value: sum(list, (item) => item.waiting) },
        ],
      }}
    >
      <ListPanel
        query={performances}
        empty={
          <EmptyState title={t.empty}>
            <p>{t.emptyHint}</p>
          </EmptyState>
        }
      >
        <PerformancesTable list={list} selectedId={selectedId} onSelect={setSelectedId} />
      </ListPanel>
      <details className={styles.past} onToggle={(event) => setPastOpen(event.currentTarget.open)}>
        <summary>{t.past.title}</summary>
        {/* Read only when opened: those started more than 12 h ago, over 60 days. The door is over; who
            came, the no-shows and « Remercier les spectateurs » the days after are what is left to do. */}
        {pastOpen ? (
          <ListPanel
            query={past}
            empty={
              <EmptyState title={t.past.empty}>
                <p>{t.past.emptyHint}</p>
              </EmptyState>
            }
          >
            <PerformancesTable list={past.data ?? []} selectedId={selectedId} onSelect={setSelectedId} door={false} />
          </ListPanel>
        ) : null}
      </details>
      {selected ? <PerformancePeople key={selected.performanceId} performance={selected} doorOver={!list.some((item) => item.performanceId === selected.performanceId)} /> : null}
    </TabPage>
  );
}

/** The performances with their counts, one row each; « Voir » shows one's people below. */
function PerformancesTable({ list, selectedId, onSelect, door = true }: { list: ReservationPerformance[]; selectedId: number | null; onSelect: (id: number | null) => void; door?: boolean }) {
  return (
    <DataTable columns={[t.columns.performance, t.columns.confirmed, t.columns.pending, t.columns.waiting, t.columns.checkedIn, t.columns.noShows, t.columns.capacity]}>
      {list.map((item) => {
        const started = Date.parse(item.date) <= Date.now();
        const label = `${item.showName}, ${formatPerformanceDate(item.date)}`;
        const remaining = item.capacity - item.confirmed - item.pending - item.offered - item.walkIns;
        const isSelected = item.performanceId === selectedId;
        return (
          <tr key={item.performanceId} className={isSelected ? styles.selectedRow : undefined}>
            <td className={ui.cardTitle}>
              <div>
                <span className={ui.cellStrong}>{item.showName}</span>
                <span className={styles.sub}>{formatPerformanceDate(item.date)}</span>
                <span className={styles.sub}>{item.venueName ?? item.address}</span>
              </div>
            </td>
            <td data-label={t.columns.confirmed}>{t.seats(item.confirmed)}</td>
            <td data-label={t.columns.pending}>{t.seats(item.pending + item.offered)}</td>
            <td data-label={t.columns.waiting}>{t.parties(item.waiting)}</td>
            <td data-label={t.columns.checkedIn}>
              <span>
                {t.arrivedOfBooked(item.checkedIn, item.confirmed)}
                {item.walkIns > 0 ? <span className={styles.sub}>{t.walkInsPart(item.walkIns)}</span> : null}
              </span>
            </td>
            <td data-label={t.columns.noShows}>
              {/* Before the start, those not checked in yet are still on their way. */}
              {started ? (
                t.seats(item.noShows)
              ) : (
                <span title={t.notStartedYet}>
                  <span aria-hidden="true">—</span>
                  <span className={ui.visuallyHidden}>{t.notStartedYet}</span>
                </span>
              )}
            </td>
            <td data-label={t.columns.capacity}>
              <span>
                {item.capacity} <span className={styles.sub}>{t.remaining(remaining)}</span>
                {item.beyondCapacity ? (
                  <>
                    {' '}
                    <span className={[ui.badge, styles.beyond].join(' ')}>{t.beyondCapacity}</span>
                  </>
                ) : null}
              </span>
            </td>
            <td className={ui.actionsCell}>
              <div className={styles.rowActions}>
                <AdminButton small variant={isSelected ? 'primary' : 'secondary'} aria-pressed={isSelected} aria-label={t.showOf(label)} onClick={() => onSelect(isSelected ? null : item.performanceId)}>
                  {t.show}
                </AdminButton>
                {door ? (
                  <DoorButton small performanceId={item.performanceId} label={t.doorOf(label)}>
                    {t.door}
                  </DoorButton>
                ) : null}
              </div>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}

