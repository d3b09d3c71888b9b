import { useEffect, useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { reservationsTexts } from '../reservations-texts.ts';
import { CHECK_IN_KEY, type CheckInVariables, type DoorParty } from './door-client.ts';
import styles from './door.module.css';
import { ui } from '../../ui/layout.tsx';

const t = reservationsTexts.doorScreen;

/** A party at the door: in or not, and how many of its seats came in. */
export interface Arrival {
  checkedIn: boolean;
  seats: number;
}

/**
 * One party: the whole row is the checkbox's label, a big target for a thumb; a tap checks the whole
 * party in. A party of several, once in, shows « 3 / 4 » with − and + to say how many came (the fourth
 * later, or never). Each tap is sent with its moment and the phone's id.
 */
export function PartyRow({ party, arrival: known, queued, deviceId }: { party: DoorParty; arrival: Arrival; queued: boolean; deviceId: string }) {
  const seatsId = useId();
  const name = `${party.firstName} ${party.lastName}`;
  // One scope per party: its taps reach the server in the order they were made, other parties' meanwhile.
  const checkIn = useMutation<unknown, Error, CheckInVariables>({ mutationKey: CHECK_IN_KEY, scope: { id: `check-in-${party.id}` } });
  // The tap shows at once: the mutation's own state reaches the list a moment later (TanStack batches its notices).
  const [tapped, setTapped] = useState<Arrival | null>(null);
  const arrival = tapped ?? known;
  useEffect(() => {
    if (tapped !== null && (queued || (known.checkedIn === tapped.checkedIn && known.seats === tapped.seats))) setTapped(null);
  }, [tapped, queued, known]);

  function send(next: Arrival) {
    setTapped(next);
    const variables: CheckInVariables = { id: party.id, performanceId: party.performanceId, checkedIn: next.checkedIn, tappedAt: new Date().toISOString(), deviceId, name };
    checkIn.mutate(next.checkedIn ? { ...variables, seats: next.seats } : variables, { onSettled: () => setTapped(null) });
  }

  const partial = arrival.checkedIn && party.seats > 1;
  return (
    <li className={styles.item}>
      <label className={[styles.row, arrival.checkedIn ? styles.rowIn : ''].join(' ')}>
        <input
          type="checkbox"
          className={styles.check}
          checked={arrival.checkedIn}
          aria-label={name}
          aria-describedby={seatsId}
          onChange={() => send(arrival.checkedIn ? { checkedIn: false, seats: 0 } : { checkedIn: true, seats: party.seats })}
        />
        <span className={styles.name}>
          <span className={styles.firstName}>{party.firstName}</span> <strong>{party.lastName}</strong>
          {queued ? <span className={styles.queued}>à envoyer</span> : null}
        </span>
        <span id={seatsId} className={styles.seats}>
          {partial ? (
            <>
              <span aria-hidden="true">{t.arrived(arrival.seats, party.seats)}</span>
              <span className={ui.visuallyHidden}>{t.arrivedLong(arrival.seats, party.seats)}</span>
            </>
          ) : (
            reservationsTexts.seats(party.seats)
          )}
        </span>
      </label>
      {partial ? (
        <div className={styles.stepper} role="group" aria-label={t.arrivedGroup(name)}>
          <button type="button" className={styles.step} aria-label={t.fewer(name)} disabled={arrival.seats <= 1} onClick={() => send({ checkedIn: true, seats: arrival.seats - 1 })}>
            <span aria-hidden="true">−</span>
          </button>
          <span className={styles.stepValue} aria-live="polite">
            {t.arrivedLong(arrival.seats, party.seats)}
          </span>
          <button type="button" className={styles.step} aria-label={t.more(name)} disabled={arrival.seats >= party.seats} onClick={() => send({ checkedIn: true, seats: arrival.seats + 1 })}>
            <span aria-hidden="true">+</span>
          </button>
        </div>
      ) : null}
    </li>
  );
}
