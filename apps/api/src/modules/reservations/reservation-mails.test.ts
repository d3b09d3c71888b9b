import { describe, expect, it } from 'vitest';
import { bookingTexts } from '@bande/shared/booking-texts';
import { confirmedMail, confirmMail, mailOfState, offerMail, reminderMail, waitingMail } from './reservation-mails.ts';

const NB = '\u00a0';
const ctx = { siteUrl: 'https://labandealire.example', now: () => new Date('2026-03-03T19:30:00Z') };
const performance = { id: 7, date: '2026-04-10T18:30:00.000Z', address: '2 rue des Halles, 37000 Tours', venueName: 'Médiathèque', showName: 'Le « Grand » soir', showSlug: 'grand-soir' };
const reservation = (seats: number) => ({
  firstName: 'Camille',
  email: 'camille@example.org',
  seats,
  holdExpiresAt: '2026-03-03T19:50:00.000Z',
  offerExpiresAt: '2026-03-04T19:30:00.000Z',
});
const all = (seats: number) => [confirmMail, confirmedMail, waitingMail, offerMail, reminderMail].map((mail) => mail(ctx, performance, reservation(seats), 'jeton-de-test'));

/** Plain spaces where French typography wants a no-break one, and typewriter marks. */
function typographyFaults(text: string): string[] {
  const faults: string[] = [];
  if (/ [:;!?]/.test(text)) faults.push('espace simple avant : ; ! ?');
  if (/« | »/.test(text)) faults.push('espace simple dans « »');
  if (text.includes("'")) faults.push('apostrophe droite');
  if (text.includes('...')) faults.push('trois points');
  if (/\bemail\b/i.test(text)) faults.push('« email »');
  return faults;
}

describe('reservation mails', () => {
  it('speak of one seat in the singular', () => {
    const [confirm, , waiting, offer, reminder] = all(1);
    expect(offer!.text).toContain('1 place vous attend pour');
    expect(offer!.text).toContain('Pour la prendre,');
    expect(offer!.text).toContain('Elle vous est gardée jusqu’au');
    expect(offer!.text).toContain('Libérez-la tout de suite');
    expect(confirm!.text).toContain('La place vous est gardée jusqu’au');
    expect(waiting!.text).toContain('Dès qu’une place se libère');
    expect(reminder!.text).toContain('votre place profite');
    for (const mail of all(1)) expect(mail.text, mail.subject).not.toMatch(/1 places|vous attendent|les prendre|Elles vous sont|Les places vous sont|vos places/);
  });

  it('and of several in the plural', () => {
    const [confirm, , waiting, offer] = all(3);
    expect(offer!.text).toContain('3 places vous attendent pour');
    expect(offer!.text).toContain('Pour les prendre,');
    expect(offer!.text).toContain('Elles vous sont gardées jusqu’au');
    expect(confirm!.text).toContain('Les places vous sont gardées jusqu’au');
    expect(waiting!.text).toContain('Dès que 3 places sont libres à la fois');
  });

  it('name the buttons as the pages show them, and the pending mail has a cancel link', () => {
    const [confirm, , , offer] = all(2);
    expect(confirm!.text).toContain(`appuyez sur «${NB}${bookingTexts.confirmButton}${NB}»`);
    expect(offer!.text).toContain(`appuyez sur «${NB}${bookingTexts.claimButton}${NB}»`);
    expect(confirm!.text).toContain('https://labandealire.example/reservation/annulation?token=jeton-de-test');
    expect(offer!.text).not.toContain('personne suivante');
  });

  it('follow French typography everywhere, links left as they are', () => {
    for (const seats of [1, 2]) {
      for (const mail of all(seats)) {
        expect(typographyFaults(`${mail.subject}\n${mail.text}`), mail.subject).toEqual([]);
        expect(mail.text).toContain(`Spectacle${NB}: Le «${NB}Grand${NB}» soir`);
        expect(mail.text).toMatch(/https:\/\/labandealire\.example\/reservation\/[a-z-]+\?token=jeton-de-test/);
      }
    }
    // The checker itself finds what it looks for.
    expect(typographyFaults("Bonjour : l'email « x »...")).toHaveLength(5);
  });

  it('mail again the state a reservation is in, none for a finished one', () => {
    const row = (status: string) => ({ ...reservation(2), status });
    expect(mailOfState(ctx, performance, row('pending'), 't')!.subject).toBe('Confirmez votre réservation');
    expect(mailOfState(ctx, performance, row('confirmed'), 't')!.subject).toBe('Réservation confirmée');
    expect(mailOfState(ctx, performance, row('waiting'), 't')!.subject).toBe('Vous êtes sur la liste d’attente');
    expect(mailOfState(ctx, performance, row('offered'), 't')!.subject).toBe('Des places se sont libérées pour vous');
    expect(mailOfState(ctx, performance, row('cancelled'), 't')).toBeNull();
    expect(mailOfState(ctx, performance, { ...row('pending'), email: null }, 't')).toBeNull();
  });
});
