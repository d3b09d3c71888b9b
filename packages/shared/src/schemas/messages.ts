import { z } from '../zod.ts';

/**
 * The staff's inbox: contact messages and card requests, read together in the backoffice. Ids are per
 * table, so a message is named by kind and number, `contact-12` or `card-3`, in the API's answers and
 * in the paths of PUT and DELETE /api/messages/{id}.
 */
export const MESSAGE_KINDS = ['contact', 'card'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const MESSAGE_STATUSES = ['new', 'done'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const messageTexts = {
  notFound: 'Message introuvable',
  statusInvalid: 'Statut invalide : « new » (nouveau) ou « done » (traité) attendu',
  kindInvalid: 'Type invalide : « contact » ou « card » attendu',
} as const;

const MESSAGE_ID = /^(contact|card)-([1-9]\d{0,9})$/;
// Bounded by PostgreSQL's integer: a larger id is unknown (404), never a database failure.
const MAX_ID = 2_147_483_647;

/** `contact-12` → { kind: 'contact', id: 12 }; anything else (unknown kind, 0, too large) → null. */
export function parseMessageId(value: string): { kind: MessageKind; id: number } | null {
  const match = MESSAGE_ID.exec(value);
  if (!match) return null;
  const id = Number(match[2]);
  return id <= MAX_ID ? { kind: match[1] as MessageKind, id } : null;
}

export const messageIdOf = (kind: MessageKind, id: number) => `${kind}-${id}`;

/** Any text: an id that names no message is a 404 (« Message introuvable »), not a 400. */
export const messageIdParamSchema = z.object({ id: z.string().max(40) });

export const messageStatusSchema = z.enum(MESSAGE_STATUSES, { error: messageTexts.statusInvalid });

export const messagesQuerySchema = z.object({
  kind: z.enum(MESSAGE_KINDS, { error: messageTexts.kindInvalid }).optional(),
  status: messageStatusSchema.optional(),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

export const messageStatusInputSchema = z.object({ status: messageStatusSchema });
export type MessageStatusInput = z.input<typeof messageStatusInputSchema>;

const common = {
  id: z.string().describe('Le type et le numéro du message : « contact-12 », « card-3 »'),
  status: z.enum(MESSAGE_STATUSES),
  createdAt: z.string(),
  /** When staff marked it handled (null while new). */
  handledAt: z.string().nullable(),
  email: z.string(),
};

export const contactInboxMessageSchema = z.object({
  ...common,
  kind: z.literal('contact'),
  requestType: z.string(),
  message: z.string(),
  phone: z.string().nullable(),
});

export const cardInboxMessageSchema = z.object({
  ...common,
  kind: z.literal('card'),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
});

export const inboxMessageSchema = z.discriminatedUnion('kind', [contactInboxMessageSchema, cardInboxMessageSchema]);
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const messagesSummarySchema = z.object({ new: z.number().int() });
export type MessagesSummary = z.infer<typeof messagesSummarySchema>;
