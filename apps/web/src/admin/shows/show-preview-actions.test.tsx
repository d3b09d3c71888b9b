import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { showPreviewTexts } from '@bande/shared/schemas/show-preview';
import { ToastProvider } from '../ui/toast.tsx';
import { renderWithProviders, sentBodies, stubFetch } from '../test-utils.tsx';
import { ShowFormModal } from './show-form.tsx';
import { draftShow } from '../../test/show-fixtures.ts';

vi.setConfig({ testTimeout: 20_000 });

const LINK = `https://labande.example/apercu/12.1773000000.${'b'.repeat(43)}`;

const show = draftShow({ name: 'Les Misérables', pitch: 'Un pitch.', note: 'Une note.' });

/** The form's own reads, and the preview link (or `preview` to answer it otherwise). */
const stubServer = (preview: { status?: number; body?: unknown } = { body: { url: LINK } }) =>
  stubFetch({
    'GET /api/shows/12': { body: { data: show } },
    'GET /api/members': { body: { data: [] } },
    'GET /api/venues': { body: [] },
    'GET /api/site': { body: { addressSearchUrl: 'https://adresse.example/search/' } },
    'POST /api/shows/12/preview': preview,
  });

const renderDialog = (showId: number | null) =>
  renderWithProviders(
    <ToastProvider>
      <ShowFormModal showId={showId} onClose={() => {}} />
    </ToastProvider>,
    { route: '/admin/dashboard' },
  );

/** The dialog's « Aperçu » group, once the show is loaded. */
const previewGroup = async () => screen.findByRole('group', { name: 'Aperçu' });

beforeEach(() => {
  localStorage.setItem('admin_token', 'jeton');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('draft preview buttons of the show dialog', () => {
  it('are offered for a saved show only', async () => {
    stubServer();
    const { unmount } = renderDialog(null);
    expect(await screen.findByLabelText(/Nom du spectacle/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: showPreviewTexts.open })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: showPreviewTexts.copy })).not.toBeInTheDocument();
    unmount();
    renderDialog(12);
    const group = await previewGroup();
    expect(within(group).getByRole('button', { name: 'Prévisualiser' })).toBeEnabled();
    expect(within(group).getByRole('button', { name: 'Copier le lien' })).toBeEnabled();
  });

  it('« Prévisualiser » opens a new tab during the click, then points it at a fresh link, cut from this page', async () => {
    const fetch = stubServer();
    const tab = { opener: window as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const user = userEvent.setup();
    renderDialog(12);
    await user.click(within(await previewGroup()).getByRole('button', { name: 'Prévisualiser' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe(LINK));
    expect(tab.opener).toBeNull();
    expect(tab.close).not.toHaveBeenCalled();
    expect(sentBodies(fetch, 'POST', '/api/shows/12/preview')).toHaveLength(1);
  });

  it('« Prévisualiser » closes the tab and says so in French when the link cannot be made', async () => {
    stubServer({ status: 404, body: { error: 'Spectacle introuvable' } });
    const tab = { opener: null, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const user = userEvent.setup();
    renderDialog(12);
    await user.click(within(await previewGroup()).getByRole('button', { name: 'Prévisualiser' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors de la création du lien d’aperçu : Spectacle introuvable');
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });

  it('« Prévisualiser » shows the link to open by hand when the browser blocks the new tab', async () => {
    stubServer();
    vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    renderDialog(12);
    await user.click(within(await previewGroup()).getByRole('button', { name: 'Prévisualiser' }));
    expect(await screen.findByLabelText(showPreviewTexts.linkLabel)).toHaveValue(LINK);
    expect(await screen.findByRole('status')).toHaveTextContent(showPreviewTexts.tabBlocked);
  });

  it('« Copier le lien » writes the link to the clipboard and confirms in French', async () => {
    stubServer();
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderDialog(12);
    await user.click(within(await previewGroup()).getByRole('button', { name: 'Copier le lien' }));
    expect(await screen.findByRole('status')).toHaveTextContent(showPreviewTexts.copied);
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(await navigator.clipboard.readText()).toBe(LINK);
    expect(screen.queryByLabelText(showPreviewTexts.linkLabel)).not.toBeInTheDocument();
  });

  it('shows the link selected in a field when the browser refuses the clipboard', async () => {
    stubServer();
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Refusé', 'NotAllowedError'));
    renderDialog(12);
    await user.click(within(await previewGroup()).getByRole('button', { name: 'Copier le lien' }));
    const field = await screen.findByLabelText<HTMLInputElement>(showPreviewTexts.linkLabel);
    expect(field).toHaveValue(LINK);
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, LINK.length]);
    expect(await screen.findByRole('status')).toHaveTextContent(showPreviewTexts.copyRefused);
  });
});
