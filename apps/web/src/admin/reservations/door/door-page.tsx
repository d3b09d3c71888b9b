import { useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { Link, useParams } from 'react-router';
import { onlineManager, QueryClientProvider, useMutation, useMutationState, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { formatPerformanceDate } from '@bande/shared/format/french-dates';
import { texts } from '@bande/shared/texts';
import { errorMessage } from '../../lib/admin-api.ts';
import { reservationsTexts } from '../reservations-texts.ts';
import {
  CHECK_IN_KEY,
  doorClient,
  doorPartiesKey,
  doorPerformancesKey,
  DOOR_REFRESH_MS,
  fetchDoorParties,
  fetchDoorPerformances,
  resumeStoredCheckIns,
  type CheckInVariables,
  type DoorParty,
} from './door-client.ts';
import { matchesName } from './name-search.ts';
import styles from './door.module.css';

const t = reservationsTexts.doorScreen;
const byName = new Intl.Collator('fr', { sensitivity: 'base' });
const clock = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' });

/** /admin/dashboard/reservations/:performanceId/entrees: the door of one performance, on its own client. */
export default function DoorPage({ client }: { client?: QueryClient }) {
  const { performanceId } = useParams();
  const id = Number(performanceId);
  return (
    <QueryClientProvider client={client ?? doorClient()}>
      <DoorScreen performanceId={id} />
    </QueryClientProvider>
  );
}

const useOnline = () =>
  useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );

function DoorScreen({ performanceId }: { performanceId: number }) {
  const client = useQueryClient();
  const online = useOnline();
  const [search, setSearch] = useState('');
  const searchId = useId();
  const hintId = useId();

  // Check-ins left unsent by an earlier page (closed, reloaded) leave as soon as the network allows.
  useEffect(() => {
    void resumeStoredCheckIns(client);
  }, [client]);

  const performances = useQuery({ queryKey: doorPerformancesKey, queryFn: fetchDoorPerformances, refetchInterval: DOOR_REFRESH_MS });
  const parties = useQuery({ queryKey: doorPartiesKey(performanceId), queryFn: () => fetchDoorParties(performanceId), refetchInterval: DOOR_REFRESH_MS });
  const performance = performances.data?.find((item) => item.performanceId === performanceId);

  // The check-ins not yet acknowledged, oldest first: the last one of a party is what it shows.
  const queued = useMutationState({ filters: { mutationKey: CHECK_IN_KEY, status: 'pending' }, select: (mutation) => mutation.state.variables as CheckInVariables });
  const failed = useMutationState({
    filters: { mutationKey: CHECK_IN_KEY, status: 'error' },
    select: (mutation) => ({ mutationId: mutation.mutationId, variables: mutation.state.variables as CheckInVariables, error: mutation.state.error }),
  });
  const queuedState = useMemo(() => {
    const state = new Map<number, boolean>();
    for (const item of queued) if (item.performanceId === performanceId) state.set(item.id, item.checkedIn);
    return state;
  }, [queued, performanceId]);

  const list = useMemo(
    () =>
      (parties.data ?? [])
        .filter((party) => party.status === 'confirmed')
        .sort((a, b) => byName.compare(a.lastName, b.lastName) || byName.compare(a.firstName, b.firstName)),
    [parties.data],
  );
  const isIn = (party: DoorParty) => queuedState.get(party.id) ?? party.checkedInAt !== null;
  const expected = list.reduce((sum, party) => sum + party.seats, 0);
  const inside = list.reduce((sum, party) => sum + (isIn(party) ? party.seats : 0), 0);
  const shown = list.filter((party) => matchesName(party, search));
  const pendingCount = queued.length;

  const status = !online ? t.offline(pendingCount) : pendingCount > 0 ? t.sending(pendingCount) : parties.dataUpdatedAt ? `${t.online} · ${t.updatedAt(clock.format(parties.dataUpdatedAt))}` : '';

  function dismiss(mutationId: number) {
    const cache = client.getMutationCache();
    const mutation = cache.getAll().find((item) => item.mutationId === mutationId);
    if (mutation) cache.remove(mutation);
  }

  return (
    <div className={styles.door}>
      <header className={styles.top}>
        <Link className={styles.back} to="/admin/dashboard" state={{ tab: 'reservations' }}>
          <span aria-hidden="true">←</span> {t.back}
        </Link>
        <h1 className={styles.title}>{performance?.showName ?? reservationsTexts.door}</h1>
        {performance ? (
          <p className={styles.when}>
            {formatPerformanceDate(performance.date)} · {performance.venueName ?? performance.address}
          </p>
        ) : null}
      </header>

      <div className={styles.sticky}>
        <div className={styles.countRow}>
          <p className={styles.count} aria-live="polite" aria-atomic="true">
            <span className={styles.countLabel}>{t.countLabel}</span>
            <span className={styles.countValue} aria-hidden="true">
              {t.inOfExpected(inside, expected)}
            </span>
            <span className={styles.visuallyHidden}>{t.inOfExpectedLong(inside, expected)}</span>
          </p>
          <p role="status" className={[styles.status, online ? (pendingCount > 0 ? styles.statusSending : styles.statusOnline) : styles.statusOffline].join(' ')}>
            {status}
          </p>
        </div>
        <div className={styles.search}>
          <label htmlFor={searchId} className={styles.searchLabel}>
            {t.search}
          </label>
          <input
            id={searchId}
            className={styles.searchInput}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="none"
            spellCheck={false}
            enterKeyHint="search"
            aria-describedby={hintId}
          />
          <p id={hintId} className={styles.visuallyHidden}>
            {t.searchHint}
          </p>
        </div>
      </div>

      {failed.length > 0 ? (
        <div className={styles.failures} role="alert">
          {failed.map((failure) => (
            <p key={failure.mutationId} className={styles.failure}>
              <span>{t.failed(failure.variables.name, errorMessage(failure.error, String((failure.error as Error | null)?.message ?? '')))}</span>
              <button type="button" className={styles.dismiss} onClick={() => dismiss(failure.mutationId)}>
                {t.dismiss}
              </button>
            </p>
          ))}
        </div>
      ) : null}

      {parties.isPending && !online ? (
        <p className={styles.note}>{t.neverLoaded}</p>
      ) : parties.isPending ? (
        <p role="status" className={styles.note}>
          {texts.loading}
        </p>
      ) : parties.isError && !parties.data ? (
        <p role="alert" className={styles.note}>
          {t.loadFailed}
        </p>
      ) : list.length === 0 ? (
        <p className={styles.note}>{performances.isSuccess && !performance ? t.unknownPerformance : t.empty}</p>
      ) : shown.length === 0 ? (
        <p className={styles.note}>{t.noMatch(search.trim())}</p>
      ) : (
        <ul className={styles.list} aria-label={reservationsTexts.door}>
          {shown.map((party) => (
            <PartyRow key={party.id} party={party} checkedIn={isIn(party)} queued={queuedState.has(party.id)} />
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * One party: the whole row is the checkbox's label, a big target for a thumb. Its accessible name is
 * the party's name alone; the seats are its description.
 */
function PartyRow({ party, checkedIn: known, queued }: { party: DoorParty; checkedIn: boolean; queued: boolean }) {
  const seatsId = useId();
  const name = `${party.firstName} ${party.lastName}`;
  // One scope per party: its taps reach the server in the order they were made, other parties' meanwhile.
  const checkIn = useMutation<DoorParty, Error, CheckInVariables>({ mutationKey: CHECK_IN_KEY, scope: { id: `check-in-${party.id}` } });
  // The tap shows at once: the mutation's own state reaches the list a moment later (TanStack batches its notices).
  const [tapped, setTapped] = useState<boolean | null>(null);
  const checkedIn = tapped ?? known;
  useEffect(() => {
    if (tapped !== null && (queued || known === tapped)) setTapped(null);
  }, [tapped, queued, known]);
  return (
    <li>
      <label className={[styles.row, checkedIn ? styles.rowIn : ''].join(' ')}>
        <input
          type="checkbox"
          className={styles.check}
          checked={checkedIn}
          aria-label={name}
          aria-describedby={seatsId}
          onChange={() => {
            setTapped(!checkedIn);
            checkIn.mutate({ id: party.id, performanceId: party.performanceId, checkedIn: !checkedIn, name }, { onSettled: () => setTapped(null) });
          }}
        />
        <span className={styles.name}>
          <span className={styles.firstName}>{party.firstName}</span> <strong>{party.lastName}</strong>
          {queued ? <span className={styles.queued}>à envoyer</span> : null}
        </span>
        <span id={seatsId} className={styles.seats}>
          {reservationsTexts.seats(party.seats)}
        </span>
      </label>
    </li>
  );
}
