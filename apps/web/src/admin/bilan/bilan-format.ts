import { lazyParisFormatter } from '@bande/shared/format/paris-clock';

/** French numbers, percentages and Paris dates (Intl 'fr-FR', Europe/Paris), the same everywhere in the tab. */
const integer = new Intl.NumberFormat('fr-FR');
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 });
const dateTime = lazyParisFormatter({ dateStyle: 'medium', timeStyle: 'short' });
const parisDay = lazyParisFormatter({ dateStyle: 'medium' });
// A calendar day 'YYYY-MM-DD' is no instant: read at noon UTC and shown in UTC, it stays that day.
const day = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const dayShort = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', timeZone: 'UTC' });

export const formatNumber = (n: number) => integer.format(n);
export const formatRate = (rate: number | null) => (rate === null ? '—' : percent.format(rate));
export const formatDateTime = (iso: string) => dateTime().format(new Date(iso));
/** The Paris day of an instant (a performance, a letter's sending). */
export const formatParisDay = (iso: string) => parisDay().format(new Date(iso));
export const formatDay = (d: string) => day.format(new Date(`${d}T12:00:00Z`));
export const formatDayShort = (d: string) => dayShort.format(new Date(`${d}T12:00:00Z`));
