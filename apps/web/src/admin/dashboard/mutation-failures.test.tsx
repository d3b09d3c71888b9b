import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts, type CardConfig } from '@bande/shared';
import { loggedInForEachTest, renderAdminTab, type FakeResponse } from '../test-utils.tsx';
import { LegalTab } from '../legal/legal-tab.tsx';
import { CardConfigTab } from '../card-config/card-config-tab.tsx';
import { AccountsTab } from '../accounts/accounts-tab.tsx';
import { MembersTab } from '../members/members-tab.tsx';
import { PartnersTab } from '../partners/partners-tab.tsx';
import { VenuesTab } from '../venues/venues-tab.tsx';
import { ShowsTab } from '../shows/shows-tab.tsx';
import { OriginsTab } from '../origins/origins-tab.tsx';
import { GalleryTab } from '../gallery/gallery-tab.tsx';
import { draftShow } from '../../test/show-fixtures.ts';

vi.setConfig({ testTimeout: 30_000 });
loggedInForEachTest();

type User = ReturnType<typeof userEvent.setup>;

interface MutationCase {
  /** What the volunteer does. */
  name: string;
  tab: ReactNode;
  /** The tab's reads (any other GET answers an empty list). */
  reads: Record<string, unknown>;
  /** The request that fails: 'PUT /api/legal'. */
  mutation: string;
  /** Does it, up to the click that sends the request. */
  act: (user: User) => Promise<void>;
}

const member = { id: 4, documentId: 'd4', firstName: 'Ana', lastName: 'Lys', fullName: 'Ana Lys', role: 'Lectrice', note: null, photo: null, published: false, createdAt: '', updatedAt: '', publishedAt: null };
const legal = { publisherName: 'La Bande', publisherAddress: '1 rue Haute', publicationDirector: 'Ana Lys', publisherContact: 'a@example.org', hostName: 'Hôte', hostAddress: '2 rue Basse', hostPhone: '01 02 03 04 05' };
const cardConfig: CardConfig = { isEnabled: true, sectionTitle: 'Devenez abonné', sectionDescription: 'Des tarifs réduits.', buttonText: 'Demander', modalTitle: 'Demande', modalDescription: 'Vos coordonnées.', modalButtonText: 'Envoyer' };

const show = draftShow({ name: 'Les Misérables', pitch: 'Un bagnard.', note: 'Note' });
const category = { id: 7, title: 'Les débuts', description: null, position: 1, published: false, publishAt: null, unpublishAt: null, events: [] };
const deletedMember = { id: 31, at: '2026-03-03T19:30:00.000Z', userEmail: 'lea@example.org', entity: 'member', entityId: 9, action: 'delete', label: 'Léa Roux' };

const click = (user: User, name: string | RegExp) => user.click(screen.getAllByRole('button', { name })[0]!);

/**
 * The backoffice's saves and actions. A new tab's mutation is one more entry here: its failures are
 * then read as the others'.
 */
