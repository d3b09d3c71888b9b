import crypto from 'node:crypto';
import { memberNotFound, texts, type Member, type MemberInputParsed } from '@bande/shared';
import type { AppDeps } from '../../deps.ts';
import { toBool, toFlag } from '../../lib/clock.ts';
import { isForeignKeyViolation } from '../../lib/constraint-errors.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { toMember } from './members.mapper.ts';
import { membersRepository } from './members.repository.ts';
import { releaseUploads } from '../images/release-uploads.ts';
import { publishedOnCreate, scheduleOnCreate, scheduleOnUpdate } from '../scheduling/schedule-columns.ts';

/** Member writes: publication dates and the rule that a credited member cannot be deleted. */
export function membersService({ db, clock, storage }: Pick<AppDeps, 'db' | 'clock' | 'storage'>) {
  const repo = membersRepository(db);

  async function get(id: number): Promise<Member> {
    const row = await repo.findById(id);
    if (!row) throw notFound(memberNotFound);
    return toMember(row);
  }

  return {
    get,

    async create(input: MemberInputParsed): Promise<Member> {
      const now = clock.now().toISOString();
      const published = publishedOnCreate(input, false);
      const { published: _published, publishAt: _publishAt, unpublishAt: _unpublishAt, ...fields } = input;
      const id = await repo.insert({
        ...fields,
        ...scheduleOnCreate(input),
        documentId: crypto.randomUUID(),
        published: toFlag(published),
        publishedAt: published ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      return get(id);
    },

    /** Replaces the member's fields; publication changes only when `published` is sent. */
    async update(id: number, input: MemberInputParsed): Promise<Member> {
      const current = await repo.findById(id);
      if (!current) throw notFound(memberNotFound);
      const now = clock.now().toISOString();
      const { published = toBool(current.published), publishAt: _publishAt, unpublishAt: _unpublishAt, ...fields } = input;
      await repo.update(id, {
        ...fields,
        ...scheduleOnUpdate(input, current),
        published: toFlag(published),
        publishedAt: published ? (current.publishedAt ?? now) : null,
        updatedAt: now,
      });
      // A replaced photo (and its variants) leaves storage when nothing else uses it.
      await releaseUploads({ db, storage }, [current.photo]);
      return get(id);
    },

    async setPublished(id: number, published: boolean): Promise<Member> {
      if (!(await repo.setPublished(id, published, clock.now().toISOString()))) throw notFound(memberNotFound);
      return get(id);
    },

    /**
     * Deleting a member still listed in credits is refused (409, naming the shows), so that a show
     * page never loses a credit silently. The foreign key (ON DELETE RESTRICT) catches the race where
     * a show credits the member between the check and the delete.
     */
    async remove(id: number): Promise<void> {
      const refuse = (shows: string[]) => conflict(texts.api.memberInCredits(shows.join(', ')));
      const photo = (await repo.findById(id))?.photo;
      try {
        await db.transaction().execute(async (trx) => {
          const shows = await repo.creditedInShows(id, trx);
          if (shows.length > 0) throw refuse(shows);
          if (!(await repo.delete(id, trx))) throw notFound(memberNotFound);
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw refuse(await repo.creditedInShows(id));
        throw error;
      }
      await releaseUploads({ db, storage }, [photo]);
    },
  };
}
