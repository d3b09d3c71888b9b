import type { Show, ShowInput } from '@bande/shared';
import { SHOW_TYPES } from '@bande/shared/constants';
import { parisWallClock } from '@bande/shared/format/paris-clock';
import { isoToLocalInput, localInputToIso, newKey } from '../lib/dates.ts';
import { capacityOf } from '../lib/capacity.ts';
import { scheduleInputsOf, schedulePayload, type ScheduleInputs } from '../scheduling/schedule-inputs.ts';

export interface CreditMemberRow {
  key: string;
  memberId: string;
  role: string;
}
export interface CreditRow {
  key: string;
  category: string;
  members: CreditMemberRow[];
}
export interface PerformanceRow {
  key: string;
  /** The saved performance's id: sent back so that it keeps it (its reservations hang on it); none for a new row. */
  id?: number;
  /** datetime-local value, Paris wall clock whatever the computer's zone (lib/dates.ts). */
  date: string;
  venueName: string;
  address: string;
  bookingLink: string;
  /** « Places »: the seats booked on the site; empty = no reservations on the site. */
  capacity: string;
}
export interface BookFields {
  name: string;
  type: string;
  description: string;
  note: string;
  photo: string | null;
}
export interface AuthorFields {
  name: string;
  date: string;
  description: string;
  photo: string | null;
}

/** The show form's values; « Publier le » / « Retirer le » under the body's own names (scheduling/schedule-fields.tsx). */
export interface ShowFormState extends ScheduleInputs {
  name: string;
  type: string;
  year: string;
  pitch: string;
  note: string;
  quote: string;
  remerciement: string;
  photo: string | null;
  credits: CreditRow[];
  performances: PerformanceRow[];
  bookEnabled: boolean;
  book: BookFields;
  authorEnabled: boolean;
  author: AuthorFields;
  regenerateSlug: boolean;
}

export const emptyPerformance = (): PerformanceRow => ({ key: newKey(), date: '', venueName: '', address: '', bookingLink: '', capacity: '' });
export const emptyCredit = (): CreditRow => ({ key: newKey(), category: '', members: [] });
export const emptyCreditMember = (): CreditMemberRow => ({ key: newKey(), memberId: '', role: '' });

export function toFormState(show: Show | null): ShowFormState {
  return {
    name: show?.name ?? '',
    type: show?.type ?? SHOW_TYPES[0],
    // The current year in Paris: at midnight on New Year's Eve there, a computer in New York still shows the old one.
    year: show?.year ?? String(parisWallClock(Date.now()).year),
    pitch: show?.pitch ?? '',
    note: show?.note ?? '',
    quote: show?.quote ?? '',
    remerciement: show?.remerciement ?? '',
    photo: show?.photo ?? null,
    credits: (show?.credits ?? []).map((credit) => ({
      key: newKey(),
      category: credit.category,
      members: credit.members.map((member) => ({ key: newKey(), memberId: String(member.memberId), role: member.role ?? '' })),
    })),
    performances: (show?.performances ?? []).map((performance) => ({
      key: newKey(),
      id: performance.id,
      date: isoToLocalInput(performance.date),
      venueName: performance.venueName ?? '',
      address: performance.address,
      bookingLink: performance.bookingLink ?? '',
      capacity: performance.capacity === null ? '' : String(performance.capacity),
    })),
    bookEnabled: Boolean(show?.book),
    book: {
      name: show?.book?.name ?? '',
      type: show?.book?.type ?? '',
      description: show?.book?.description ?? '',
      note: show?.book?.note ?? '',
      photo: show?.book?.photo ?? null,
    },
    authorEnabled: Boolean(show?.author),
    author: {
      name: show?.author?.name ?? '',
      date: show?.author?.date ?? '',
      description: show?.author?.description ?? '',
      photo: show?.author?.photo ?? null,
    },
    regenerateSlug: false,
    ...scheduleInputsOf(show),
  };
}

/**
 * The request body of spec section 5: performance dates converted from Paris time to ISO, empty
 * venueName/bookingLink as null; book and author sent only when enabled and named, enabled-but-unnamed
 * as null, disabled omitted. (The shared schema then drops blank categories and incomplete performances.)
 */
export function toPayload(state: ShowFormState, editing: boolean): ShowInput {
  const payload: ShowInput = {
    name: state.name,
    type: state.type as ShowInput['type'],
    year: state.year,
    pitch: state.pitch,
    note: state.note,
    quote: state.quote,
    remerciement: state.remerciement,
    photo: state.photo,
    credits: state.credits.map((credit) => ({
      category: credit.category,
      members: credit.members
        .filter((member) => member.memberId !== '')
        .map((member) => ({ memberId: Number(member.memberId), role: member.role })),
    })),
    performances: state.performances.map((performance) => ({
      ...(performance.id === undefined ? {} : { id: performance.id }),
      date: localInputToIso(performance.date),
      address: performance.address,
      venueName: performance.venueName.trim() || null,
      bookingLink: performance.bookingLink.trim() || null,
      capacity: capacityOf(performance.capacity),
    })),
    ...schedulePayload(state),
  };
  if (state.bookEnabled) payload.book = state.book.name.trim() ? { ...state.book, name: state.book.name.trim() } : null;
  if (state.authorEnabled) payload.author = state.author.name.trim() ? { ...state.author, name: state.author.name.trim() } : null;
  if (editing && state.regenerateSlug) payload.regenerateSlug = true;
  return payload;
}
