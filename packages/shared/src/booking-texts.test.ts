import { describe, expect, it } from 'vitest';
import { bookingTexts } from './booking-texts.ts';
import { reservationTexts, retryIn } from './schemas/reservations.ts';

/** Every text of an object, functions called with sample values (one seat and several). */
function textsOf(value: unknown, samples: unknown[][]): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return samples.flatMap((args) => textsOf((value as (...a: unknown[]) => unknown)(...args), []));
  if (value && typeof value === 'object') return Object.values(value).flatMap((inner) => textsOf(inner, samples));
  return [];
}

/** What French typography forbids in the visitors' texts. */
function faults(text: string): string[] {
  const found: string[] = [];
  if (/ [:;!?]/.test(text)) found.push('espace simple avant : ; ! ?');
  if (/« | »/.test(text)) found.push('espace simple dans « »');
  if (text.includes("'")) found.push('apostrophe droite');
  if (text.includes('...')) found.push('« ... » au lieu de « … »');
  if (/\bemail\b/i.test(text)) found.push('« email » au lieu de « e-mail »');
  return found;
}

describe('reservation texts', () => {
  const samples = [[1, 1], [3, 4], ['camille@example.org', 20, 1], ['camille@example.org', 20, 3]];
  const visitorTexts = [
    ...textsOf(bookingTexts, samples),
    ...textsOf(
      { ...reservationTexts, capacityInvalid: '', capacityWithBookingLink: '', performanceDeletedWithReservations: '', showDeletedWithReservations: '', capacityBelowHeld: '', staffPastCapacity: '', notCheckable: '' },
      [[1, 1], [3, 3]],
    ),
  ];

  it('follow French typography (no-break spaces, ’, …, « e-mail »)', () => {
    expect(visitorTexts.length).toBeGreaterThan(60);
    for (const text of visitorTexts) expect(faults(text), text).toEqual([]);
    expect(faults("Lien : l'email « x »...")).toHaveLength(5);
  });

  it('agree with the number of seats', () => {
    expect(bookingTexts.offerUntil('lundi', 1)).toBe('Cette place vous est réservée jusqu’au lundi.');
    expect(bookingTexts.offerUntil('lundi', 2)).toBe('Ces places vous sont réservées jusqu’au lundi.');
    expect(bookingTexts.tooFewNotice(1, 3)).toContain('Il ne reste qu’une place\u00a0: choisissez-en une seule');
    expect(bookingTexts.tooFewNotice(2, 3)).toContain('Il ne reste que 2 places\u00a0: choisissez-en 2 au plus');
    expect(bookingTexts.seatsCount(1)).toBe('1 place');
    expect(bookingTexts.pendingDone('a@example.org', 30, 1)).toContain('confirmer votre place\u00a0: sans confirmation, elle est remise en vente.');
    expect(bookingTexts.pendingDone('a@example.org', 30, 3)).toContain('confirmer vos places\u00a0: sans confirmation, elles sont remises en vente.');
    expect(bookingTexts.waitingDone('a@example.org', 1)).toContain('Si une place se libère, un e-mail vous la proposera');
    expect(reservationTexts.remaining(1)).toContain('qu’une place');
    expect(reservationTexts.remaining(0)).toContain('plus de place');
    expect(retryIn(1)).toBe('Réessayez dans 1 minute.');
    expect(retryIn(60_000)).toBe('Réessayez dans 1 minute.');
    expect(retryIn(3 * 60_000 + 1)).toBe('Réessayez dans 4 minutes.');
  });

  it('say nothing technical or untrue on the link pages', () => {
    expect(bookingTexts.missingToken).not.toMatch(/jeton|token/i);
    expect(bookingTexts.offerExpired).not.toContain('personne suivante');
    expect(bookingTexts.offeredForCancel).not.toContain('personne suivante');
  });
});
