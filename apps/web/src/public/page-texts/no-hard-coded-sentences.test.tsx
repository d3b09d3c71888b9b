import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { DEFAULT_SITE_CONTENT } from '@bande/shared/site-content-defaults';
import type { SiteContent } from '@bande/shared/schemas/site-content';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import HomePage from '../home/home-page.tsx';
import TeamPage from '../team/team-page.tsx';
import OriginesPage from '../origines/origines-page.tsx';
import ShowsPage from '../shows/shows-page.tsx';
import BonusPage from '../bonus/bonus-page.tsx';
import PartenairesPage from '../partenaires/partenaires-page.tsx';
import ContactPage from '../contact/contact-page.tsx';
import LettresPage from '../lettres/lettres-page.tsx';
import LegalPage from '../legal/legal-page.tsx';
import SitemapPage from '../sitemap/sitemap-page.tsx';
import NotFoundPage from '../not-found/not-found-page.tsx';
import AccessibilityPage from '../accessibility/accessibility-page.tsx';

/**
 * The guard of « every text a visitor reads is editable » (issue 35): each public page is rendered with
 * every site text replaced by a marker (M0, M1…) and the data lists empty (their « nothing yet »
 * messages show); what remains visible is what the code wrote. A sentence there (four words or more)
 * fails the test unless it is in STAYS_IN_CODE, the reviewed list of texts that stay in the code on
 * purpose. A text moved to « Textes du site » shows as a marker and passes; a new sentence typed into a
 * page fails here until it is made editable or its reason to stay is written below.
 */
const STAYS_IN_CODE: Record<string, string> = {
  // Names and messages the spec writes (requirements to the letter).
  'Bonus de la bande': 'the spec names the gallery so',
  'La galerie est vide pour le moment. Revenez bientôt !': 'the spec’s empty-gallery message',
  // Interface vocabulary: what a control does, the same on every association's site.
  "Ajouter l'agenda à mon calendrier": 'a link’s action (texts.agenda)',
  '(fichier iCalendar des prochaines représentations)': 'what the agenda link downloads, for screen readers',
  "Les champs marqués d'un": 'the form’s required-fields legend',
  'Utile si vous préférez être rappelé.': 'a form field’s hint',
  'Site web (ne pas remplir)': 'the anti-spam trap’s label, hidden from visitors',
  // The formats' title counts the formats staff wrote: « Quatre façons de lever le rideau ».
  'Quatre façons de lever le rideau': 'counts the formats',
  // The site map describes the site's own pages: each line follows a route of the code, not the association.
  "Les lectures à l'affiche, nos formats et nos activités hors cadre.": 'site map',
  'Les lectrices, lecteurs et musiciens de la troupe.': 'site map',
  "L'histoire de la troupe, chapitre après chapitre.": 'site map',
  'Sur scène et ailleurs': 'site map',
  'Le répertoire complet ; chaque spectacle a sa page, son équipe et ses dates.': 'site map',
  'Bonus — Échos en images': 'site map',
  'Photos et extraits filmés des lectures et des coulisses.': 'site map',
  'Les lieux et structures qui nous accompagnent.': 'site map',
  "Nous écrire et s'informer": 'site map',
  'Un spectacle sur mesure, une intervention, une question.': 'site map',
  'Les lettres de la newsletter déjà envoyées.': 'site map',
  'Cette page : toutes les pages du site.': 'site map',
  'Éditeur, hébergement, données personnelles et cookies.': 'site map',
  'Déclaration d’accessibilité : conformité au RGAA, signaler un problème.': 'site map',
};

/**
 * Pages whose sentences stay in the code as a whole: what the law makes the publisher state. The legal
 * notice says what the code does with personal data (the retention periods are the erasure jobs'), and
 * the accessibility statement follows the RGAA's model statement; the staff's part of each (publisher,
 * host, audit results) is already theirs in « Informations légales » and « Textes du site ».
 */
const LEGAL_PAGES = new Set(['/mentions-legales', '/accessibilite']);

let marker = 0;
/** Every string of the site texts becomes a marker, except the values that are not words (state, date). */
function markers(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return key === 'status' || key === 'auditDate' || key === 'email' || key === 'phone' || key === 'url' ? value : `M${marker++}`;
  if (Array.isArray(value)) return value.map((item) => markers(item));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, markers(v, k)]));
  return value;
}
const marked = markers(DEFAULT_SITE_CONTENT) as SiteContent;

/** Every request answers an empty list (or an empty record): each page shows its « nothing yet » state. */
function emptyApi() {
  return vi.fn(async (path: string) => {
    if (path === '/api/card-config') return jsonResponse({ data: { isEnabled: false, sectionTitle: '', sectionDescription: '', buttonText: '', modalTitle: '', modalDescription: '', modalButtonText: '' } });
    if (path === '/api/legal') return jsonResponse({ data: {} });
    return jsonResponse({ data: [] });
  });
}

/** The visible text nodes of the page, markers removed, that still read as a sentence (four words or more). */
function sentencesLeft(root: HTMLElement): string[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const found: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent ?? '').replace(/M\d+/g, ' ').replace(/\s+/g, ' ').trim();
    const words = text.match(/\p{L}[\p{L}'’-]*/gu) ?? [];
    if (words.length >= 4 && !(text in STAYS_IN_CODE)) found.push(text);
  }
  return found;
}

const pages: [string, ReactElement][] = [
  ['/', <HomePage />],
  ['/team', <TeamPage />],
  ['/origines', <OriginesPage />],
  ['/shows', <ShowsPage />],
  ['/bonus', <BonusPage />],
  ['/partenaires', <PartenairesPage />],
  ['/contact', <ContactPage />],
  ['/lettres', <LettresPage />],
  ['/mentions-legales', <LegalPage />],
  ['/plan-du-site', <SitemapPage />],
  ['/not-found', <NotFoundPage />],
  ['/accessibilite', <AccessibilityPage />],
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('no visitor sentence hard-coded in the public pages (issue 35)', () => {
  it.each(pages)('%s: every sentence shown comes from « Textes du site » or is listed with its reason', async (route, element) => {
    vi.stubGlobal('fetch', emptyApi());
    const { container } = renderWithProviders(element, { route, siteContent: marked });
    // The page's own words are the staff's: markers show (once a lazy part has loaded)…
    await waitFor(() => expect(container.textContent).toMatch(/M\d+/), { timeout: 5000 });
    // …and the lists settle into their empty states.
    await waitFor(() => expect(screen.queryByRole('status', { busy: true })).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const left = sentencesLeft(container);
    if (LEGAL_PAGES.has(route)) expect(left.length, 'the legal text is rendered').toBeGreaterThan(0);
    else expect(left).toEqual([]);
  });
});
