import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts } from '@bande/shared';
import { ConfirmProvider } from '../ui/confirm.tsx';
import { ToastProvider } from '../ui/toast.tsx';
import { renderWithProviders, stubFetch } from '../test-utils.tsx';
import { FakeXhr, pngFile } from '../test-upload.ts';
import { CampaignsTab } from './campaigns-tab.tsx';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  localStorage.setItem('admin_token', 'jeton');
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  stubFetch({ 'GET /api/campaigns': { body: { data: [] } }, 'POST /api/campaigns/preview': { body: { html: '<p>Aperçu</p>', text: 'x' } } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function newLetter() {
  renderWithProviders(
    <ToastProvider>
      <ConfirmProvider>
        <CampaignsTab />
      </ConfirmProvider>
    </ToastProvider>,
    { route: '/admin/dashboard' },
  );
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'Nouvelle lettre' }));
  const editor = await screen.findByRole('dialog', { name: 'Nouvelle lettre' });
  const body = within(editor).getByRole('textbox', { name: /Texte/ }) as HTMLTextAreaElement;
  const picker = editor.querySelector('input[type="file"]') as HTMLInputElement;
  return { user, editor, body, picker };
}

describe('« Insérer une image » in a letter (issue 34)', () => {
  it('uploads the picture and puts its Markdown where the cursor was, on a line of its own', async () => {
    const { user, editor, body, picker } = await newLetter();
    await user.clear(body);
    await user.type(body, 'Bonjour,\n\nÀ bientôt.');
    // The cursor after « Bonjour, » and its blank line.
    body.setSelectionRange('Bonjour,\n\n'.length, 'Bonjour,\n\n'.length);
    await user.upload(picker, pngFile('scene-du_balcon.png'));
    act(() => FakeXhr.last!.progress(40));
    expect(within(editor).getByText('Envoi de l’image… 40 %')).toHaveAttribute('role', 'status');
    expect(within(editor).getByRole('button', { name: 'Insérer une image' })).toBeDisabled();
    act(() => FakeXhr.last!.finish(201, { url: '/uploads/scene.webp' }));
    await waitFor(() => expect(body).toHaveValue('Bonjour,\n\n![scene du balcon](/uploads/scene.webp)\n\nÀ bientôt.'));
    expect(within(editor).getByRole('button', { name: 'Insérer une image' })).toBeEnabled();
  });

  it('says the server’s refusal in French and leaves the text as it was', async () => {
    const { user, editor, body, picker } = await newLetter();
    await user.upload(picker, pngFile());
    act(() => FakeXhr.last!.finish(413, { error: texts.api.uploadImageTooLarge }));
    expect(await within(editor).findByRole('alert')).toHaveTextContent(`${texts.errors.imageUpload} : ${texts.api.uploadImageTooLarge}`);
    expect(body).toHaveValue('Bonjour,\n\n');
  });
});
