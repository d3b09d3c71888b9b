import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { newsletterTexts } from '@bande/shared/schemas/newsletter';
import { texts } from '@bande/shared/texts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import NewsletterConfirmationPage from './confirmation-page.tsx';
import NewsletterUnsubscribePage from './unsubscribe-page.tsx';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const sentBody = (call = 0) => JSON.parse(String((fetchMock.mock.calls[call] as [string, RequestInit])[1].body)) as unknown;

describe('newsletter link pages', () => {
  it('confirmation: sends the token of the query once (even in StrictMode) and shows the answer', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: newsletterTexts.confirmed }));
    renderWithProviders(
      <StrictMode>
        <NewsletterConfirmationPage />
      </StrictMode>,
      { route: '/newsletter/confirmation?token=abc-123' },
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(newsletterTexts.confirmTitle);
    expect(await screen.findByRole('alert')).toHaveTextContent(newsletterTexts.confirmed);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/newsletter/confirm');
    expect(sentBody()).toEqual({ token: 'abc-123' });
  });

  it("confirmation: shows the server's French message for an unknown or expired link", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: newsletterTexts.confirmInvalid }, 404));
    renderWithProviders(<NewsletterConfirmationPage />, { route: '/newsletter/confirmation?token=perime' });
    expect(await screen.findByRole('alert')).toHaveTextContent(newsletterTexts.confirmInvalid);
  });

  it('unsubscribe: sends the token and says the address is erased; a network failure reads in French', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: newsletterTexts.unsubscribed }));
    const { unmount } = renderWithProviders(<NewsletterUnsubscribePage />, { route: '/newsletter/desinscription?token=xyz' });
    expect(await screen.findByRole('alert')).toHaveTextContent(newsletterTexts.unsubscribed);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/newsletter/unsubscribe');
    expect(sentBody()).toEqual({ token: 'xyz' });
    unmount();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderWithProviders(<NewsletterUnsubscribePage />, { route: '/newsletter/desinscription?token=xyz' });
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.errors.generic);
  });

  it('says the link is incomplete without a token, and calls nothing', async () => {
    renderWithProviders(<NewsletterUnsubscribePage />, { route: '/newsletter/desinscription' });
    expect(await screen.findByRole('alert')).toHaveTextContent(newsletterTexts.missingToken);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
