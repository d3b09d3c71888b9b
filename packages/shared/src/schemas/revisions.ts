import { z } from '../zod.ts';

/** What has a history (« Historique »): the admin tabs' editable things, as the revision routes name them. */
export const REVISION_ENTITIES = ['show', 'member', 'venue', 'partner', 'gallery', 'origin-category', 'origin-event', 'card-config', 'site-content', 'legal'] as const;
export type RevisionEntity = (typeof REVISION_ENTITIES)[number];

/**
 * What a revision records: create, update (the featured toggle included), publish, unpublish, delete
 * (the snapshot is the entity just before it went) and restore (the entity after a restore).
 */
export const REVISION_ACTIONS = ['create', 'update', 'publish', 'unpublish', 'delete', 'restore'] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];

/** The revisions kept per entity: writing a new one deletes the older ones. */
export const REVISIONS_KEPT = 50;

export const revisionTexts = {
  notFound: 'Version introuvable',
  entityInvalid: `Élément inconnu (${REVISION_ENTITIES.join(', ')})`,
  entityIdInvalid: "L'identifiant de l'élément doit être un entier positif",
  eventCategoryGone: "La catégorie de cet événement n'existe plus : restaurez-la d'abord.",
  mediaGone: "Le fichier de ce média n'existe plus : il ne peut pas être restauré.",
  snapshotUnreadable: 'Cette version ne peut pas être restaurée : son contenu est illisible.',
  actions: {
    create: 'Création',
    update: 'Modification',
    publish: 'Publication',
    unpublish: 'Dépublication',
    delete: 'Suppression',
    restore: 'Restauration',
  } satisfies Record<RevisionAction, string>,
} as const;

const entityIdSchema = z.coerce
  .number({ error: revisionTexts.entityIdInvalid })
  .int({ error: revisionTexts.entityIdInvalid })
  .positive({ error: revisionTexts.entityIdInvalid })
  .max(2_147_483_647, { error: revisionTexts.entityIdInvalid });

export const revisionEntitySchema = z.enum(REVISION_ENTITIES, { error: revisionTexts.entityInvalid });

export const revisionsQuerySchema = z.object({ entity: revisionEntitySchema, entityId: entityIdSchema });
export type RevisionsQuery = z.input<typeof revisionsQuerySchema>;

export const deletedRevisionsQuerySchema = z.object({ entity: revisionEntitySchema });

export const revisionSchema = z.object({
  id: z.number(),
  at: z.string(),
  userEmail: z.string().nullable(),
  entity: revisionEntitySchema,
  entityId: z.number(),
  action: z.enum(REVISION_ACTIONS),
});
export type Revision = z.infer<typeof revisionSchema>;

/** The entity as the admin GET answered it after the change (before it, for a delete). */
export const revisionDetailSchema = revisionSchema.extend({ snapshot: z.record(z.string(), z.unknown()) });
export type RevisionDetail = z.infer<typeof revisionDetailSchema>;

/** A deleted entity that can be brought back: its last revision (the delete) and a name to show. */
export const deletedEntitySchema = revisionSchema.extend({ label: z.string() });
export type DeletedEntity = z.infer<typeof deletedEntitySchema>;
