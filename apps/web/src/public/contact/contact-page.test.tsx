import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import userEvent from '@testing-library/user-event';
import { texts } from '@bande/shared/texts';
import { DEFAULT_SITE_CONTENT } from '@bande/shared/site-content-defaults';
import ContactPage from './contact-page.tsx';
import { loadContactSchema } from './contact-form.tsx';


let fetchMock: ReturnType<typeof vi.fn>;

// The form fetches zod's schema as a separate chunk on first use: loaded once here, so that the first
// test does not time out while the test runner transforms zod.
beforeAll(async () => {
  await loadContactSchema();
}, 30_000);

beforeEach(() => {
  fetchMock = vi.fn(async () => jsonResponse({ message: texts.success.contactSent }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

// Pasting rather than typing key by key: the busy test machines would spend seconds per field.
async function fill(user: ReturnType<typeof userEvent.setup>, { type, phone = '' }: { type: string; phone?: string }) {
  await user.click(screen.getByLabelText(/^Email/));
  await user.paste('lectrice@example.org');
  await user.selectOptions(screen.getByLabelText(/^Type de demande/), type);
  if (phone) {
    await user.click(screen.getByLabelText(/^Téléphone/));
    await user.paste(phone);
  }
  await user.click(screen.getByLabelText(/^Message/));
  await user.paste('Bonjour, pourriez-vous venir lire chez nous ?');
}

const submit = () => screen.getByRole('button', { name: 'Envoyer le message' });
const sentBody = () => JSON.parse(String((fetchMock.mock.calls[0] as [string, RequestInit])[1].body)) as Record<string, unknown>;

describe('contact form', { timeout: 20_000 }, () => {
  it('is a noValidate form with a six-row message box and the four request types', () => {
    renderWithProviders(<ContactPage />);
    expect(screen.getByRole('form', { name: 'Écrivez-nous' })).toHaveAttribute('novalidate');
    expect(screen.getByLabelText(/^Message/)).toHaveAttribute('rows', '6');
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options.slice(1)).toEqual(['Spectacle sur mesure', 'Intervention culturelle', "Demande d'information", 'Autre']);
    expect(document.title).toBe('Nous contacter — La Bande à Lire');
  });

  it("shows the spec's messages inline and sends nothing when the form is empty", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />);
    await user.click(submit());
    expect(await screen.findByText(texts.validation.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText('Veuillez choisir un type de demande')).toBeInTheDocument();
    expect(await screen.findByText(texts.validation.required)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveFocus());
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each(['Spectacle sur mesure', 'Intervention culturelle'])('requires the phone for "%s"', async (type) => {
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />);
    await fill(user, { type });
    const phone = screen.getByLabelText(/^Téléphone/);
    expect(phone).toHaveAttribute('aria-required', 'true');
    expect(screen.getByText('Téléphone', { selector: 'label' })).toBeInTheDocument();
    await user.click(submit());
    expect(await screen.findByText(texts.validation.phoneRequiredForType)).toBeInTheDocument();
    await waitFor(() => expect(phone).toHaveFocus());
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(phone);
    await user.paste('06 12 34 56 78');
    expect(screen.queryByText(texts.validation.phoneRequiredForType)).not.toBeInTheDocument();
    await user.click(submit());
    await screen.findByText(texts.success.contactSent);
    expect(fetchMock).toHaveBeenCalledWith('/api/contact/send', expect.objectContaining({ method: 'POST' }));
    expect(sentBody()).toEqual({ email: 'lectrice@example.org', requestType: type, message: 'Bonjour, pourriez-vous venir lire chez nous ?', phone: '06 12 34 56 78' });
  });

  it.each(["Demande d'information", 'Autre'])('sends "%s" without a phone', async (type) => {
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />);
    await fill(user, { type });
    expect(screen.getByLabelText(/^Téléphone/)).not.toHaveAttribute('aria-required');
    expect(screen.getByText('Téléphone (facultatif)')).toBeInTheDocument();
    await user.click(submit());
    await screen.findByText(texts.success.contactSent);
    expect(screen.queryByText(texts.validation.phoneRequiredForType)).not.toBeInTheDocument();
    expect(sentBody()).toMatchObject({ requestType: type, phone: null });
  });

  it('drops the phone message when the request type no longer needs it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />);
    await fill(user, { type: 'Spectacle sur mesure' });
    await user.click(submit());
    expect(await screen.findByText(texts.validation.phoneRequiredForType)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Type de demande/), 'Autre');
    expect(screen.queryByText(texts.validation.phoneRequiredForType)).not.toBeInTheDocument();
  });

  it("reads 'Envoi en cours...' with the button disabled while sending", async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />);
    await fill(user, { type: 'Autre' });
    await user.click(submit());
    const sending = screen.getByRole('button', { name: texts.submitting.sending });
    expect(sending).toBeDisabled();
    expect(screen.getByLabelText(/^Message/)).toBeDisabled();
    answer(jsonResponse({ message: 'Message bien reçu !' }));
    expect(await screen.findByText('Message bien reçu !')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: texts.submitting.sending })).not.toBeInTheDocument();
  });

  it("shows the server's error text", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: 'Trop de requêtes, veuillez réessayer dans quelques instants' }, 429));
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />);
    await fill(user, { type: 'Autre' });
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Trop de requêtes, veuillez réessayer dans quelques instants');
    expect(submit()).toBeEnabled();
  });

  it("falls back to 'Erreur lors de l'envoi du message' when the server gives no text", async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 502 }));
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />);
    await fill(user, { type: 'Autre' });
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.errors.contactFailed);
  });

  it("shows 'Erreur lors de l'envoi' when the request throws", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />);
    await fill(user, { type: 'Autre' });
    await user.click(submit());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(texts.errors.sendFailed));
    expect(screen.getByRole('alert')).not.toHaveTextContent(texts.errors.contactFailed);
  });
});

describe('contact details', () => {
  it('shows the details staff keep in « Textes du site »: the phone with its tel: link, the address, the delay', () => {
    const siteContent = {
      ...DEFAULT_SITE_CONTENT,
      associationName: 'Les Voix du Cher',
      contact: { email: 'bonjour@voixducher.fr', phone: '02 47 00 11 22', address: '3 place Plumereau\n37000 Tours', hours: 'Le lundi: 9 h-12 h', responseDays: 1 },
    };
    renderWithProviders(<ContactPage />, { siteContent });
    expect(screen.getByRole('link', { name: '02 47 00 11 22' })).toHaveAttribute('href', 'tel:+33247001122');
    expect(screen.getByRole('link', { name: 'bonjour@voixducher.fr' })).toHaveAttribute('href', 'mailto:bonjour@voixducher.fr');
    expect(screen.getByText(/Les Voix du Cher/).closest('address')).toHaveTextContent('Les Voix du Cher3 place Plumereau37000 Tours');
    expect(screen.getByText('Nous répondons sous 1 jour ouvré.')).toBeInTheDocument();
    // Staff typed « Le lundi: »: shown with a no-break space before the colon.
    expect(screen.getByText('Le lundi\u00a0: 9 h-12 h', { normalizer: (text) => text })).toBeInTheDocument();
  });
});
