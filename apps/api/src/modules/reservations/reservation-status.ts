import type { ReservationStatusValue } from '../../db/schema.ts';

/** Statuses whose seats count against the capacity. */
export const HELD_STATUSES: ReservationStatusValue[] = ['pending', 'confirmed', 'offered'];
/** Statuses of a reservation still under way: the performance cannot be deleted under it. */
export const LIVE_STATUSES: ReservationStatusValue[] = ['pending', 'confirmed', 'offered', 'waiting'];
