import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useParams } from 'react-router';
import { onlineManager, QueryClientProvider, useMutationState, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { formatPerformanceDate } from '@bande/shared/format/french-dates';
import { texts } from '@bande/shared/texts';
import { errorMessage } from '../../lib/admin-api.ts';
import { formatParisHour } from '../../lib/dates.ts';
import { reservationsTexts } from '../reservations-texts.ts';
import {
  CHECK_IN_KEY,
  doorClient,
  doorNoticesKey,
  doorPartiesKey,
  doorPerformancesKey,
  DOOR_REFRESH_MS,
  fetchDoorParties,
  fetchDoorPerformances,
  resumeStoredCheckIns,
  WALK_IN_KEY,
  type CheckInVariables,
  type DoorNotice,
  type DoorParty,
  type WalkInVariables,
} from './door-client.ts';
import { doorDeviceId } from './door-storage.ts';
import { matchesName } from './name-search.ts';
import { PartyRow, type Arrival } from './party-row.tsx';
import { WalkInForm } from './walk-in-form.tsx';
import { prefetchComingDoors } from './coming-doors.ts';
import styles from './door.module.css';
import { ui } from '../../ui/layout.tsx';

const t = reservationsTexts.doorScreen;
const byName = new Intl.Collator('fr', { sensitivity: 'base' });

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

const NO_NOTICES: DoorNotice[] = [];

/** What the server last said of a party (a party checked in before partial counts existed came whole). */
const knownArrival = (party: DoorParty): Arrival =>
  party.checkedInAt === null ? { checkedIn: false, seats: 0 } : { checkedIn: true, seats: party.checkedInSeats ?? party.seats };

function DoorScreen({ performanceId }: { performanceId: number }) {
  const client = useQueryClient();
  const online = useOnline();
  const [search, setSearch] = useState('');
  const [addingWalkIn, setAddingWalkIn] = useState(false);
  const [added, setAdded] = useState('');
  const searchId = useId();
  const hintId = useId();
  const walkInId = useId();
  const walkInButton = useRef<HTMLButtonElement>(null);
  const closeWalkIn = () => {
    setAddingWalkIn(false);
    walkInButton.current?.focus();
  };
  const deviceId = useMemo(() => doorDeviceId(window.localStorage), []);

  // Check-ins left unsent by an earlier page (closed, reloaded) leave as soon as the network allows.
  useEffect(() => {
    void resumeStoredCheckIns(client);
  }, [client]);

  // Refetched every few seconds while the page is visible (TanStack pauses the interval in a hidden tab).
  const performances = useQuery({ queryKey: doorPerformancesKey, queryFn: fetchDoorPerformances, refetchInterval: DOOR_REFRESH_MS });
  const parties = useQuery({ queryKey: doorPartiesKey(performanceId), queryFn: () => fetchDoorParties(performanceId), refetchInterval: DOOR_REFRESH_MS });
  const notices = useQuery({ queryKey: doorNoticesKey, queryFn: () => NO_NOTICES, initialData: NO_NOTICES, staleTime: Infinity }).data.filter((notice) => notice.performanceId === performanceId);
  const performance = performances.data?.find((item) => item.performanceId === performanceId);
  useEffect(() => {
    if (online && performances.data) prefetchComingDoors(client, performances.data);
  }, [client, online, performances.data]);

  // The door's own title: a phone's tabs and app switcher say which door this is.
  const showName = performance?.showName;
  useEffect(() => {
    const before = document.title;
    document.title = t.documentTitle(showName);
    return () => {
      document.title = before;
    };
  }, [showName]);

  // The writes not yet acknowledged, oldest first: the last one of a party is what it shows.
  const queued = useMutationState({ filters: { mutationKey: CHECK_IN_KEY, status: 'pending' }, select: (mutation) => mutation.state.variables as CheckInVariables });
  const queuedWalkIns = useMutationState({ filters: { mutationKey: WALK_IN_KEY, status: 'pending' }, select: (mutation) => mutation.state.variables as WalkInVariables }).filter(
    (item) => item.performanceId === performanceId,
  );
  const failed = useMutationState({
    filters: { mutationKey: ['door'], status: 'error' },
    select: (mutation) => ({ mutationId: mutation.mutationId, variables: mutation.state.variables as CheckInVariables | WalkInVariables, error: mutation.state.error }),
  });
  const queuedState = useMemo(() => {
    const state = new Map<number, Arrival>();
    for (const item of queued) if (item.performanceId === performanceId) state.set(item.id, { checkedIn: item.checkedIn, seats: item.checkedIn ? (item.seats ?? 0) : 0 });
    return state;
  }, [queued, performanceId]);

  const list = useMemo(
    () =>
      (parties.data ?? [])
        .filter((party) => party.status === 'confirmed' && party.source !== 'door')
        .sort((a, b) => byName.compare(a.lastName, b.lastName) || byName.compare(a.firstName, b.firstName)),
    [parties.data],
  );
  const arrivalOf = (party: DoorParty): Arrival => {
    const waiting = queuedState.get(party.id);
    // A queued check-in without a count (an older page's) is the whole party.
    return waiting ? { checkedIn: waiting.checkedIn, seats: waiting.checkedIn ? waiting.seats || party.seats : 0 } : knownArrival(party);
  };
  const walkInSeats =
    (parties.data ?? []).filter((party) => party.source === 'door' && party.status === 'confirmed').reduce((sum, party) => sum + party.seats, 0) +
    queuedWalkIns.reduce((sum, item) => sum + item.seats, 0);
  const expected = list.reduce((sum, party) => sum + party.seats, 0);
  const inside = list.reduce((sum, party) => sum + arrivalOf(party).seats, 0) + walkInSeats;
  const beyond = performance !== undefined && inside > performance.capacity;
  const shown = list.filter((party) => matchesName(party, search));
  const pendingCount = queued.length + queuedWalkIns.length;

  const status = !online ? t.offline(pendingCount) : pendingCount > 0 ? t.sending(pendingCount) : parties.dataUpdatedAt ? `${t.online} · ${t.updatedAt(formatParisHour(new Date(parties.dataUpdatedAt).toISOString()))}` : '';

  function dismiss(mutationId: number) {
    const cache = client.getMutationCache();
    const mutation = cache.getAll().find((item) => item.mutationId === mutationId);
    if (mutation) cache.remove(mutation);
  }
  const dismissNotice = (id: number) => client.setQueryData<DoorNotice[]>(doorNoticesKey, (list = []) => list.filter((notice) => notice.id !== id));
  const failureText = (variables: CheckInVariables | WalkInVariables, error: unknown) => {
    const detail = errorMessage(error, String((error as Error | null)?.message ?? ''));
    return 'nonce' in variables ? t.walkInFailed(detail) : t.failed(variables.name, detail);
  };

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
            <span className={ui.visuallyHidden}>{t.inOfExpectedLong(inside, expected)}</span>
          </p>
          <p role="status" className={[styles.status, online ? (pendingCount > 0 ? styles.statusSending : styles.statusOnline) : styles.statusOffline].join(' ')}>
            {status}
          </p>
        </div>
        {walkInSeats > 0 || beyond ? (
          <p className={styles.extra}>
            {walkInSeats > 0 ? <span>{t.walkIns(walkInSeats)}</span> : null}
            {beyond ? <strong className={styles.beyond}>{t.beyondCapacity(performance.capacity)}</strong> : null}
          </p>
        ) : null}
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
          <p id={hintId} className={ui.visuallyHidden}>
            {t.searchHint}
          </p>
        </div>
      </div>

      <div className={styles.walkInBar}>
        <button ref={walkInButton} type="button" className={styles.secondary} aria-expanded={addingWalkIn} aria-controls={addingWalkIn ? walkInId : undefined} onClick={() => setAddingWalkIn((open) => !open)}>
          <span aria-hidden="true">+</span> {t.walkIn}
        </button>
        <p aria-live="polite" className={styles.added}>
          {added}
        </p>
      </div>
      {addingWalkIn ? (
        <div id={walkInId}>
          <WalkInForm
            performanceId={performanceId}
            deviceId={deviceId}
            onAdded={(count) => {
              setAdded(t.walkInAdded(count));
              closeWalkIn();
            }}
            onClose={closeWalkIn}
          />
        </div>
      ) : null}

      {failed.length > 0 || notices.length > 0 ? (
        <div className={styles.failures} role="alert">
          {notices.map((notice) => (
            <p key={`notice-${notice.id}`} className={[styles.failure, styles.notice].join(' ')}>
              <span>{t.otherDevice(notice.name, formatParisHour(notice.checkedInAt))}</span>
              <button type="button" className={styles.dismiss} onClick={() => dismissNotice(notice.id)}>
                {t.dismiss}
              </button>
            </p>
          ))}
          {failed.map((failure) => (
            <p key={failure.mutationId} className={styles.failure}>
              <span>{failureText(failure.variables, failure.error)}</span>
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
            <PartyRow key={party.id} party={party} arrival={arrivalOf(party)} queued={queuedState.has(party.id)} deviceId={deviceId} />
          ))}
        </ul>
      )}
    </div>
  );
}