const MUTATIONS: MutationCase[] = [
  {
    name: 'saving the legal details',
    tab: <LegalTab />,
    reads: { 'GET /api/legal': legal },
    mutation: 'PUT /api/legal',
    act: async (user) => {
      await user.type(await screen.findByRole('textbox', { name: "Nom de l'hébergeur" }), ' bis');
      await click(user, 'Enregistrer');
    },
  },
  {
    name: 'saving the card config',
    tab: <CardConfigTab />,
    reads: { 'GET /api/card-config': { data: cardConfig } },
    mutation: 'PUT /api/card-config',
    act: async (user) => {
      await user.type(await screen.findByLabelText(/^Titre de la section/), ' !');
      await click(user, 'Enregistrer');
    },
  },
  {
    name: 'inviting an account',
    tab: <AccountsTab />,
    reads: { 'GET /api/users': { data: [] }, 'GET /api/auth/totp': { enabled: false, recoveryCodesLeft: 0 } },
    mutation: 'POST /api/users',
    act: async (user) => {
      await user.type(await screen.findByRole('textbox', { name: /Email de la personne à inviter/ }), 'nouveau@example.org');
      await click(user, 'Inviter');
    },
  },
  {
    name: 'creating a member',
    tab: <MembersTab />,
    reads: { 'GET /api/members': { data: [member] } },
    mutation: 'POST /api/members',
    act: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Nouveau membre' }));
      await user.type(screen.getByRole('textbox', { name: /^Prénom/ }), 'Léa');
      await user.type(screen.getByRole('textbox', { name: /^Nom/ }), 'Roux');
      await user.type(screen.getByRole('textbox', { name: /^Rôle/ }), 'Lectrice');
      await click(user, 'Enregistrer');
    },
  },
  {
    name: 'publishing a member',
    tab: <MembersTab />,
    reads: { 'GET /api/members': { data: [member] } },
    mutation: 'POST /api/members/4/publish',
    act: async (user) => user.click(await screen.findByRole('button', { name: 'Publier Ana Lys' })),
  },
  {
    name: 'deleting a member',
    tab: <MembersTab />,
    reads: { 'GET /api/members': { data: [member] } },
    mutation: 'DELETE /api/members/4',
    act: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Supprimer Ana Lys' }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: /^Supprimer/ }));
    },
  },
  {
    name: 'creating a partner',
    tab: <PartnersTab />,
    reads: { 'GET /api/partners': { data: [] } },
    mutation: 'POST /api/partners',
    act: async (user) => {
      await click(user, /Nouveau partenaire|Créer le premier partenaire/);
      await user.type(screen.getByRole('textbox', { name: /^Nom du partenaire/ }), 'La Librairie');
      await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'Nos livres.');
      await click(user, 'Enregistrer');
    },
  },
  {
    name: 'deleting a venue',
    tab: <VenuesTab />,
    reads: { 'GET /api/venues': [{ id: 2, name: 'La Grange', address: '1 rue Haute' }] },
    mutation: 'DELETE /api/venues/2',
    act: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Supprimer La Grange' }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: /^Supprimer/ }));
    },
  },
  {
    name: 'putting a show on the bill',
    tab: <ShowsTab />,
    reads: { 'GET /api/shows': { data: [show] } },
    mutation: 'POST /api/shows/12/featured',
    act: async (user) => user.click(await screen.findByRole('button', { name: 'Mettre Les Misérables à l’affiche' })),
  },
  {
    name: 'creating an origins category',
    tab: <OriginsTab />,
    reads: { 'GET /api/origins/admin/categories': [] },
    mutation: 'POST /api/origins/admin/categories',
    act: async (user) => {
      await click(user, /Nouvelle catégorie|Créer la première catégorie/);
      await user.type(screen.getByRole('textbox', { name: /^Titre/ }), 'Les débuts');
      await click(user, 'Enregistrer');
    },
  },
  {
    name: 'publishing an origins category',
    tab: <OriginsTab />,
    reads: { 'GET /api/origins/admin/categories': [category] },
    mutation: 'PUT /api/origins/admin/categories/7/publish',
    act: async (user) => user.click(await screen.findByRole('button', { name: 'Publier Les débuts' })),
  },
  {
    name: 'adding a YouTube video to the gallery',
    tab: <GalleryTab />,
    reads: { 'GET /api/gallery': { data: [] } },
    mutation: 'POST /api/gallery',
    act: async (user) => {
      await click(user, 'Ajouter un média');
      await user.click(screen.getByRole('radio', { name: 'YouTube' }));
      await user.type(screen.getByRole('textbox', { name: /^Lien YouTube/ }), 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
      await click(user, 'Enregistrer');
    },
  },
  {
    name: 'restoring a deleted member',
    tab: <MembersTab />,
    reads: { 'GET /api/members': { data: [member] }, 'GET /api/revisions/deleted': { data: [deletedMember] } },
    mutation: 'POST /api/revisions/31/restore',
    act: async (user) => {
      await user.click(await screen.findByText('Membres supprimés'));
      await user.click(await screen.findByRole('button', { name: 'Restaurer « Léa Roux »' }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Restaurer' }));
    },
  },
];

/** The two failures: the call never reaches the server, or the server fails without a word (a proxy's 502 page). */
const FAILURES: Record<string, { answer: () => FakeResponse; expected: string }> = {
  network: {
    answer: () => {
      throw new TypeError('Failed to fetch');
    },
    expected: texts.errors.network,
  },
  'a 500': { answer: () => ({ status: 500, body: {} }), expected: texts.errors.server },
};

function stubApi(reads: Record<string, unknown>, mutation: string, answer: () => FakeResponse) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input).split('?')[0];
    const key = `${(init.method ?? 'GET').toUpperCase()} ${path}`;
    const { status = 200, body } = key === mutation ? answer() : key in reads ? { body: reads[key] } : key.startsWith('GET ') ? { body: { data: [] } } : { status: 418, body: { error: `Appel inattendu : ${key}` } };
    return new Response(JSON.stringify(body ?? {}), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** What the page says to a reader: its text without the folded technical details. */
function readableText(): string {
  const page = document.body.cloneNode(true) as HTMLElement;
  page.querySelectorAll('details').forEach((details) => details.remove());
  return page.textContent ?? '';
}

describe('every backoffice mutation that fails says so in French, without technical words', () => {
  for (const [failure, { answer, expected }] of Object.entries(FAILURES)) {
    it.each(MUTATIONS)(`$name, failing by ${failure}`, async ({ tab, reads, mutation, act }) => {
      const fetch = stubApi(reads, mutation, answer);
      renderAdminTab(tab);
      await act(userEvent.setup({ delay: null }));
      await waitFor(() => expect(readableText()).toContain(expected));
      const calls = fetch.mock.calls.map(([input, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${String(input).split('?')[0]}`);
      expect(calls).toContain(mutation);
      const text = readableText();
      expect(text).not.toMatch(/Failed to fetch|TypeError|API (GET|POST|PUT|DELETE)|\/api\/|\b[45]\d\d\b/);
      // The folded « Détails techniques » too are French (issue 35): the call and the status, no browser English.
      expect(document.body.textContent).not.toMatch(/Failed to fetch|TypeError|\bAPI (GET|POST|PUT|DELETE)\b|\bon \/api\//);
    });
  }
});
