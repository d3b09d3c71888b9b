import type { RevisionEntity } from '@bande/shared/schemas/revisions';
import { LEGAL_FIELD_LABELS } from '@bande/shared/legal-fields';
import { formatParisDateTime } from '../lib/dates.ts';

/** How a field of a snapshot reads in the « Historique » panel: its French label and a readable value. */
export interface FieldLabel {
  label: string;
  format?: (value: unknown) => string;
}

const yesNo = (value: unknown) => (value ? 'Oui' : 'Non');
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? (value as Record<string, unknown>[]) : []);
const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

const performances = (value: unknown) => {
  const rows = list(value);
  if (rows.length === 0) return 'aucune';
  const dates = rows.map((p) => `${formatParisDateTime(str(p.date))}, ${[p.venueName, p.address].filter(Boolean).map(str).join(', ')}`);
  return `${plural(rows.length, 'représentation', 'représentations')} : ${dates.join(' ; ')}`;
};

const credits = (value: unknown) => {
  const rows = list(value);
  if (rows.length === 0) return 'aucun';
  return rows
    .map((credit) => {
      const names = list(credit.members).map((m) => `${str(m.fullName) || `${str(m.firstName)} ${str(m.lastName)}`}${m.role ? ` (${str(m.role)})` : ''}`);
      return `${str(credit.category)} : ${names.join(', ') || 'personne'}`;
    })
    .join(' ; ');
};

const events = (value: unknown) => {
  const rows = list(value);
  return rows.length === 0 ? 'aucun' : rows.map((e) => `${str(e.date)} ${str(e.title)}`).join(' ; ');
};

const book = (value: unknown) => {
  if (!value || typeof value !== 'object') return '';
  const b = value as Record<string, unknown>;
  return [b.name, b.type, b.description, b.note, b.photo].filter(Boolean).map(str).join(' — ');
};
const author = (value: unknown) => {
  if (!value || typeof value !== 'object') return '';
  const a = value as Record<string, unknown>;
  return [a.name, a.date, a.description, a.photo].filter(Boolean).map(str).join(' — ');
};

const published = { label: 'Publié', format: yesNo };

const obj = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const contact = (value: unknown) => {
  const c = obj(value);
  return [c.email, c.phone, str(c.address).replace(/\n/g, ', '), c.hours, c.responseDays ? `réponse sous ${String(c.responseDays)} jours` : ''].filter(Boolean).map(String).join(' — ');
};
const formats = (value: unknown) => list(value).map((f) => `${str(f.name)} (${str(f.duration)}) : ${str(f.description)}`).join(' ; ') || 'aucun';
const horsCadre = (value: unknown) =>
  list(value)
    .map((h) => [str(h.title), str(h.description), ...(Array.isArray(h.facts) ? h.facts.map(str) : []), str(h.linkLabel)].filter(Boolean).join(' — '))
    .join(' ; ') || 'aucune';
const pageTexts = (value: unknown) =>
  Object.values(obj(value))
    .map(str)
    .filter(Boolean)
    .join(' — ');

const accessibility = (value: unknown) => {
  const a = obj(value);
  return [a.status ? `conformité : ${String(a.status)}` : '', a.rate === null || a.rate === undefined ? 'taux inconnu' : `${String(a.rate)} %`, str(a.auditDate), str(a.method), str(a.nonAccessible)].filter(Boolean).join(' — ');
};
const social = (value: unknown) => list(value).map((l) => `${str(l.label)} : ${str(l.url)}`).join(' ; ') || 'aucun';

/** The fields compared for each kind of entity, in the order of its form; others (ids, dates of writing) are left out. */
export const FIELD_LABELS: Record<RevisionEntity, Record<string, FieldLabel>> = {
  show: {
    name: { label: 'Titre' },
    type: { label: 'Type' },
    year: { label: 'Année' },
    slug: { label: 'Adresse de la page' },
    pitch: { label: 'Accroche' },
    note: { label: 'Note de mise en scène' },
    quote: { label: 'Citation' },
    remerciement: { label: 'Remerciements' },
    photo: { label: 'Photo' },
    performances: { label: 'Représentations', format: performances },
    credits: { label: 'Crédits', format: credits },
    book: { label: 'Livre adapté', format: book },
    author: { label: 'Auteur', format: author },
    isFeatured: { label: 'À l’affiche', format: yesNo },
    published,
  },
  member: {
    firstName: { label: 'Prénom' },
    lastName: { label: 'Nom' },
    role: { label: 'Rôle' },
    note: { label: 'Présentation' },
    photo: { label: 'Photo' },
    published,
  },
  venue: { name: { label: 'Nom' }, address: { label: 'Adresse' } },
  partner: { title: { label: 'Nom' }, description: { label: 'Description' }, link: { label: 'Lien' }, logo: { label: 'Logo' }, published },
  gallery: {
    type: { label: 'Type' },
    url: { label: 'Média' },
    thumbnail: { label: 'Miniature' },
    title: { label: 'Titre' },
    description: { label: 'Description' },
    published,
  },
  'origin-category': { title: { label: 'Titre' }, description: { label: 'Description' }, position: { label: 'Position' }, events: { label: 'Événements', format: events }, published },
  'origin-event': { title: { label: 'Titre' }, date: { label: 'Date' }, description: { label: 'Description' }, categoryId: { label: 'Catégorie (n°)' }, published },
  'card-config': {
    isEnabled: { label: 'Section affichée', format: yesNo },
    sectionTitle: { label: 'Titre de la section' },
    sectionDescription: { label: 'Description de la section' },
    buttonText: { label: 'Texte du bouton' },
    modalTitle: { label: 'Titre de la fenêtre' },
    modalDescription: { label: 'Description de la fenêtre' },
    modalButtonText: { label: 'Bouton de la fenêtre' },
  },
  'site-content': {
    // The same words, and the same apostrophe (’), as the « Textes du site » form (site-content-texts.ts).
    associationName: { label: 'Nom de l’association' },
    homeLead: { label: 'Texte d’accueil' },
    formats: { label: 'Formats', format: formats },
    horsCadre: { label: 'Hors cadre', format: horsCadre },
    contact: { label: 'Contact', format: contact },
    footerText: { label: 'Texte du pied de page' },
    pageTexts: { label: 'Textes des pages', format: pageTexts },
    social: { label: 'Réseaux', format: social },
    accessibility: { label: 'Déclaration d’accessibilité', format: accessibility },
  },
  // The form's labels, with the typographic apostrophe of the rest of the history.
  legal: Object.fromEntries(Object.entries(LEGAL_FIELD_LABELS).map(([field, label]) => [field, { label: label.replaceAll("'", '’') }])),
};

export interface FieldChange {
  label: string;
  before: string;
  after: string;
}

const display = (field: FieldLabel, value: unknown) => {
  const text = field.format ? field.format(value) : value === null || value === undefined ? '' : String(value);
  return text === '' ? '(vide)' : text;
};

/** What changed from `previous` to `current`, field by field, in French words (all fields when there is no previous). */
export function changesBetween(entity: RevisionEntity, previous: Record<string, unknown> | undefined, current: Record<string, unknown>): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [key, field] of Object.entries(FIELD_LABELS[entity])) {
    const after = display(field, current[key]);
    const before = previous ? display(field, previous[key]) : '';
    if (previous && before === after) continue;
    changes.push({ label: field.label, before, after });
  }
  return changes;
}
