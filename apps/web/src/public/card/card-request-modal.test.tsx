import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts } from '@bande/shared/texts';
import { jsonResponse } from '../../test/render.tsx';
import { CardRequestModal } from './card-request-modal.tsx';

const config = { modalTitle: "Demande de carte d'abonné", modalDescription: 'Laissez-nous vos coordonnées.', modalButtonText: 'Envoyer ma demande' };

afterEach(() => vi.unstubAllGlobals());

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Prénom/), 'Claire');
  await user.type(screen.getByLabelText(/^Nom/), 'Vasseur');
  await user.type(screen.getByLabelText(/^Email/), 'claire@example.org');
  await user.type(screen.getByLabelText(/^Téléphone/), '06 12 34 56 78');
}

/** Opens the modal with `fetchMock` as the browser's fetch; returns the user who types in it. */
function openModal(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const user = userEvent.setup({ delay: null });
  render(<CardRequestModal open onClose={() => {}} config={config} />);
  return user;
}

/** Once the modal is there: the four fields filled in, then the send button. */
async function fillAndSend(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('dialog');
  await fill(user);
  await user.click(screen.getByRole('button', { name: config.modalButtonText }));
}

describe('card request modal', () => {
  it('uses the configured texts and requires all four fields', async () => {
    const fetchMock = vi.fn();
    const user = openModal(fetchMock);

    // The form's code is fetched on first opening.
    const dialog = await screen.findByRole('dialog', { name: config.modalTitle });
    expect(dialog).toHaveAccessibleDescription(config.modalDescription);
    await user.click(screen.getByRole('button', { name: config.modalButtonText }));
    expect(await screen.findAllByText(texts.validation.required)).toHaveLength(4);
    expect(screen.getByLabelText(/^Prénom/)).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the request, reads 'Envoi en cours...' meanwhile and shows the answer in an alert", async () => {
    let answer!: (response: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = openModal(fetchMock);
    await fillAndSend(user);

    expect(screen.getByRole('button', { name: texts.submitting.sending })).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/contact/request-card');
    expect(JSON.parse(String(init.body))).toEqual({ firstName: 'Claire', lastName: 'Vasseur', email: 'claire@example.org', phone: '06 12 34 56 78' });
    answer(jsonResponse({ message: 'Demande bien reçue !' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Demande bien reçue !');
  });

  it("says 'Erreur lors de l'envoi de la demande' on a failure without message, 'Erreur lors de l'envoi' when the request fails", async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(new Response('', { status: 500 })).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const user = openModal(fetchMock);
    await fillAndSend(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.errors.cardRequestFailed);
    await user.click(screen.getByRole('button', { name: config.modalButtonText }));
    expect(await screen.findByText(texts.errors.sendFailed)).toBeInTheDocument();
  });
});
