import type { Kysely } from 'kysely';

/**
 * The manifest of image variants: one row per uploaded image (keyed by its public url) with its
 * intrinsic size and the WebP/AVIF files made from it, so that pages can write srcset, width and
 * height without touching the files.
 */
export function imageVariantsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('image_variants')
        .addColumn('url', 'text', (c) => c.primaryKey())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        // JSON text of [{ url, width, type }], as every other JSON column here (same on both databases).
        .addColumn('variants', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('image_variants').execute();
    },
  };
}
