const pad = (value: number) => String(value).padStart(2, '0');

/** ISO instant → the value of an <input type="datetime-local"> in the browser's time zone. */
export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (local wall time) → ISO instant; blank or unreadable → null. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Performance dates in tables: 'mar. 3 mars 2026, 20:30'. */
export function formatShortDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

let nextKey = 1;
/** Stable React keys for rows added in a form (credits, performances). */
export const newKey = () => `k${nextKey++}`;
