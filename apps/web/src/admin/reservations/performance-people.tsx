import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatPerformanceDate } from '@bande/shared/format/french-dates';
import { ApiError } from '../../lib/api-client.ts';
import { endSession, errorMessage } from '../lib/admin-api.ts';
import { formatParisDateTime } from '../lib/dates.ts';
import { useAdminAction } from '../lib/mutations.ts';
import { useConfirmedDelete } from '../lib/record-actions.ts';
import { currentToken } from '../lib/session.ts';
import { downloadWithToken } from '../subscribers/csv-download.ts';
import { AdminButton } from '../ui/button.tsx';
import { useConfirm } from '../ui/confirm.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { PlusIcon } from '../ui/icons.tsx';
import { EmptyState, ui } from '../ui/layout.tsx';
import { ListPanel } from '../ui/list-panel.tsx';
import { RowActions } from '../ui/row-actions.tsx';
import { useToast } from '../ui/toast.tsx';
import { PhoneBookingModal } from './phone-booking-form.tsx';
import { reservationsKey, useReservationPeople } from './reservations-queries.ts';
import { reservationsTexts as t } from './reservations-texts.ts';
import type { Reservation, ReservationPerformance } from '@bande/shared';
import { DoorButton } from './door-button.tsx';
import { ThanksAction } from './thanks/thanks-action.tsx';
import styles from './reservations.module.css';

/** Statuses that hold seats or a place in the queue: those can be cancelled. */
const LIVE = new Set<Reservation['status']>(['pending', 'confirmed', 'waiting', 'offered']);
/** A walk-in may have no name: « Sans réservation ». */
const fullName = (reservation: Reservation) => `${reservation.firstName} ${reservation.lastName}`.trim() || t.walkInName;
const STATUS_CLASS: Partial<Record<Reservation['status'], string | undefined>> = { confirmed: ui.badgePublished, pending: ui.badgeDraft, offered: ui.badgeDraft, waiting: ui.badgeDraft };

/**
 * One performance's people, its phone booking, its CSV and its door. Once the performance has started
 * no phone booking is offered (the server refuses it, 409); once it is among « Représentations passées »
 * (`doorOver`: started more than 12 h ago) its door is not offered either: who came, the CSV and the
 * thank-you are what is left.
 */
export function PerformancePeople({ performance, doorOver = false }: { performance: ReservationPerformance; doorOver?: boolean }) {
  const people = useReservationPeople(performance.performanceId);
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [booking, setBooking] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const date = formatPerformanceDate(performance.date);
  const remove = useConfirmedDelete<Reservation>(reservationsKey, '/api/reservations', (item) => t.deleteConfirm(fullName(item), item.seats), t.deleteFailed);
  const cancel = useAdminAction(reservationsKey, (api, id: number) => api.send('POST', `/api/reservations/${id}/cancel`), t.cancelFailed);
  const list = people.data ?? [];
  // Read at each render: a panel left open past the start stops offering a booking at its next one.
  const started = Date.parse(performance.date) <= Date.now();
  const sectionRef = useRef<HTMLElement>(null);
  // On a phone the people are under the performances' cards: the chosen one's list comes into view.
  useEffect(() => {
    sectionRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, []);

  async function askCancel(item: Reservation) {
    if (await confirm({ title: t.cancelTitle, message: t.cancelConfirm(fullName(item), item.seats), confirmLabel: t.cancelConfirmLabel, cancelLabel: t.cancelKeep })) cancel.mutate(item.id);
  }

  async function onDownload() {
    setDownloading(true);
    try {
      await downloadWithToken(`/api/reservations.csv?performanceId=${performance.performanceId}`, currentToken(), t.csvFile(performance.showSlug, performance.date));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) endSession(queryClient);
      const detail = errorMessage(error, '');
      toast.show(detail ? `${t.csvFailed} : ${detail}` : t.csvFailed, 'error');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section ref={sectionRef} className={styles.people} aria-labelledby="reservation-people-title">
      <div className={styles.peopleHead}>
        <h2 id="reservation-people-title" className={styles.peopleTitle}>
          {t.peopleTitle(performance.showName, date)}
        </h2>
        <div className={styles.peopleActions}>
          {started || doorOver ? null : (
            <AdminButton variant="primary" icon={<PlusIcon />} onClick={() => setBooking(true)}>
              {t.phoneBooking}
            </AdminButton>
          )}
          <AdminButton onClick={() => void onDownload()} disabled={downloading}>
            {t.csv}
          </AdminButton>
          {doorOver ? null : <DoorButton performanceId={performance.performanceId}>{t.door}</DoorButton>}
          <ThanksAction performanceId={performance.performanceId} label={`${performance.showName}, ${date}`} />
        </div>
      </div>
      <ListPanel query={people} empty={<EmptyState title={t.peopleEmpty} />}>
        <DataTable columns={[t.peopleColumns.name, t.peopleColumns.seats, t.peopleColumns.contact, t.peopleColumns.status, t.peopleColumns.arrival]}>
          {list.map((item) => {
            const name = fullName(item);
            return (
              <tr key={item.id}>
                <td className={[ui.cardTitle, ui.cellStrong].join(' ')}>{name}</td>
                <td data-label={t.peopleColumns.seats}>{item.seats}</td>
                <td data-label={t.peopleColumns.contact} className={ui.cellMuted}>
                  <span>
                    {item.email ? <span className={styles.contactLine}>{item.email}</span> : null}
                    {item.phone ? <span className={styles.contactLine}>{item.phone}</span> : null}
                    {!item.email && !item.phone ? '—' : null}
                  </span>
                </td>
                <td data-label={t.peopleColumns.status}>
                  <span className={styles.badges}>
                    <span className={[ui.badge, STATUS_CLASS[item.status]].filter(Boolean).join(' ')}>{item.source === 'door' && item.status === 'confirmed' ? t.walkInStatus : t.status[item.status]}</span>
                    {item.beyondCapacity ? <span className={[ui.badge, styles.beyond].join(' ')}>{t.beyondCapacity}</span> : null}
                  </span>
                </td>
                <td data-label={t.peopleColumns.arrival} className={ui.cellMuted}>
                  {item.checkedInAt ? (
                    <span>
                      <span className={styles.nowrap}>{formatParisDateTime(item.checkedInAt)}</span>
                      {item.source !== 'door' && item.checkedInSeats !== null && item.seats > 1 ? <span className={styles.sub}>{t.arrivedPart(item.checkedInSeats, item.seats)}</span> : null}
                    </span>
                  ) : (
                    '—'
                  )}
                </td>
                <td className={ui.actionsCell}>
                  <div className={styles.rowActions}>
                    {LIVE.has(item.status) ? (
                      <AdminButton small variant="ghost" aria-label={t.cancelOf(name)} onClick={() => void askCancel(item)} disabled={cancel.isPending}>
                        {t.cancelShort}
                      </AdminButton>
                    ) : null}
                    <RowActions name={name} onDelete={() => remove.askDelete(item)} busy={remove.pending} />
                  </div>
                </td>
              </tr>
            );
          })}
        </DataTable>
      </ListPanel>
      {booking ? <PhoneBookingModal performance={performance} onClose={() => setBooking(false)} /> : null}
    </section>
  );
}
