import type { DB } from '../../db/connection.ts';
import type { Insertable } from 'kysely';
import type { CardRequestsTable, ContactMessagesTable } from '../../db/schema.ts';

export const contactRepository = {
  async insertMessage(db: DB, row: Insertable<ContactMessagesTable>): Promise<number> {
    const { id } = await db.insertInto('contactMessages').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  async insertCardRequest(db: DB, row: Insertable<CardRequestsTable>): Promise<number> {
    const { id } = await db.insertInto('cardRequests').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  async findMessages(db: DB) {
    return db.selectFrom('contactMessages').selectAll().orderBy('id').execute();
  },

  async findCardRequests(db: DB) {
    return db.selectFrom('cardRequests').selectAll().orderBy('id').execute();
  },
};
