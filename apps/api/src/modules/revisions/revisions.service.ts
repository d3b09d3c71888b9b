import { revisionTexts, texts, type DeletedEntity, type RevisionDetail, type RevisionEntity } from '@bande/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { isUniqueViolation } from '../../lib/constraint-errors.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { releaseUploads } from '../images/release-uploads.ts';
import { ENTITY_HISTORIES } from './revision-entities.ts';
import { parseSnapshot, revisionsRepository } from './revisions.repository.ts';

/** Deleted things listed at most (« Éléments supprimés »), newest first. */
export const DELETED_LISTED = 100;

export function revisionsService({ db, dialect, clock, storage }: Pick<AppDeps, 'db' | 'dialect' | 'clock' | 'storage'>) {
  async function detail(id: number): Promise<RevisionDetail> {
    const found = await revisionsRepository.find(db, id);
    if (!found) throw notFound(revisionTexts.notFound);
    const { snapshotText, ...revision } = found;
    const snapshot = parseSnapshot(snapshotText);
    if (!snapshot) throw conflict(revisionTexts.snapshotUnreadable);
    return { ...revision, snapshot };
  }

  return {
    list: (entity: RevisionEntity, entityId: number) => revisionsRepository.list(db, entity, entityId),
    detail,

    /**
     * Gives the entity its snapshot's content back, in one transaction (re-created as a draft with its
     * id if it was deleted; see each EntityHistory for what is kept), then records the result as a
     * revision of its own. Uploads the entity stopped naming leave storage as after an edit. The public
     * answer cache is bumped by the admin-write hook of plugins/public-cache (this is an admin POST).
     */
    async restore(id: number, userEmail: string, log: FastifyBaseLogger): Promise<Record<string, unknown>> {
      const { entity, entityId, snapshot } = await detail(id);
      const history = ENTITY_HISTORIES[entity];
      const now = clock.now().toISOString();
      const released = await db
        .transaction()
        .execute((trx) => history.restore({ trx, dialect, now, storage }, entityId, snapshot))
        .catch((error: unknown) => {
          // Another show took the chosen slug between the check and the write.
          throw isUniqueViolation(error) ? conflict(texts.api.slugTaken) : error;
        });
      await releaseUploads({ db, storage }, released);
      const restored = await history.load(db, entityId);
      if (!restored) throw notFound(revisionTexts.notFound);
      try {
        await revisionsRepository.insert(db, { at: now, userEmail, entity, entityId, action: 'restore', snapshot: restored });
      } catch (err) {
        log.error({ err, entity, entityId }, "historique : échec de l'écriture d'une version");
      }
      // Entities are plain JSON objects (their admin GET answers).
      return restored as Record<string, unknown>;
    },

    /** Deleted entities of a kind that are still gone, each with its last delete revision and a name. */
    async deleted(entity: RevisionEntity): Promise<DeletedEntity[]> {
      const history = ENTITY_HISTORIES[entity];
      const seen = new Set<number>();
      const result: DeletedEntity[] = [];
      for (const { snapshot, ...revision } of await revisionsRepository.recentDeletes(db, entity, DELETED_LISTED * 2)) {
        if (seen.has(revision.entityId) || result.length >= DELETED_LISTED) continue;
        seen.add(revision.entityId);
        if (!(await history.load(db, revision.entityId))) result.push({ ...revision, label: history.label(snapshot) });
      }
      return result;
    },
  };
}
