/**
 * The roles and their French words, without zod: what the backoffice's dashboard imports
 * (@bande/shared/roles) to choose its tabs, so that its first tab does not wait for zod's chunk.
 * Their schemas live in schemas/roles.ts, which re-exports all of this.
 *
 * Who may do what in the backoffice (issue 26). Each account holds one role; the server checks it on
 * every admin route before validation and before any record is looked up (apps/api/src/plugins/access-control.ts).
 * - admin: everything, and alone: accounts, roles, legal details, the activity log.
 * - editor: the site's content (shows, members, venues, gallery, origins, partners, card config), its
 *   history, previews and scheduling, uploads.
 * - secretary: the people who write to the association: messages, newsletter subscribers, reservations
 *   and the door, newsletter campaigns, uploads.
 */
export const ROLES = ['admin', 'editor', 'secretary'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrateur',
  editor: 'Éditeur',
  secretary: 'Secrétariat',
};

/** What each role lets its account do, said to the person (the invitation mail, « Mon compte »). */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: 'tout l’espace d’administration\u00a0: les contenus du site, les réservations, les messages et la lettre, ainsi que les comptes et leurs rôles, les informations légales et le journal d’activité',
  editor: 'les contenus du site\u00a0: spectacles et représentations, membres, lieux, galerie, origines, partenaires, carte d’abonné et textes du site, avec leur historique et leur programmation',
  secretary: 'les échanges avec le public\u00a0: messages reçus, abonnés et campagnes de la lettre, réservations et entrées des représentations',
};

export const rolesTexts = {
  forbidden: "Votre rôle ne permet pas cette action. Demandez-la à un administrateur.",
  cannotChangeOwnRole: 'Vous ne pouvez pas changer votre propre rôle',
  lastAdmin: 'Il faut garder au moins un administrateur : nommez-en un autre avant.',
  roleLabel: 'Rôle',
  roleChanged: (email: string, role: Role) => `${email} est maintenant ${ROLE_LABELS[role].toLowerCase()}.`,
  forbiddenTab: "Cet onglet n'est pas accessible avec votre rôle. Voici ceux qui le sont.",
} as const;
