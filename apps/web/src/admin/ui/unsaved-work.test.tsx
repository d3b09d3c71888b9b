import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memberInputSchema, venueInputSchema } from '@bande/shared';
import { loggedInForEachTest, renderAdminTab, renderWithProviders, stubFetch } from '../test-utils.tsx';
import { TextField } from './field.tsx';
import { AdminModal } from './modal.tsx';
import { RecordForm } from './record-form.tsx';
import { saveRecord, useRecordForm } from './use-record-form.ts';
import { hasUnsavedWork } from './unsaved-work.ts';
import { LegalTab } from '../legal/legal-tab.tsx';
import DashboardPage from '../dashboard/dashboard-page.tsx';
import { AddressAutocomplete } from '../venues/address-autocomplete.tsx';

loggedInForEachTest();

const QUESTION = 'Abandonner les modifications ?';

function MemberForm({ onClose }: { onClose: () => void }) {
  const form = useRecordForm({
    schema: memberInputSchema,
    defaultValues: { firstName: 'Emma', lastName: 'Rouault', role: 'Comédienne', photo: null, publishAt: null, unpublishAt: null },
    save: saveRecord('/api/members', null),
    queryKey: ['admin', 'members'],
    onClose,
  });
  // Handed over by value (an image, an address, a row): react-hook-form holds no ref to it.
  const role = form.valueProps('role');
  return (
    <RecordForm form={form}>
      <TextField label="Prénom" {...form.inputProps('firstName')} />
      <TextField label="Rôle" value={role.value} onChange={(event) => role.onChange(event.target.value)} />
    </RecordForm>
  );
}

/** A tab's « Nouveau » button and its dialog, as the tabs have them. */
function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Nouveau membre
      </button>
      {open ? (
        <AdminModal title="Nouveau membre" onClose={() => setOpen(false)}>
          <MemberForm onClose={() => setOpen(false)} />
        </AdminModal>
      ) : null}
    </>
  );
}

