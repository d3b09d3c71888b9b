import type { Venue } from '@bande/shared';
import { AdminButton, IconButton } from '../ui/button.tsx';
import { SelectField, TextField } from '../ui/field.tsx';
import { PlusIcon, TrashIcon } from '../ui/icons.tsx';
import { ui } from '../ui/layout.tsx';
import { AddressAutocomplete } from '../venues/address-autocomplete.tsx';
import { emptyPerformance, type PerformanceRow } from './show-form-state.ts';
import styles from './shows.module.css';

interface Props {
  rows: PerformanceRow[];
  onChange: (rows: PerformanceRow[]) => void;
  venues: Venue[];
  searchUrl: string | undefined;
  /** The message of a row's field ('performances.0.date'), the shared schema's or the server's. */
  errorOf: (path: string) => string | undefined;
}

/**
 * Performances: local date and time, a saved venue (fills name, address and, when « Places » is
 * empty, the venue's default capacity) or a free address, booking link or « Places » (reservations on
 * the site).
 */
export function PerformancesEditor({ rows, onChange, venues, searchUrl, errorOf }: Props) {
  const update = (key: string, patch: Partial<PerformanceRow>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  // A venue picked: its name and address, and its default capacity unless the row already has one.
  const pickVenue = (row: PerformanceRow, venue: Venue) =>
    update(row.key, {
      venueName: venue.name,
      address: venue.address,
      ...(row.capacity.trim() === '' && venue.defaultCapacity !== null ? { capacity: String(venue.defaultCapacity) } : {}),
    });

  return (
    <fieldset className={ui.fieldset}>
      <legend>Représentations</legend>
      <p className={styles.sectionNote}>Les heures sont celles de Paris, où que vous soyez. Une représentation sans date ou sans adresse n’est pas enregistrée.</p>
      {rows.length === 0 ? <p className={styles.emptyLine}>Aucune représentation.</p> : null}
      <div className={styles.rows}>
        {rows.map((row, index) => {
          const pickedVenue = venues.find((venue) => venue.name === row.venueName && venue.address === row.address);
          return (
            <div key={row.key} className={styles.rowCard} role="group" aria-label={`Représentation ${index + 1}`}>
              <div className={styles.rowHead}>
                <span className={styles.rowTitle}>Représentation {index + 1}</span>
                <IconButton label={`Retirer la représentation ${index + 1}`} danger onClick={() => onChange(rows.filter((r) => r.key !== row.key))}>
                  <TrashIcon />
                </IconButton>
              </div>
              <div className={ui.row}>
                <TextField
                  label="Date et heure"
                  type="datetime-local"
                  value={row.date}
                  onChange={(event) => update(row.key, { date: event.target.value })}
                  error={errorOf(`performances.${index}.date`)}
                />
                <SelectField
                  label="Lieu enregistré"
                  value={pickedVenue ? String(pickedVenue.id) : ''}
                  onChange={(event) => {
                    const venue = venues.find((candidate) => String(candidate.id) === event.target.value);
                    if (venue) pickVenue(row, venue);
                  }}
                >
                  <option value="">— Choisir un lieu —</option>
                  {venues.map((venue) => (
                    <option key={venue.id} value={venue.id}>
                      {venue.name}
                    </option>
                  ))}
                </SelectField>
              </div>
              <div className={ui.row}>
                <TextField
                  label="Nom du lieu"
                  value={row.venueName}
                  onChange={(event) => update(row.key, { venueName: event.target.value })}
                  hint="Vide : « Lieu à préciser »."
                  error={errorOf(`performances.${index}.venueName`)}
                />
                <AddressAutocomplete
                  label="Adresse"
                  value={row.address}
                  onChange={(address) => update(row.key, { address })}
                  onPick={(suggestion) => {
                    if (!suggestion.venueName) return;
                    const venue = venues.find((candidate) => candidate.name === suggestion.venueName && candidate.address === suggestion.address);
                    if (venue) pickVenue(row, venue);
                    else update(row.key, { address: suggestion.address, venueName: suggestion.venueName });
                  }}
                  venues={venues}
                  searchUrl={searchUrl}
                  error={errorOf(`performances.${index}.address`)}
                />
              </div>
              <div className={ui.row}>
                <TextField
                  label="Lien de réservation"
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  value={row.bookingLink}
                  onChange={(event) => update(row.key, { bookingLink: event.target.value })}
                  hint="Réservations sur un autre site."
                  error={errorOf(`performances.${index}.bookingLink`)}
                />
                <TextField
                  label="Places"
                  inputMode="numeric"
                  value={row.capacity}
                  onChange={(event) => update(row.key, { capacity: event.target.value })}
                  hint="Réservations sur ce site, de 1 à 10000 places. Vide : aucune."
                  error={errorOf(`performances.${index}.capacity`)}
                />
              </div>
            </div>
          );
        })}
      </div>
      <div>
        <AdminButton small icon={<PlusIcon />} onClick={() => onChange([...rows, emptyPerformance()])}>
          Ajouter une représentation
        </AdminButton>
      </div>
    </fieldset>
  );
}
