import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { WALK_IN_MAX_SEATS } from '@bande/shared/door-texts';
import { reservationsTexts } from '../reservations-texts.ts';
import { WALK_IN_KEY, type DoorParty, type WalkInVariables } from './door-client.ts';
import { randomId } from './door-storage.ts';
import styles from './door.module.css';

const t = reservationsTexts.doorScreen;

/**
 * « Ajouter à l’entrée »: people who came without booking, counted in at once, online or offline. The
 * nonce is drawn here, at the tap, and travels with the queued write: a replay records nothing more.
 */
export function WalkInForm({ performanceId, deviceId, onAdded, onClose }: { performanceId: number; deviceId: string; onAdded: (seats: number) => void; onClose: () => void }) {
  const add = useMutation<DoorParty, Error, WalkInVariables>({ mutationKey: WALK_IN_KEY });
  const [name, setName] = useState('');
  const [seats, setSeats] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const seatsRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  // Opened by its button: the first field is where the volunteer types next.
  useEffect(() => nameRef.current?.focus(), []);
  const nameId = useId();
  const seatsId = useId();
  const errorId = useId();
  const hintId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const count = Number(seats);
    if (!Number.isInteger(count) || count < 1 || count > WALK_IN_MAX_SEATS) {
      setError(t.walkInSeatsInvalid(WALK_IN_MAX_SEATS));
      seatsRef.current?.focus();
      return;
    }
    add.mutate({ nonce: randomId(), performanceId, name: name.trim(), seats: count, tappedAt: new Date().toISOString(), deviceId });
    onAdded(count);
  }

  return (
    <form
      className={styles.walkIn}
      noValidate
      onSubmit={submit}
      aria-labelledby={`${nameId}-title`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <h2 id={`${nameId}-title`} className={styles.walkInTitle}>
        {t.walkInTitle}
      </h2>
      <p id={hintId} className={styles.walkInHint}>
        {t.walkInHint}
      </p>
      <div className={styles.walkInFields}>
        <div className={styles.field}>
          <label htmlFor={nameId}>{t.walkInName}</label>
          <input ref={nameRef} id={nameId} className={[styles.searchInput, styles.input].join(' ')} value={name} onChange={(event) => setName(event.target.value)} maxLength={100} autoComplete="off" />
        </div>
        <div className={styles.field}>
          <label htmlFor={seatsId}>{t.walkInSeats}</label>
          <input
            ref={seatsRef}
            id={seatsId}
            className={[styles.searchInput, styles.input, styles.seatsInput].join(' ')}
            type="number"
            inputMode="numeric"
            min={1}
            max={WALK_IN_MAX_SEATS}
            value={seats}
            onChange={(event) => {
              setSeats(event.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
      </div>
      {error ? (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
      <div className={styles.walkInActions}>
        <button type="submit" className={styles.primary}>
          {t.walkInSubmit}
        </button>
        <button type="button" className={styles.secondary} onClick={onClose}>
          {t.walkInClose}
        </button>
      </div>
    </form>
  );
}
