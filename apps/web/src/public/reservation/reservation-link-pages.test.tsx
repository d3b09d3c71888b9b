import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bookingTexts } from '@bande/shared/booking-texts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import ReservationConfirmationPage from './confirmation-page.tsx';
import ReservationCancelPage from './annulation-page.tsx';
import ReservationClaimPage from './liste-attente-page.tsx';

/** The text as Testing Library reads it: no-break spaces count as spaces. */
const plain = (text: string) => text.replace(/\s+/g, ' ');

const lookup = (extra: Record<string, unknown> = {}) => ({
  data: {
    status: 'pending',
    seats: 2,
    showName: 'La Chatte',
    date: '2026-03-03T19:30:00.000Z',
    venueName: 'Médiathèque Lucie-Aubrac',
    address: '12 rue des Lilas, 69003 Lyon',
    offerExpiresAt: null,
    ...extra,
  },
});

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const calls = () => fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(url)}`);

describe('reservation link pages', () => {
  it('confirmation: shows what the link is about, confirms only on the button press (once, even in StrictMode)', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(lookup())).mockResolvedValueOnce(jsonResponse({ data: { status: 'confirmed', seats: 2 } }));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <StrictMode>
        <ReservationConfirmationPage />
      </StrictMode>,
      { route: '/reservation/confirmation?token=abc-123' },
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(plain(bookingTexts.confirmTitle));
    expect(await screen.findByText('La Chatte')).toBeInTheDocument();
    expect(screen.getByText('mardi 3 mars 2026 - 20h30')).toBeInTheDocument();
    expect(screen.getByText('2 places')).toBeInTheDocument();
    expect(screen.getByText(plain(bookingTexts.statusLabels.pending))).toBeInTheDocument();
    // Opening the link (a mail scanner does) confirms nothing.
    expect(calls()).toEqual(['GET /api/reservations/lookup?token=abc-123']);

    await user.click(screen.getByRole('button', { name: bookingTexts.confirmButton }));
    expect(await screen.findByRole('alert')).toHaveTextContent(plain(bookingTexts.confirmed));
    expect(calls()).toEqual(['GET /api/reservations/lookup?token=abc-123', 'POST /api/reservations/confirm']);
    expect(JSON.parse(String((fetchMock.mock.calls[1] as [string, RequestInit])[1].body))).toEqual({ token: 'abc-123' });
    expect(screen.getByText(plain(bookingTexts.statusLabels.confirmed))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: bookingTexts.confirmButton })).not.toBeInTheDocument();
  });

  it('confirmation: says clearly when the hold has lapsed, when already confirmed, and for an unknown link', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(lookup({ status: 'expired' })));
    const first = renderWithProviders(<ReservationConfirmationPage />, { route: '/reservation/confirmation?token=vieux' });
    expect(await screen.findByRole('alert')).toHaveTextContent(plain(bookingTexts.expired));
    expect(screen.queryByRole('button', { name: bookingTexts.confirmButton })).not.toBeInTheDocument();
    first.unmount();

    fetchMock.mockResolvedValueOnce(jsonResponse(lookup({ status: 'confirmed' })));
    const second = renderWithProviders(<ReservationConfirmationPage />, { route: '/reservation/confirmation?token=deja' });
    expect(await screen.findByRole('alert')).toHaveTextContent(plain(bookingTexts.alreadyConfirmed));
    second.unmount();

    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'Réservation introuvable' }, 404));
    renderWithProviders(<ReservationConfirmationPage />, { route: '/reservation/confirmation?token=inconnu' });
    expect(await screen.findByRole('alert')).toHaveTextContent(plain(bookingTexts.unknownToken));
  });

  it("shows the server's French refusal when the button's POST fails, and reads the link again", async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(lookup()))
      .mockResolvedValueOnce(jsonResponse({ error: 'Ce lien a expiré.' }, 409))
      .mockResolvedValueOnce(jsonResponse(lookup({ status: 'expired' })));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ReservationConfirmationPage />, { route: '/reservation/confirmation?token=t' });
    await user.click(await screen.findByRole('button', { name: bookingTexts.confirmButton }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(plain(bookingTexts.expired)));
    expect(calls()).toHaveLength(3);
  });

  it('annulation: cancels a confirmed reservation; a waiting entry leaves the list; an already cancelled one says so', async () => {
    const user = userEvent.setup({ delay: null });
    fetchMock.mockResolvedValueOnce(jsonResponse(lookup({ status: 'confirmed' }))).mockResolvedValueOnce(jsonResponse({ data: { status: 'cancelled' } }));
    const first = renderWithProviders(<ReservationCancelPage />, { route: '/reservation/annulation?token=c1' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(plain(bookingTexts.cancelTitle));
    await user.click(await screen.findByRole('button', { name: bookingTexts.cancelButton }));
    expect(await screen.findByRole('alert')).toHaveTextContent(plain(bookingTexts.cancelled));
    expect(calls()[1]).toBe('POST /api/reservations/cancel');
    first.unmount();

    fetchMock.mockResolvedValueOnce(jsonResponse(lookup({ status: 'waiting' }))).mockResolvedValueOnce(jsonResponse({ data: { status: 'cancelled' } }));
    const second = renderWithProviders(<ReservationCancelPage />, { route: '/reservation/annulation?token=w1' });
    await user.click(await screen.findByRole('button', { name: bookingTexts.leaveButton }));
    expect(await screen.findByRole('alert')).toHaveTextContent(plain(bookingTexts.leftWaitingList));
    second.unmount();

    fetchMock.mockResolvedValueOnce(jsonResponse(lookup({ status: 'cancelled' })));
    renderWithProviders(<ReservationCancelPage />, { route: '/reservation/annulation?token=c2' });
    expect(await screen.findByRole('alert')).toHaveTextContent(plain(bookingTexts.alreadyCancelled));
    expect(screen.queryByRole('button', { name: bookingTexts.cancelButton })).not.toBeInTheDocument();
  });

  it('liste-attente: claims the offered seats until the offer ends; a lapsed offer says so', async () => {
    const user = userEvent.setup({ delay: null });
    fetchMock
      .mockResolvedValueOnce(jsonResponse(lookup({ status: 'offered', offerExpiresAt: '2026-03-02T19:00:00.000Z' })))
      .mockResolvedValueOnce(jsonResponse({ data: { status: 'confirmed' } }));
    const first = renderWithProviders(<ReservationClaimPage />, { route: '/reservation/liste-attente?token=o1' });
    expect(await screen.findByText(plain(bookingTexts.offerUntil('lundi 2 mars 2026 - 20h00')))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: bookingTexts.claimButton }));
    expect(await screen.findByRole('alert')).toHaveTextContent(plain(bookingTexts.confirmed));
    expect(calls()[1]).toBe('POST /api/reservations/claim');
    first.unmount();

    fetchMock.mockResolvedValueOnce(jsonResponse(lookup({ status: 'expired' })));
    renderWithProviders(<ReservationClaimPage />, { route: '/reservation/liste-attente?token=o2' });
    expect(await screen.findByRole('alert')).toHaveTextContent(plain(bookingTexts.offerExpired));
  });

  it('says the link is incomplete without a token, and calls nothing', async () => {
    renderWithProviders(<ReservationCancelPage />, { route: '/reservation/annulation' });
    expect(await screen.findByRole('alert')).toHaveTextContent(plain(bookingTexts.missingToken));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('confirming again from an old tab says the reservation was already confirmed, not that a mail was sent', async () => {
    const user = userEvent.setup({ delay: null });
    fetchMock.mockResolvedValueOnce(jsonResponse(lookup())).mockResolvedValueOnce(jsonResponse({ data: { ...lookup({ status: 'confirmed' }).data, mailSent: false } }));
    renderWithProviders(<ReservationConfirmationPage />, { route: '/reservation/confirmation?token=old-tab' });
    await user.click(await screen.findByRole('button', { name: bookingTexts.confirmButton }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(plain(bookingTexts.alreadyConfirmed));
    expect(alert).not.toHaveTextContent(/e-mail de confirmation/);
  });

  it('an offer of one seat speaks of it in the singular, with French typography', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(lookup({ status: 'offered', seats: 1, offerExpiresAt: '2026-03-02T19:00:00.000Z' })));
    renderWithProviders(<ReservationClaimPage />, { route: '/reservation/liste-attente?token=one' });
    expect(await screen.findByText('Cette place vous est réservée jusqu’au lundi 2 mars 2026 - 20h00.')).toBeInTheDocument();
    expect(screen.getByText('1 place')).toBeInTheDocument();
  });
});
