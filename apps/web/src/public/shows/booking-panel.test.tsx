import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Performance } from '@bande/shared/schemas/shows';
import { texts } from '@bande/shared/texts';
import { BookingPanel } from './booking-panel.tsx';

const now = new Date('2026-03-01T12:00:00Z');
const perf = (id: number, date: string, extra: Partial<Performance> = {}): Performance => ({
  id,
  date,
  address: '12 rue des Lilas, 69003 Lyon',
  venueName: 'Théâtre des Célestins',
  bookingLink: null,
  capacity: null,
  ...extra,
});
const past = perf(1, '2026-02-01T19:30:00Z');
/** A paragraph whose whole text is `text` (the date's time sits in its own span). */
const paragraph = (text: string) => (_: string, element: Element | null) => element?.tagName === 'P' && element.textContent === text;

describe('BookingPanel (spec section 4)', () => {
  it('says that nothing is planned when no performance is later than now', () => {
    render(<BookingPanel showName="La Chatte" performances={[past, perf(2, '2026-03-01T12:00:00Z')]} now={now} />);
    expect(screen.getByText(texts.performances.none)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it("offers 'Réserver' as a link to the booking page for a single upcoming performance", () => {
    render(<BookingPanel showName="La Chatte" performances={[past, perf(2, '2026-03-03T19:30:00Z', { bookingLink: 'https://billets.example.org/chatte' })]} now={now} />);
    const link = screen.getByRole('link', { name: /^Réserver/ });
    expect(link).toHaveAttribute('href', 'https://billets.example.org/chatte');
    expect(link).toHaveTextContent(/^Réserver/);
    expect(screen.getByText(paragraph('mardi 3 mars 2026 - 20h30'))).toBeInTheDocument();
    expect(screen.queryByText(texts.performances.seeAll)).not.toBeInTheDocument();
  });

  it("opens the performances dialog from 'Réserver' when the single performance has no booking link", async () => {
    const user = userEvent.setup({ delay: null });
    render(<BookingPanel showName="La Chatte" performances={[perf(2, '2026-03-03T19:30:00Z', { venueName: null })]} now={now} />);
    await user.click(screen.getByRole('button', { name: /^Réserver/ }));
    const dialog = await screen.findByRole('dialog', { name: texts.performances.seeAll });
    expect(within(dialog).getByText(texts.performances.venueUnknown)).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: /^Réserver/ })).not.toBeInTheDocument();
  });

  it("offers 'Voir les représentations' for several upcoming performances, listing only those, soonest first", async () => {
    const user = userEvent.setup({ delay: null });
    const later = perf(3, '2026-04-10T18:00:00Z', { venueName: 'Médiathèque Lucie-Aubrac', bookingLink: 'https://billets.example.org/avril' });
    const sooner = perf(4, '2026-03-20T19:00:00Z', { venueName: null });
    render(<BookingPanel showName="La Chatte" performances={[later, past, sooner]} now={now} />);

    await user.click(screen.getByRole('button', { name: /^Voir les représentations/ }));
    const dialog = await screen.findByRole('dialog', { name: texts.performances.seeAll });
    const items = within(dialog).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('vendredi 20 mars 2026 - 20h00');
    expect(items[0]).toHaveTextContent(texts.performances.venueUnknown);
    expect(items[1]).toHaveTextContent('vendredi 10 avril 2026 - 20h00');
    expect(items[1]).toHaveTextContent('Médiathèque Lucie-Aubrac');
    expect(within(items[1]!).getByRole('link', { name: /^Réserver/ })).toHaveAttribute('href', 'https://billets.example.org/avril');
    const mapLink = within(items[0]!).getByRole('link', { name: /12 rue des Lilas/ });
    expect(mapLink.getAttribute('href')).toContain(encodeURIComponent('12 rue des Lilas, 69003 Lyon'));
    // Each performance has its own calendar link, whose accessible name says which performance it adds.
    const agendaLinks = within(dialog).getAllByRole('link', { name: /^Ajouter à mon agenda/ });
    expect(agendaLinks.map((link) => link.getAttribute('href'))).toEqual(['/agenda.ics?performance=4', '/agenda.ics?performance=3']);
    expect(agendaLinks[0]).toHaveAccessibleName(new RegExp(`^${texts.agenda.addPerformance}\\s*— vendredi 20 mars 2026 - 20h00$`));
  });
});
