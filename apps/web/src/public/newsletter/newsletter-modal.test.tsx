import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { texts } from '@bande/shared/texts';
import { TIMINGS } from '@bande/shared/constants';
import { jsonResponse } from '../../test/render.tsx';
import { NewsletterModal } from './newsletter-modal.tsx';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_SITE_CONTENT } from '@bande/shared/site-content-defaults';
import { siteContentQuery } from '../../lib/site-content.ts';

const emailField = () => screen.getByLabelText(/^Votre adresse email/);
const submitButton = () => screen.getByRole('button', { name: /^S'inscrire|^Inscription/ });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup() {
  const onClose = vi.fn();
  render(
    <MemoryRouter>
      <NewsletterModal open onClose={onClose} />
    </MemoryRouter>,
  );
  return { onClose, user: userEvent.setup({ delay: null }) };
}

describe('newsletter modal', () => {
  it('links to the letters already sent (/lettres), and closes as the page opens', async () => {
    const { user, onClose } = setup();
    const link = screen.getByRole('link', { name: 'Lire les lettres déjà envoyées' });
    expect(link).toHaveAttribute('href', '/lettres');
    await user.click(link);
    expect(onClose).toHaveBeenCalled();
  });

  it('says the title and text staff wrote in « Textes du site » (issue 35)', () => {
    const client = new QueryClient();
    const pageTexts = { ...DEFAULT_SITE_CONTENT.pageTexts, newsletterTitle: 'Les nouvelles de la troupe', newsletterIntro: 'Une lettre par saison, pas plus !' };
    client.setQueryData(siteContentQuery().queryKey, { ...DEFAULT_SITE_CONTENT, pageTexts });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <NewsletterModal open onClose={() => undefined} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Les nouvelles de la troupe' })).toBeInTheDocument();
    expect(screen.getByText(/^Une lettre par saison, pas plus\s!$/)).toBeInTheDocument();
  });

  it('has a honeypot field people never reach: hidden, aria-hidden, out of the tab order, no autocomplete; filled, it is sent', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: texts.success.newsletterSubscribed }));
    const { user } = setup();
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot.closest('[aria-hidden="true"]')).toHaveClass('visually-hidden');
    // Tabbing from the address goes to the button, never to the honeypot.
    await user.click(emailField());
    await user.tab();
    expect(submitButton()).toHaveFocus();
    // A robot fills it: the server is told (it answers success and keeps nothing).
    await user.type(emailField(), 'robot@example.org');
    await user.type(honeypot, 'https://spam.example');
    await user.click(submitButton());
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ email: 'robot@example.org', website: 'https://spam.example' });
  });

  it('shows the pattern message, linked to the field, and sends nothing for an invalid address', async () => {
    const { user } = setup();
    await user.type(emailField(), 'pas-une-adresse@');
    await user.click(submitButton());

    expect(await screen.findByText(texts.validation.emailInvalid)).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveAccessibleDescription(texts.validation.emailInvalid);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.querySelector('form')).toHaveAttribute('novalidate');
  });

  it("reads 'Inscription...' while sending, then thanks and closes by itself after 2 s", async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const { user, onClose } = setup();

    await user.type(emailField(), ' lectrice@example.org ');
    await user.click(submitButton());
    expect(submitButton()).toHaveTextContent(texts.submitting.subscribing);
    expect(submitButton()).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/newsletter/subscribe');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'lectrice@example.org' });

    // From here the clock is ours (only setTimeout: reading the response body keeps working). Testing
    // Library's find* queries wait on setTimeout, so the answer is flushed inside act() instead.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      answer(jsonResponse({ message: 'ok' }, 201));
      for (let turn = 0; turn < 20; turn++) await Promise.resolve();
    });
    expect(screen.getByRole('alert')).toHaveTextContent(texts.success.newsletterSubscribed);
    // Honest: the subscription is not confirmed yet, a mail is on its way and its link confirms it.
    expect(screen.getByRole('alert')).toHaveTextContent(/mail est en route.*lien.*confirmer/);
    expect(onClose).not.toHaveBeenCalled();

    await act(async () => vi.advanceTimersByTime(TIMINGS.newsletterCloseMs - 10));
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(10));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows the server's own error text when it gives one", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: 'Adresse déjà inscrite' }, 409));
    const { user } = setup();
    await user.type(emailField(), 'lectrice@example.org');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Adresse déjà inscrite');
    expect(submitButton()).toHaveTextContent("S'inscrire");
    expect(submitButton()).toBeEnabled();
  });

  it("falls back to 'Erreur lors de l'inscription' when the failure has no message", async () => {
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 502 }));
    const { user } = setup();
    await user.type(emailField(), 'lectrice@example.org');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.errors.newsletterFailed);
  });

  it("says 'Une erreur est survenue' when the request itself fails", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { user } = setup();
    await user.type(emailField(), 'lectrice@example.org');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.errors.generic);
  });
});