async function openForm() {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Harness />);
  await user.click(screen.getByRole('button', { name: 'Nouveau membre' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Nouveau membre' }) };
}

const ways = {
  Escape: async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}'),
  '✕': async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Fermer' })),
  Annuler: async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Annuler' })),
  'a click outside': async () => {
    const dialog = screen.getByRole('dialog', { name: 'Nouveau membre' });
    fireEvent.mouseDown(dialog);
    fireEvent.mouseUp(dialog);
  },
};

describe('unsaved work in a record form', () => {
  it.each(Object.entries(ways))('an unchanged form closes at once by %s', async (_name, close) => {
    const { user } = await openForm();
    await close(user);
    expect(screen.queryByRole('dialog', { name: 'Nouveau membre' })).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it.each(Object.entries(ways))('a changed form asks before closing by %s; « Continuer la saisie » keeps the typed input', async (_name, close) => {
    const { user } = await openForm();
    const firstName = screen.getByRole('textbox', { name: 'Prénom' });
    await user.clear(firstName);
    await user.type(firstName, 'Louise');
    await close(user);

    const question = screen.getByRole('alertdialog', { name: QUESTION });
    expect(within(question).getByRole('button', { name: 'Continuer la saisie' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Continuer la saisie' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Nouveau membre' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Prénom' })).toHaveValue('Louise');
  });

  it('« Abandonner les modifications » closes the form; Escape on the question answers « Continuer la saisie » and leaves the form open', async () => {
    const { user } = await openForm();
    await user.type(screen.getByRole('textbox', { name: 'Prénom' }), 'x');
    await user.keyboard('{Escape}');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Prénom' })).toHaveValue('Emmax');

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Abandonner les modifications' }));
    expect(screen.queryByRole('dialog', { name: 'Nouveau membre' })).toBeNull();
    expect(hasUnsavedWork()).toBe(false);
  });

  it('a field handed over by value makes the form changed too; put back as it was, it no longer asks', async () => {
    const { user } = await openForm();
    const role = screen.getByRole('textbox', { name: 'Rôle' });
    await user.type(role, 'x');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: QUESTION })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuer la saisie' }));

    await user.type(role, '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog', { name: 'Nouveau membre' })).toBeNull();
  });

  it('the browser asks before the page is left (beforeunload) while a form holds changes, not otherwise', async () => {
    const { user } = await openForm();
    const unchanged = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unchanged);
    expect(unchanged.defaultPrevented).toBe(false);

    await user.type(screen.getByRole('textbox', { name: 'Prénom' }), 'x');
    const changed = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(changed);
    expect(changed.defaultPrevented).toBe(true);

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Abandonner les modifications' }));
    const closed = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(closed);
    expect(closed.defaultPrevented).toBe(false);
  });
});

const LEGAL = {
  publisherName: 'La Bande à Lire',
  publisherAddress: '1 rue de la Paix, Paris',
  publicationDirector: 'Emma Rouault',
  publisherContact: 'contact@example.org',
  hostName: 'Hébergeur',
  hostAddress: '2 rue du Port, Lyon',
  hostPhone: '01 02 03 04 05',
};

function VenueLikeForm({ onClose }: { onClose: () => void }) {
  const form = useRecordForm({
    schema: venueInputSchema,
    defaultValues: { name: 'Salle', address: '' },
    save: saveRecord('/api/venues', null),
    queryKey: ['admin', 'venues'],
    onClose,
  });
  return (
    <AdminModal title="Nouveau lieu" onClose={onClose}>
      <RecordForm form={form}>
        <AddressAutocomplete label="Adresse" {...form.valueProps('address')} searchUrl={undefined} venues={[{ name: 'Théâtre du Vieux Pont', address: '12 rue du Pont, 80000 Amiens' }]} />
      </RecordForm>
    </AdminModal>
  );
}

it('Escape in the address suggestions closes the suggestions only; the next Escape asks about the form', async () => {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<VenueLikeForm onClose={() => undefined} />);
  await user.type(screen.getByRole('combobox', { name: 'Adresse' }), 'Théâtre');
  expect(await screen.findAllByRole('option')).not.toHaveLength(0);
  await user.keyboard('{Escape}');
  expect(screen.queryAllByRole('option')).toHaveLength(0);
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(screen.getByRole('dialog', { name: 'Nouveau lieu' })).toBeInTheDocument();
  await user.keyboard('{Escape}');
  expect(screen.getByRole('alertdialog', { name: QUESTION })).toBeInTheDocument();
});

describe('unsaved work in a tab', () => {
  it('a saved legal form no longer counts as changed', async () => {
    stubFetch({ 'GET /api/legal': { body: LEGAL }, 'PUT /api/legal': { body: { ...LEGAL, hostName: 'Autre hébergeur' } } });
    const user = userEvent.setup({ delay: null });
    renderAdminTab(<LegalTab />);
    const host = await screen.findByRole('textbox', { name: "Nom de l'hébergeur" });
    await user.clear(host);
    await user.type(host, 'Autre hébergeur');
    expect(hasUnsavedWork()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(hasUnsavedWork()).toBe(false));
  });

  it('changing tab or logging out with a changed form asks first; « Continuer la saisie » stays with the input, « Abandonner les modifications » goes', async () => {
    localStorage.setItem('admin_active_tab', 'legal');
    stubFetch({
      'GET /api/shows': { body: { data: [] } },
      'GET /api/messages/summary': { body: { new: 0 } },
      'GET /api/legal': { body: LEGAL },
      'GET /api/members': { body: { data: [] } },
      'POST /api/auth/logout': { status: 204 },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DashboardPage />, { route: '/admin/dashboard' });
    const host = await screen.findByRole('textbox', { name: "Nom de l'hébergeur" });
    await user.type(host, ' bis');

    const nav = screen.getByRole('navigation', { name: 'Sections de l’administration' });
    await user.click(within(nav).getByRole('button', { name: /^Gestion/ }));
    await user.click(screen.getAllByRole('button', { name: 'Membres' })[0]!);
    await user.click(within(screen.getByRole('alertdialog', { name: QUESTION })).getByRole('button', { name: 'Continuer la saisie' }));
    expect(screen.getByRole('textbox', { name: "Nom de l'hébergeur" })).toHaveValue(`${LEGAL.hostName} bis`);

    await user.click(screen.getAllByRole('button', { name: 'Déconnexion' })[0]!);
    await user.click(within(screen.getByRole('alertdialog', { name: QUESTION })).getByRole('button', { name: 'Continuer la saisie' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard');

    await user.click(screen.getAllByRole('button', { name: 'Déconnexion' })[0]!);
    await user.click(screen.getByRole('button', { name: 'Abandonner les modifications' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
  });
});
