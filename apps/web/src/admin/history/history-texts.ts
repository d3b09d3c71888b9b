import type { RevisionEntity } from '@bande/shared/schemas/revisions';

/** Whether the entity has a published state (a venue, the card config, the site's texts and the legal details have none): its restore texts speak of drafts. */
export const isPublishable = (entity: RevisionEntity) => !['venue', 'card-config', 'site-content', 'legal'].includes(entity);

/**
 * Who made a revision: its account; without one, a publication or withdrawal made by its planned date,
 * or, for anything else, the version kept before the first change (the site's texts as they first were).
 */
export const revisionAuthor = (revision: { userEmail: string | null; action: string }) =>
  revision.userEmail ?? (revision.action === 'publish' || revision.action === 'unpublish' ? historyTexts.scheduled : historyTexts.original);

/** The French words of the « Historique » panel and the « Éléments supprimés » lists. */
export const historyTexts = {
  panel: 'Historique',
  loading: "Chargement de l'historique…",
  loadFailed: "Erreur lors du chargement de l'historique",
  empty: 'Aucune version enregistrée pour le moment.',
  current: 'Version actuelle',
  changes: 'Voir les changements',
  changesLoading: 'Chargement des changements…',
  noPrevious: 'Première version enregistrée :',
  noChange: 'Aucun champ modifié.',
  before: 'Avant',
  after: 'Après',
  unknownAccount: 'compte inconnu',
  /** A revision without account: a publication or withdrawal made by its planned date. */
  scheduled: 'publication programmée',
  /** A revision without account that no schedule made: the state kept before the first change. */
  original: 'version d’origine',
  restore: 'Restaurer',
  restoreLabel: (at: string) => `Restaurer la version du ${at}`,
  restoreTitle: 'Restaurer cette version ?',
  restoreMessage: (at: string) =>
    `Le contenu de la version du ${at} va remplacer le contenu actuel, qui reste dans l'historique. La publication ne change pas : un élément supprimé revient en brouillon.`,
  /** For what has no published state (a venue, the card config). */
  restoreMessageUnpublished: (at: string) => `Le contenu de la version du ${at} va remplacer le contenu actuel, qui reste dans l'historique.`,
  restored: 'Version restaurée.',
  restoreFailed: 'Erreur lors de la restauration',
  /** A deletion's question: what it does (the list it goes to, from which it can be restored), not « définitive ». */
  deleteConfirm: (question: string, deletedList: string) =>
    `${question} L’élément passera dans « ${deletedList} », en bas de cet onglet, d’où il pourra être restauré tant que l’historique le conserve.`,
  deleted: {
    title: 'Éléments supprimés',
    hint: 'Les éléments supprimés récemment : restaurés, ils reviennent en brouillon.',
    hintUnpublished: 'Les éléments supprimés récemment : restaurés, ils reviennent tels qu’ils étaient.',
    empty: 'Aucun élément supprimé.',
    deletedBy: (at: string, who: string) => `supprimé le ${at} par ${who}`,
    restoreLabel: (name: string) => `Restaurer « ${name} »`,
    restoreTitle: 'Restaurer cet élément ?',
    restoreMessage: (name: string) => `« ${name} » reviendra tel qu'il était avant sa suppression, en brouillon (non publié).`,
    /** A venue has no published state: it simply comes back. */
    restoreMessageUnpublished: (name: string) => `« ${name} » reviendra tel qu'il était avant sa suppression.`,
    restored: (name: string) => `« ${name} » est restauré, en brouillon.`,
    restoredUnpublished: (name: string) => `« ${name} » est restauré.`,
  },
} as const;
