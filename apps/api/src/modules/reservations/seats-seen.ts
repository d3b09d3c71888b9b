/**
 * What this server last saw of each performance's free seats, so that a burst of bookings at an opening
 * is not read once per attempt after the last seat has gone.
 *
 * Moments are numbers counted in this process. A booking notes its arrival; a read notes the moment it
 * began and what it saw (the seats left, or null when only a read under the lock can tell: a hold
 * lapsed, the performance not open). When a booking's turn comes, a read that began *after it arrived*
 * and saw too few seats refuses it with no statement: that booking is answered as if its own read had
 * run at that moment, which it could have. A booking that arrived after the read is never refused by it
 * (seats may have come back since), nor is the waiting list, nor anything on another server: each
 * server sees the shared database for itself. One small entry per performance booked, never more.
 */
export function seatsSeen() {
  const latest = new Map<number, { readFrom: number; left: number | null }>();
  let moments = 0;
  return {
    /** A new moment: a booking's arrival, or the start of a read. */
    moment: (): number => ++moments,

    /** Records what a read begun at `readFrom` saw; an older read never replaces a newer one. */
    saw(performanceId: number, readFrom: number, left: number | null): void {
      const known = latest.get(performanceId);
      if (!known || known.readFrom < readFrom) latest.set(performanceId, { readFrom, left });
    },

    /** The seats left, when a read begun after `arrived` saw fewer than `seats`; null when the booking must look for itself. */
    refuses(performanceId: number, arrived: number, seats: number): number | null {
      const known = latest.get(performanceId);
      return known && known.readFrom > arrived && known.left !== null && known.left < seats ? Math.max(0, known.left) : null;
    },
  };
}
