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
  restore: 'Restaurer',
  restoreLabel: (at: string) => `Restaurer la version du ${at}`,
  restoreTitle: 'Restaurer cette version ?',
  restoreMessage: (at: string) =>
    `Le contenu de la version du ${at} va remplacer le contenu actuel, qui reste dans l'historique. La publication ne change pas : un élément supprimé revient en brouillon.`,
  restored: 'Version restaurée.',
  restoreFailed: 'Erreur lors de la restauration',
  deleted: {
    title: 'Éléments supprimés',
    hint: 'Les éléments supprimés récemment : restaurés, ils reviennent en brouillon.',
    empty: 'Aucun élément supprimé.',
    deletedBy: (at: string, who: string) => `supprimé le ${at} par ${who}`,
    restoreLabel: (name: string) => `Restaurer « ${name} »`,
    restoreTitle: 'Restaurer cet élément ?',
    restoreMessage: (name: string) => `« ${name} » reviendra tel qu'il était avant sa suppression, en brouillon (non publié).`,
    restored: (name: string) => `« ${name} » est restauré, en brouillon.`,
  },
} as const;
