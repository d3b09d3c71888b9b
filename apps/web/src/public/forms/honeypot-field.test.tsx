import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { CardRequestDialog } from '../card/card-request-dialog.tsx';
import { ContactForm } from '../contact/contact-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const honeypot = () => document.querySelector<HTMLInputElement>('input[name="website"]')!;
const sentBody = (fetchMock: ReturnType<typeof vi.fn>) => JSON.parse(String((fetchMock.mock.calls[0] as [string, RequestInit])[1].body)) as Record<string, unknown>;

function expectOutOfReach() {
  expect(honeypot()).toHaveAttribute('tabindex', '-1');
  expect(honeypot()).toHaveAttribute('autocomplete', 'off');
  expect(honeypot().closest('[aria-hidden="true"]')).toHaveClass('visually-hidden');
}

describe('honeypot of the contact and card-request forms', () => {
  it('contact: out of reach; empty, it is not sent; filled by a robot, it is', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ message: 'ok' }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ContactForm />);
    expectOutOfReach();
    await user.type(screen.getByLabelText(/^Email/), 'lea@example.org');
    await user.selectOptions(screen.getByLabelText(/^Type de demande/), "Demande d'information");
    await user.type(screen.getByLabelText(/^Message/), 'Bonjour, une question.');
    await user.type(honeypot(), 'https://spam.example');
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchMock)).toMatchObject({ email: 'lea@example.org', website: 'https://spam.example' });
  });

  it('card request: out of reach, and an empty honeypot leaves the payload as it was', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ message: 'ok' }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup({ delay: null });
    render(<CardRequestDialog open onClose={() => {}} config={{ modalTitle: 'Carte', modalDescription: 'D', modalButtonText: 'Envoyer ma demande' }} />);
    expectOutOfReach();
    await user.type(screen.getByLabelText(/^Prénom/), 'Claire');
    await user.type(screen.getByLabelText(/^Nom/), 'Vasseur');
    await user.type(screen.getByLabelText(/^Email/), 'claire@example.org');
    await user.type(screen.getByLabelText(/^Téléphone/), '06 12 34 56 78');
    await user.click(screen.getByRole('button', { name: 'Envoyer ma demande' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchMock)).toEqual({ firstName: 'Claire', lastName: 'Vasseur', email: 'claire@example.org', phone: '06 12 34 56 78' });
  });
});
