import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts } from '@bande/shared';
import { subscriberImportTexts as T, type ImportReport } from '@bande/shared/schemas/subscriber-import';
import { ConfirmProvider } from '../ui/confirm.tsx';
import { ToastProvider } from '../ui/toast.tsx';
import { renderWithProviders, sentBodies, stubFetch } from '../test-utils.tsx';
import { SubscribersTab } from './subscribers-tab.tsx';

vi.setConfig({ testTimeout: 20_000 });

/** The DOM's text as Testing Library reads it: French no-break spaces become plain ones. */
const plain = (text: string) => text.replace(/\s+/g, ' ');

const CSV = 'email\nlea@example.org\nzoe(at)example.org\nlea@example.org\n';
const preview: ImportReport = {
  lines: [
    { line: 2, email: 'lea@example.org', outcome: 'new', message: T.line(2, T.outcome.new) },
    { line: 3, email: 'zoe(at)example.org', outcome: 'invalid', message: T.line(3, T.outcome.invalid) },
    { line: 4, email: 'lea@example.org', outcome: 'duplicate', message: T.line(4, T.outcome.duplicate(2)) },
  ],
  accepted: 1,
  refused: 2,
  message: T.summary(1, 2),
};
const done: ImportReport = { ...preview, lines: [{ ...preview.lines[0]!, outcome: 'added', message: T.line(2, T.outcome.added) }, ...preview.lines.slice(1)], message: T.imported(1) };

const renderTab = () =>
  renderWithProviders(
    <ToastProvider>
      <ConfirmProvider>
        <SubscribersTab />
      </ConfirmProvider>
    </ToastProvider>,
    { route: '/admin/dashboard' },
  );

beforeEach(() => localStorage.setItem('admin_token', 'jeton'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: T.addTitle }));
  return screen.findByRole('dialog', { name: T.addTitle });
}

describe('« Ajouter des abonnés »', () => {
  it('previews a CSV file line by line (nothing imported yet), then imports it and reloads the list', async () => {
    const fetch = stubFetch({
      'GET /api/newsletter/subscribers': { body: { data: [] } },
      'POST /api/newsletter/subscribers/import/preview': { body: preview },
      'POST /api/newsletter/subscribers/import': { body: done },
    });
    renderTab();
    const dialog = await openDialog();
    await userEvent.upload(within(dialog).getByLabelText(T.fileLabel), new File([CSV], 'abonnes.csv', { type: 'text/csv' }));
    const lines = await within(dialog).findByRole('region', { name: T.previewTitle });
    expect(within(lines).getByRole('status')).toHaveTextContent(T.summary(1, 2));
    const items = within(lines).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([`à ajouter${T.line(2, T.outcome.new)}lea@example.org`, `invalide${T.line(3, T.outcome.invalid)}zoe(at)example.org`, `doublon${T.line(4, T.outcome.duplicate(2))}lea@example.org`]);
    expect(sentBodies(fetch, 'POST', '/api/newsletter/subscribers/import/preview')).toEqual([{ csv: CSV }]);
    expect(sentBodies(fetch, 'POST', '/api/newsletter/subscribers/import')).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: T.importSubmit(1) }));
    await waitFor(() => expect(sentBodies(fetch, 'POST', '/api/newsletter/subscribers/import')).toEqual([{ csv: CSV }]));
    expect(await within(dialog).findByText(plain(T.line(2, T.outcome.added)))).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Importer/ })).not.toBeInTheDocument();
    await waitFor(() => expect(fetch.mock.calls.filter(([url, init]) => String(url) === '/api/newsletter/subscribers' && !(init as RequestInit | undefined)?.method).length).toBeGreaterThan(1));
  });

  it('a file with nothing to add cannot be imported; a file too heavy or not a CSV is refused before any call', async () => {
    const fetch = stubFetch({
      'GET /api/newsletter/subscribers': { body: { data: [] } },
      'POST /api/newsletter/subscribers/import/preview': { body: { ...preview, lines: preview.lines.slice(1), accepted: 0, refused: 2, message: T.nothingToImport } },
    });
    renderTab();
    const dialog = await openDialog();
    const input = within(dialog).getByLabelText(T.fileLabel);
    await userEvent.upload(input, new File([CSV], 'abonnes.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText(plain(T.nothingToImport))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: T.importSubmit(0) })).toBeDisabled();

    await userEvent.upload(input, new File(['x'.repeat(256 * 1024 + 1)], 'gros.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText(plain(T.tooLarge))).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.upload(input, new File(['%PDF'], 'liste.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(await within(dialog).findByText(plain(T.notCsv))).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/newsletter/subscribers/import/preview')).toHaveLength(1);
  });

  it('adds one address by hand; the server’s French refusal shows under the field', async () => {
    const fetch = stubFetch({
      'GET /api/newsletter/subscribers': { body: { data: [] } },
      'POST /api/newsletter/subscribers': ({ body }) =>
        (body as { email: string }).email === 'partie@example.org' ? { status: 409, body: { error: T.byHand.left } } : { status: 201, body: { message: T.added('lea@example.org') } },
    });
    renderTab();
    const dialog = await openDialog();
    const field = within(dialog).getByLabelText(T.emailLabel);
    await userEvent.type(field, 'pas-une-adresse');
    await userEvent.click(within(dialog).getByRole('button', { name: T.addSubmit }));
    expect(await within(dialog).findByText(texts.validation.emailInvalid)).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/newsletter/subscribers')).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, 'partie@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: T.addSubmit }));
    expect(await within(dialog).findByText(plain(T.byHand.left))).toBeInTheDocument();

    await userEvent.clear(field);
    await userEvent.type(field, 'lea@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: T.addSubmit }));
    expect(await screen.findByText(plain(T.added('lea@example.org')))).toBeInTheDocument();
    expect(field).toHaveValue('');
  });
});
