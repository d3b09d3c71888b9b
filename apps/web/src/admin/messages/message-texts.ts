import type { InboxMessage, MessageKind, MessageStatus } from '@bande/shared';

export const messageLabels = {
  title: 'Messages',
  description: 'Les messages du formulaire de contact et les demandes de carte d’abonnement.',
  kind: { contact: 'Contact', card: 'Demande de carte' } satisfies Record<MessageKind, string>,
  status: { new: 'Nouveau', done: 'Traité' } satisfies Record<MessageStatus, string>,
  filters: { kind: 'Type', status: 'Statut', all: 'Tous', contact: 'Messages de contact', card: 'Demandes de carte', new: 'Nouveaux', done: 'Traités' },
  columns: { kind: 'Type', date: 'Reçu le', sender: 'Expéditeur', excerpt: 'Message' },
  fields: { receivedAt: 'Reçu le', handledAt: 'Traité le', email: 'Email', phone: 'Téléphone', requestType: 'Type de demande', message: 'Message', firstName: 'Prénom', lastName: 'Nom' },
  open: 'Ouvrir',
  markDone: 'Marquer comme traité',
  markNew: 'Marquer comme nouveau',
  reply: 'Répondre',
  noPhone: 'non renseigné',
  empty: 'Aucun message',
  emptyHint: 'Les messages envoyés depuis le site apparaîtront ici.',
  emptyFiltered: 'Aucun message ne correspond à ces filtres.',
  counters: 'Compteurs des messages',
  newCount: (n: number) => `${n} nouveau${n > 1 ? 'x' : ''} message${n > 1 ? 's' : ''}`,
} as const;

/** The card request's words are the visitor's name; a contact message's, its first words. */
export function excerpt(message: InboxMessage, max = 60): string {
  const text = message.kind === 'contact' ? message.message.replace(/\s+/g, ' ').trim() : `Demande de carte de ${message.firstName} ${message.lastName}`;
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}

export const senderOf = (message: InboxMessage) => (message.kind === 'card' ? `${message.firstName} ${message.lastName}` : message.email);

/** A `mailto:` link to the sender, its subject prefilled. */
export function replyHref(message: InboxMessage): string {
  const subject = message.kind === 'contact' ? `Re : ${message.requestType} — La Bande à Lire` : 'Votre demande de carte d’abonnement — La Bande à Lire';
  return `mailto:${message.email}?subject=${encodeURIComponent(subject)}`;
}
