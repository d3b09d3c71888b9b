/*
 * The staff API's shapes (issue 23's contract). Temporary local copies until res-api's shared
 * schemas are merged; then these become re-exports of @bande/shared.
 */
export type ReservationStatus = 'pending' | 'confirmed' | 'waiting' | 'offered' | 'cancelled' | 'expired';

export interface Reservation {
  id: number;
  performanceId: number;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  seats: number;
  status: ReservationStatus;
  createdAt: string;
  checkedInAt: string | null;
}

export interface ReservationPerformance {
  performanceId: number;
  showId: number;
  showName: string;
  showSlug: string;
  date: string;
  venueName: string;
  address: string;
  capacity: number;
  confirmed: number;
  pending: number;
  offered: number;
  waiting: number;
  checkedIn: number;
}
