import type { Kysely, Selectable } from 'kysely';
import { imageVariantSchema, type ImageInfo, type ImageMap } from '@bande/shared';
import { z } from 'zod';
import type { Database, ImageVariantsTable } from '../../db/schema.ts';

type Executor = Kysely<Database>;

const variantsJson = z.array(imageVariantSchema);

function toInfo(row: Selectable<ImageVariantsTable>): ImageInfo {
  return { url: row.url, width: row.width, height: row.height, variants: variantsJson.parse(JSON.parse(row.variants)) };
}

/** The manifest of image variants (table image_variants); every function takes an optional transaction. */
export function imagesRepository(db: Executor) {
  /**
   * Size and variants of many images in one query, keyed by url (urls without variants are absent):
   * what a server-rendered page calls once for all the photos it shows.
   */
  async function imageInfoFor(urls: readonly (string | null | undefined)[], trx: Executor = db): Promise<Map<string, ImageInfo>> {
    const wanted = [...new Set(urls.filter((url): url is string => typeof url === 'string' && url.startsWith('/uploads/')))];
    if (wanted.length === 0) return new Map();
    const rows = await trx.selectFrom('imageVariants').selectAll().where('url', 'in', wanted).execute();
    return new Map(rows.map((row) => [row.url, toInfo(row)]));
  }

  return {
    async find(url: string, trx: Executor = db): Promise<ImageInfo | undefined> {
      const row = await trx.selectFrom('imageVariants').selectAll().where('url', '=', url).executeTakeFirst();
      return row && toInfo(row);
    },

    imageInfoFor,

    /** The same, as the `images` field of a public response: { [url]: { width, height, variants } }. */
    async imageMap(urls: readonly (string | null | undefined)[], trx: Executor = db): Promise<ImageMap> {
      const infos = await imageInfoFor(urls, trx);
      return Object.fromEntries([...infos.values()].map(({ url, ...size }) => [url, size]));
    },

    async remove(url: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('imageVariants').where('url', '=', url).execute();
    },

    async insert(info: ImageInfo, createdAt: string, trx: Executor = db): Promise<void> {
      await trx
        .insertInto('imageVariants')
        .values({ url: info.url, width: info.width, height: info.height, variants: JSON.stringify(info.variants), createdAt })
        // Made once: a second maker (a re-run seed) keeps the first row, which names the same files.
        .onConflict((oc) => oc.column('url').doNothing())
        .execute();
    },
  };
}
