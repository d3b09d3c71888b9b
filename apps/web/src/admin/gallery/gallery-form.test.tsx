import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts } from '@bande/shared';
import { renderWithProviders, sentBodies, stubFetch } from '../test-utils.tsx';
import { FakeXhr, pngFile } from '../test-upload.ts';
import { GalleryFormModal } from './gallery-form.tsx';

vi.setConfig({ testTimeout: 20_000 });

const photo = () => pngFile();

beforeEach(() => {
  localStorage.setItem('admin_token', 'jeton');
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function choosePhotoAndSave() {
  const user = userEvent.setup({ delay: null });
  await user.upload(screen.getByRole('group', { name: /Fichier image/ }).querySelector('input[type="file"]') as HTMLInputElement, photo());
  await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
  return user;
}

describe('gallery form', () => {
  it('requires a file for a new photo, then uploads with a progress bar that can be cancelled', async () => {
    const fetch = stubFetch({});
    renderWithProviders(<GalleryFormModal item={null} onClose={() => {}} />, { route: '/admin/dashboard' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByText('Veuillez choisir un fichier')).toBeInTheDocument();

    await choosePhotoAndSave();
    act(() => FakeXhr.last!.progress(40));
    expect(screen.getByRole('progressbar', { name: 'Envoi du fichier' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: 'Envoi du fichier...' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Annuler l’envoi' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.errors.uploadCancelled);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
    expect(sentBodies(fetch, 'POST', '/api/gallery')).toEqual([]);
  });

  it('saves the uploaded file, and says "Erreur lors de la sauvegarde du média" when the save fails', async () => {
    const fetch = stubFetch({ 'POST /api/gallery': { status: 500, body: { error: 'Erreur interne du serveur' } } });
    renderWithProviders(<GalleryFormModal item={null} onClose={() => {}} />, { route: '/admin/dashboard' });
    await choosePhotoAndSave();
    act(() => FakeXhr.last!.finish(201, { url: '/uploads/scene.webp' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.errors.gallerySave);
    expect(sentBodies(fetch, 'POST', '/api/gallery')).toEqual([
      { type: 'photo', url: '/uploads/scene.webp', thumbnail: '/uploads/scene.webp', title: '', description: '', publishAt: null, unpublishAt: null },
    ]);
  });

  it('says "Erreur lors de l\'upload du fichier" when the upload is refused', async () => {
    stubFetch({});
    renderWithProviders(<GalleryFormModal item={null} onClose={() => {}} />, { route: '/admin/dashboard' });
    await choosePhotoAndSave();
    act(() => FakeXhr.last!.finish(413, { error: texts.api.uploadImageTooLarge }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${texts.errors.fileUpload} : ${texts.api.uploadImageTooLarge}`);
  });

  it('checks YouTube links and keeps the current file when editing without a new one', async () => {
    const fetch = stubFetch({ 'PUT /api/gallery/7': ({ body }) => ({ body: { data: body } }) });
    const onClose = vi.fn();
    renderWithProviders(
      <GalleryFormModal
        item={{ id: 7, type: 'photo', url: '/uploads/ancienne.webp', thumbnail: '/uploads/ancienne.webp', title: 'Ancienne', description: null, published: true, position: 0, youtubeId: null }}
        onClose={onClose}
      />,
      { route: '/admin/dashboard' },
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('radio', { name: 'YouTube' }));
    await user.type(screen.getByLabelText(/Lien YouTube/), 'https://example.org/video');
    expect(await screen.findByText(texts.validation.youtubeInvalid)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Photo' }));
    await user.clear(screen.getByLabelText('Titre'));
    await user.type(screen.getByLabelText('Titre'), 'Nouvelle');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(FakeXhr.last).toBeNull();
    expect(sentBodies(fetch, 'PUT', '/api/gallery/7')).toEqual([
      { type: 'photo', url: '/uploads/ancienne.webp', thumbnail: '/uploads/ancienne.webp', title: 'Nouvelle', description: '', publishAt: null, unpublishAt: null },
    ]);
  });
});
