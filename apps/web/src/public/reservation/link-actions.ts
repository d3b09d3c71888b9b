import { bookingTexts } from '@bande/shared/booking-texts';
import type { ReservationStatus } from '@bande/shared/schemas/reservations';

/** The three pages the reservation mails link to, and the POST each button sends. */
export type LinkKind = 'confirm' | 'cancel' | 'claim';

export const LINK_PAGES: Record<LinkKind, { title: string; description: string; apiPath: string; busy: string }> = {
  confirm: {
    title: bookingTexts.confirmTitle,
    description: 'Confirmation de votre réservation pour un spectacle de La Bande à Lire.',
    apiPath: '/api/reservations/confirm',
    busy: bookingTexts.confirming,
  },
  cancel: {
    title: bookingTexts.cancelTitle,
    description: 'Annulation de votre réservation pour un spectacle de La Bande à Lire.',
    apiPath: '/api/reservations/cancel',
    busy: bookingTexts.cancelling,
  },
  claim: {
    title: bookingTexts.claimTitle,
    description: 'Les places qui vous sont proposées sur liste d’attente pour un spectacle de La Bande à Lire.',
    apiPath: '/api/reservations/claim',
    busy: bookingTexts.claiming,
  },
};

/** What the page offers for a reservation in this state: a button (its label) or only a note. */
export type LinkOffer = { kind: 'act'; button: string; note?: string } | { kind: 'note'; note: string; tone: 'success' | 'error' | 'info' };

export function linkOffer(kind: LinkKind, status: ReservationStatus): LinkOffer {
  if (status === 'cancelled') return { kind: 'note', note: bookingTexts.alreadyCancelled, tone: 'error' };
  if (kind === 'confirm') {
    if (status === 'pending') return { kind: 'act', button: bookingTexts.confirmButton };
    if (status === 'confirmed') return { kind: 'note', note: bookingTexts.alreadyConfirmed, tone: 'success' };
    if (status === 'expired') return { kind: 'note', note: bookingTexts.expired, tone: 'error' };
    if (status === 'offered') return { kind: 'note', note: bookingTexts.offeredForCancel, tone: 'info' };
    return { kind: 'note', note: bookingTexts.waitingState, tone: 'info' };
  }
  if (kind === 'cancel') {
    if (status === 'waiting') return { kind: 'act', button: bookingTexts.leaveButton, note: bookingTexts.waitingState };
    if (status === 'pending') return { kind: 'act', button: bookingTexts.cancelButton, note: bookingTexts.pendingForCancel };
    if (status === 'offered') return { kind: 'act', button: bookingTexts.cancelButton, note: bookingTexts.offeredForCancel };
    if (status === 'confirmed') return { kind: 'act', button: bookingTexts.cancelButton };
    return { kind: 'note', note: bookingTexts.notCancellable, tone: 'error' };
  }
  if (status === 'offered') return { kind: 'act', button: bookingTexts.claimButton };
  if (status === 'confirmed') return { kind: 'note', note: bookingTexts.alreadyConfirmed, tone: 'success' };
  if (status === 'waiting') return { kind: 'note', note: bookingTexts.notOffered, tone: 'info' };
  if (status === 'pending') return { kind: 'note', note: bookingTexts.confirmFirst, tone: 'info' };
  return { kind: 'note', note: bookingTexts.offerExpired, tone: 'error' };
}

/**
 * The message once the button's POST has been answered. A confirmation that sent no mail (pressed
 * again in an old tab: the reservation was already confirmed) does not say that one was sent.
 */
export function doneText(kind: LinkKind, previous: ReservationStatus, mailSent = true): string {
  if (kind === 'cancel') return previous === 'waiting' ? bookingTexts.leftWaitingList : bookingTexts.cancelled;
  return mailSent ? bookingTexts.confirmed : bookingTexts.alreadyConfirmed;
}

/** The state the reservation is in once the POST succeeded (shown in the summary). */
export const statusAfter = (kind: LinkKind): ReservationStatus => (kind === 'cancel' ? 'cancelled' : 'confirmed');
