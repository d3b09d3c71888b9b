import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Performance } from '@bande/shared/schemas/shows';
import { bookingTexts } from '@bande/shared/booking-texts';
import { texts } from '@bande/shared/texts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { BookingPanel } from '../shows/booking-panel.tsx';

/** The text as Testing Library reads it: no-break spaces count as spaces. */
const plain = (text: string) => text.replace(/\s+/g, ' ');

const now = new Date('2026-03-01T12:00:00Z');
const performance = (id: number, date: string, extra: Partial<Performance> = {}): Performance => ({
  id,
  date,
  address: '12 rue des Lilas, 69003 Lyon',
  venueName: 'Médiathèque Lucie-Aubrac',
  bookingLink: null,
  capacity: 40,
  ...extra,
});
const availability = (extra: Record<string, unknown> = {}) => ({ data: { capacity: 40, remaining: 12, open: true, waitingList: 0, maxSeats: 6, ...extra } });

type Answer = { status?: number; body: unknown };
let answers: Record<string, Answer | ((body: unknown) => Answer)>;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  answers = {};
  fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    const answer = answers[key];
    if (!answer) throw new Error(`Appel inattendu : ${key}`);
    const { status, body } = typeof answer === 'function' ? answer(init.body ? JSON.parse(String(init.body)) : undefined) : answer;
    return jsonResponse(body, status ?? 200);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const posted = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST').map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

async function openForm(perf = performance(7, '2026-03-03T19:30:00Z')) {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<BookingPanel showName="La Chatte" performances={[perf]} now={now} />);
  const opener = screen.getByRole('button', { name: /^Réserver/ });
  await user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: bookingTexts.dialogTitle });
  return { user, dialog, opener };
}

async function fill(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, seats = '2') {
  await user.type(within(dialog).getByLabelText(/^Prénom/), 'Claire');
  await user.type(within(dialog).getByLabelText(/^Nom(?!bre)/), 'Vasseur');
  await user.type(within(dialog).getByLabelText(/^E-mail/), 'claire@example.org');
  await user.selectOptions(within(dialog).getByLabelText(/^Nombre de places/), seats);
}

