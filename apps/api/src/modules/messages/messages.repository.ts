import type { Selectable } from 'kysely';
import { messageIdOf, type InboxMessage, type MessageKind, type MessageStatus, type MessagesQuery } from '@bande/shared';
import type { DB } from '../../db/connection.ts';
import type { CardRequestsTable, ContactMessagesTable } from '../../db/schema.ts';

const TABLE = { contact: 'contactMessages', card: 'cardRequests' } as const;

const fromContact = ({ id, ...row }: Selectable<ContactMessagesTable>): InboxMessage => ({ ...row, id: messageIdOf('contact', id), kind: 'contact' });
const fromCard = ({ id, ...row }: Selectable<CardRequestsTable>): InboxMessage => ({ ...row, id: messageIdOf('card', id), kind: 'card' });

/** Newest first; on the same instant, the later row (larger id) first. */
const newestFirst = (a: InboxMessage, b: InboxMessage) =>
  b.createdAt.localeCompare(a.createdAt) || Number(b.id.split('-')[1]) - Number(a.id.split('-')[1]);

/** Both tables of the public forms, read as one inbox. */
export function messagesRepository(db: DB) {
  return {
    async list({ kind, status }: MessagesQuery): Promise<InboxMessage[]> {
      const contact = async () => {
        let query = db.selectFrom('contactMessages').selectAll();
        if (status) query = query.where('status', '=', status);
        return (await query.execute()).map(fromContact);
      };
      const card = async () => {
        let query = db.selectFrom('cardRequests').selectAll();
        if (status) query = query.where('status', '=', status);
        return (await query.execute()).map(fromCard);
      };
      const lists = await Promise.all([kind === 'card' ? [] : contact(), kind === 'contact' ? [] : card()]);
      return lists.flat().sort(newestFirst);
    },

    async countNew(): Promise<number> {
      const count = async (table: (typeof TABLE)[MessageKind]) => {
        const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).where('status', '=', 'new').executeTakeFirstOrThrow();
        return Number(row.n);
      };
      const [contact, card] = await Promise.all([count(TABLE.contact), count(TABLE.card)]);
      return contact + card;
    },

    async find(kind: MessageKind, id: number): Promise<InboxMessage | undefined> {
      if (kind === 'contact') {
        const row = await db.selectFrom('contactMessages').selectAll().where('id', '=', id).executeTakeFirst();
        return row && fromContact(row);
      }
      const row = await db.selectFrom('cardRequests').selectAll().where('id', '=', id).executeTakeFirst();
      return row && fromCard(row);
    },

    /** Sets the status; handled_at is the time it became 'done' (null again when back to 'new'). False when no such row. */
    async setStatus(kind: MessageKind, id: number, status: MessageStatus, now: string): Promise<boolean> {
      const result = await db
        .updateTable(TABLE[kind])
        .set({ status, handledAt: status === 'done' ? now : null })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(kind: MessageKind, id: number): Promise<boolean> {
      const result = await db.deleteFrom(TABLE[kind]).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
