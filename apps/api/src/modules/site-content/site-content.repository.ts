import type { Kysely } from 'kysely';
import { DEFAULT_SITE_CONTENT, siteContentSchema, type SiteContent } from '@bande/shared';
import type { Database } from '../../db/schema.ts';

type Executor = Kysely<Database>;

/** The site's texts are one row, id 1 (also their entity id in the history). */
export const SITE_CONTENT_ID = 1;

/**
 * A stored document over the defaults: a row written by older code lacks the fields added since, which
 * then read as their default texts; a document that no longer reads (hand-edited) gives the defaults.
 */
export function readContent(stored: unknown): SiteContent {
  const value = (stored && typeof stored === 'object' ? stored : {}) as Partial<SiteContent>;
  const merged = {
    ...DEFAULT_SITE_CONTENT,
    ...value,
    contact: { ...DEFAULT_SITE_CONTENT.contact, ...value.contact },
    pageTexts: { ...DEFAULT_SITE_CONTENT.pageTexts, ...value.pageTexts },
    welcomeMail: { ...DEFAULT_SITE_CONTENT.welcomeMail, ...value.welcomeMail },
    accessibility: { ...DEFAULT_SITE_CONTENT.accessibility, ...value.accessibility },
  };
  const parsed = siteContentSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_SITE_CONTENT;
}

/** Access to the single site-content row; every function takes an optional transaction. */
export function siteContentRepository(db: Executor) {
  return {
    /** The row's texts, or undefined while none was ever saved. */
    async findSaved(trx: Executor = db): Promise<SiteContent | undefined> {
      const row = await trx.selectFrom('siteContent').select('content').where('id', '=', SITE_CONTENT_ID).executeTakeFirst();
      if (!row) return undefined;
      try {
        return readContent(JSON.parse(row.content));
      } catch {
        return DEFAULT_SITE_CONTENT;
      }
    },

    /** What the pages show: the saved texts, else the defaults. */
    async find(trx: Executor = db): Promise<SiteContent> {
      return (await this.findSaved(trx)) ?? DEFAULT_SITE_CONTENT;
    },

    /** Insert or replace in one statement, so two first saves racing each other cannot both insert. */
    async save(content: SiteContent, now: string, trx: Executor = db): Promise<void> {
      const values = { content: JSON.stringify(content), updatedAt: now };
      await trx
        .insertInto('siteContent')
        .values({ id: SITE_CONTENT_ID, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
    },
  };
}

/** The association's name as staff keep it, for mails and other texts written by the server. */
export const associationName = async (db: Executor): Promise<string> => (await siteContentRepository(db).find()).associationName;