describe('booking a performance that takes reservations on the site', () => {
  it("'Réserver' opens the booking form, which books and says a mail is on its way; focus goes back to the button", async () => {
    answers['GET /api/performances/7/availability'] = { body: availability() };
    answers['POST /api/reservations'] = { status: 201, body: { message: 'Réservation enregistrée.', status: 'pending' } };
    const { user, dialog, opener } = await openForm();
    expect(dialog).toHaveAccessibleDescription(/La Chatte — mardi 3 mars 2026 - 20h30 — Médiathèque Lucie-Aubrac/);
    expect(await within(dialog).findByText(plain(bookingTexts.seatsLeft(12)))).toBeInTheDocument();
    // The first field has the focus; the seats go from 1 to the server's maximum.
    await waitFor(() => expect(within(dialog).getByLabelText(/^Prénom/)).toHaveFocus());
    expect(within(dialog).getAllByRole('option').map((option) => option.textContent)).toEqual(['1', '2', '3', '4', '5', '6']);
    await fill(user, dialog);
    await user.type(within(dialog).getByLabelText(/^Téléphone/), '06 12 34 56 78');
    await user.click(within(dialog).getByRole('button', { name: bookingTexts.submit }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(plain(bookingTexts.pendingDone('claire@example.org')));
    expect(posted()).toEqual([{ performanceId: 7, firstName: 'Claire', lastName: 'Vasseur', email: 'claire@example.org', phone: '06 12 34 56 78', seats: 2 }]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('shows French messages under the fields, without browser bubbles, and sends nothing', async () => {
    answers['GET /api/performances/7/availability'] = { body: availability() };
    const { user, dialog } = await openForm();
    await within(dialog).findByLabelText(/^Prénom/);
    expect(dialog.querySelector('form')).toHaveAttribute('novalidate');
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'pas-une-adresse@');
    await user.click(within(dialog).getByRole('button', { name: bookingTexts.submit }));
    expect(await within(dialog).findByText(texts.validation.emailInvalid)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Prénom/)).toHaveAccessibleDescription(texts.validation.required);
    expect(within(dialog).getByLabelText(/^Nom(?!bre)/)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(within(dialog).getByLabelText(/^Prénom/)).toHaveFocus());
    expect(posted()).toEqual([]);
  });

  it("shows the server's 409 and, when fewer seats are left than asked, offers the waiting list (waitingList: true)", async () => {
    let left = 3;
    answers['GET /api/performances/7/availability'] = () => ({ body: availability({ remaining: left }) });
    answers['POST /api/reservations'] = (body) =>
      (body as { waitingList?: boolean }).waitingList
        ? { status: 201, body: { message: "Inscription sur liste d'attente enregistrée.", status: 'waiting' } }
        : { status: 409, body: { error: 'Il reste 2 places pour cette représentation.' } };
    const { user, dialog } = await openForm();
    await within(dialog).findByText(plain(bookingTexts.seatsLeft(3)));
    left = 2;
    await fill(user, dialog, '3');
    await user.click(within(dialog).getByRole('button', { name: bookingTexts.submit }));
    expect(await within(dialog).findByText('Il reste 2 places pour cette représentation.')).toBeInTheDocument();
    // The count was read again after the refusal: the waiting list is offered for the 3 seats asked.
    await user.click(await within(dialog).findByRole('button', { name: bookingTexts.joinWaitingList }));
    expect(await within(dialog).findByText(new RegExp(bookingTexts.waitingDone('claire@example.org').slice(0, 30)))).toBeInTheDocument();
    expect(posted()).toHaveLength(2);
    expect(posted()[1]).toMatchObject({ seats: 3, waitingList: true });
    expect(posted()[0]).not.toHaveProperty('waitingList');
  });

  it("a full performance offers only « M'inscrire sur la liste d'attente »", async () => {
    answers['GET /api/performances/7/availability'] = { body: availability({ remaining: 0, open: false, waitingList: 2 }) };
    answers['POST /api/reservations'] = { status: 201, body: { message: '', status: 'waiting' } };
    const { user, dialog } = await openForm();
    expect(await within(dialog).findByText(plain(bookingTexts.fullNotice))).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: bookingTexts.submit })).not.toBeInTheDocument();
    await fill(user, dialog, '1');
    await user.click(within(dialog).getByRole('button', { name: bookingTexts.joinWaitingList }));
    await within(dialog).findByRole('alert');
    expect(posted()[0]).toMatchObject({ performanceId: 7, seats: 1, waitingList: true });
  });

  it('a performance that no longer takes reservations says so, without a form', async () => {
    answers['GET /api/performances/7/availability'] = { body: availability({ remaining: 5, open: false }) };
    const { dialog } = await openForm();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(plain(bookingTexts.closedNotice));
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('a filled honeypot is sent (the server then keeps nothing)', async () => {
    answers['GET /api/performances/7/availability'] = { body: availability() };
    answers['POST /api/reservations'] = { status: 201, body: { message: '', status: 'pending' } };
    const { user, dialog } = await openForm();
    await within(dialog).findByLabelText(/^Prénom/);
    await fill(user, dialog);
    await user.type(dialog.querySelector<HTMLInputElement>('input[name="website"]')!, 'https://spam.example');
    await user.click(within(dialog).getByRole('button', { name: bookingTexts.submit }));
    await within(dialog).findByRole('alert');
    expect(posted()[0]).toMatchObject({ website: 'https://spam.example' });
  });

  it('the performances dialog shows the seats left or « Complet » per date, and opens the form from its « Réserver »', async () => {
    answers['GET /api/performances/7/availability'] = { body: availability({ remaining: 1 }) };
    answers['GET /api/performances/8/availability'] = { body: availability({ remaining: 0, open: false }) };
    const user = userEvent.setup({ delay: null });
    const withLink = performance(9, '2026-03-30T19:30:00Z', { capacity: null, bookingLink: 'https://billets.example.org' });
    renderWithProviders(<BookingPanel showName="La Chatte" performances={[performance(7, '2026-03-03T19:30:00Z'), performance(8, '2026-03-10T19:30:00Z'), withLink]} now={now} />);
    await user.click(screen.getByRole('button', { name: /^Voir les représentations/ }));
    const list = await screen.findByRole('dialog', { name: texts.performances.seeAll });
    const items = within(list).getAllByRole('listitem');
    expect(await within(items[0]!).findByText('1 place restante')).toBeInTheDocument();
    expect(await within(items[1]!).findByText(plain(bookingTexts.full))).toBeInTheDocument();
    expect(within(items[2]!).getByRole('link', { name: /^Réserver/ })).toHaveAttribute('href', 'https://billets.example.org');
    // The third takes no reservations here: its availability is never asked for.
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/performances/9/availability');

    const book = within(items[0]!).getByRole('button', { name: /^Réserver/ });
    await user.click(book);
    const form = await screen.findByRole('dialog', { name: bookingTexts.dialogTitle });
    await within(form).findByLabelText(/^Prénom/);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: bookingTexts.dialogTitle })).not.toBeInTheDocument());
    // Only the form closed; the list is still there and its button has the focus back.
    expect(screen.getByRole('dialog', { name: texts.performances.seeAll })).toBeInTheDocument();
    expect(book).toHaveFocus();
  });

  it('« Réserver » is disabled when more seats are asked than are left, suggesting fewer and the waiting list with its rule', async () => {
    answers['GET /api/performances/7/availability'] = { body: availability({ remaining: 1 }) };
    const { user, dialog } = await openForm();
    await within(dialog).findByText('1 place restante');
    await fill(user, dialog, '2');
    const submit = within(dialog).getByRole('button', { name: bookingTexts.submit });
    expect(submit).toBeDisabled();
    const notice = within(dialog).getByText(plain(bookingTexts.tooFewNotice(1, 2)));
    expect(notice.textContent).toBe('Il ne reste qu’une place\u00a0: choisissez-en une seule, ou inscrivez-vous sur la liste d’attente pour 2 places.');
    expect(submit).toHaveAccessibleDescription(bookingTexts.tooFewNotice(1, 2));
    expect(within(dialog).getByText(plain(bookingTexts.waitingRule))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: bookingTexts.joinWaitingList })).toBeEnabled();
    await user.selectOptions(within(dialog).getByLabelText(/^Nombre de places/), '1');
    expect(within(dialog).getByRole('button', { name: bookingTexts.submit })).toBeEnabled();
    expect(within(dialog).queryByText(plain(bookingTexts.waitingRule))).not.toBeInTheDocument();
  });

  it('after booking, the seats left are read again past the browser cache; a lost mail can be sent again, its limit said in French', async () => {
    let left = 12;
    answers['GET /api/performances/7/availability'] = () => ({ body: availability({ remaining: left }) });
    let posts = 0;
    answers['POST /api/reservations'] = () =>
      ++posts < 3 ? { status: 201, body: { message: '', status: 'pending' } } : { status: 429, body: { error: 'Trop de demandes pour cette adresse e-mail. Réessayez dans 14 minutes.' } };
    const { user, dialog } = await openForm();
    await within(dialog).findByText(plain(bookingTexts.seatsLeft(12)));
    await fill(user, dialog, '2');
    left = 10;
    await user.click(within(dialog).getByRole('button', { name: bookingTexts.submit }));
    await within(dialog).findByText(plain(bookingTexts.noMail));
    await waitFor(() => {
      const reads = fetchMock.mock.calls.filter(([url]) => url === '/api/performances/7/availability');
      expect((reads.at(-1)![1] as RequestInit).cache).toBe('no-cache');
    });
    const resend = within(dialog).getByRole('button', { name: bookingTexts.resend });
    await user.click(resend);
    expect(await within(dialog).findByText(plain(bookingTexts.resent('claire@example.org')))).toBeInTheDocument();
    expect(posted()[1]).toEqual(posted()[0]);
    await user.click(resend);
    expect(await within(dialog).findByText('Trop de demandes pour cette adresse e-mail. Réessayez dans 14 minutes.')).toBeInTheDocument();
  });
});
