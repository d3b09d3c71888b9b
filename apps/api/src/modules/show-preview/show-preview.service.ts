import { SHOW_PREVIEW, showNotFound, type Show } from '@bande/shared';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../lib/http-error.ts';
import { showsRepository } from '../shows/shows.repository.ts';
import { previewSigningKey } from './preview-key.repository.ts';
import { signPreviewToken, verifyPreviewToken } from './preview-token.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const previewLinkInvalid = 'Lien d’aperçu invalide ou expiré';

/** Draft preview links: made for an admin, read by whoever holds one until it expires. */
export function showPreviewService({ db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  const shows = showsRepository(db);

  return {
    /** The absolute link (SITE_URL) to the show's page as it will be when opened, valid SHOW_PREVIEW.linkDays days. */
    async createLink(showId: number): Promise<string> {
      if (!(await shows.findRow(showId))) throw notFound(showNotFound);
      const now = clock.now();
      const token = signPreviewToken(await previewSigningKey(db, now), showId, new Date(now.getTime() + SHOW_PREVIEW.linkDays * DAY_MS));
      return `${config.siteUrl}${SHOW_PREVIEW.pathPrefix}${token}`;
    },

    /** The show a token names, as saved now (draft or not); a 404 for a forged, altered or expired token. */
    async showFor(token: string): Promise<Show> {
      const now = clock.now();
      const showId = verifyPreviewToken(await previewSigningKey(db, now), token, now);
      if (showId === undefined) throw notFound(previewLinkInvalid);
      const show = await shows.findShow(showId);
      // A show deleted since the link was made.
      if (!show) throw notFound(showNotFound);
      return show;
    },
  };
}
