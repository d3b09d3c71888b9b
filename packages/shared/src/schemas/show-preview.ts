import { z } from '../zod.ts';

/**
 * Draft preview (issue 18): a signed link to a show's public page as it is now, drafts included, that
 * a colleague opens without logging in. The link names the show's id and its expiry, signed by the
 * server (apps/api/src/modules/show-preview); it is never cached and never indexed.
 */
export const SHOW_PREVIEW = {
  /** How long a link works after it was made. */
  linkDays: 7,
  /** The public path of a link: /apercu/<token>. */
  pathPrefix: '/apercu/',
} as const;

export const showPreviewTexts = {
  /** The banner above the previewed page (exact text of the issue). */
  banner: 'Aperçu — non publié',
  open: 'Prévisualiser',
  copy: 'Copier le lien',
  copied: 'Lien d’aperçu copié : il fonctionne 7 jours, sans connexion.',
  copyRefused: 'Le presse-papiers est refusé par le navigateur : copiez le lien ci-dessous.',
  tabBlocked: 'Le navigateur a bloqué le nouvel onglet : ouvrez ou copiez le lien ci-dessous.',
  manualHint: 'Le lien est sélectionné : copiez-le (Ctrl+C) pour l’ouvrir ou le partager.',
  linkLabel: 'Lien d’aperçu (7 jours)',
  failed: 'Erreur lors de la création du lien d’aperçu',
  hint: 'L’aperçu montre la dernière version enregistrée, brouillon compris, à qui a le lien (7 jours, sans connexion).',
  pageTitle: (name: string) => `Aperçu : ${name}`,
} as const;

/** POST /api/shows/{id}/preview answers the absolute link. */
export const showPreviewLinkSchema = z.object({ url: z.string() });
export type ShowPreviewLink = z.infer<typeof showPreviewLinkSchema>;

/** The token of a link: `<show id>.<expiry, Unix seconds>.<HMAC-SHA256, base64url>`; anything else is refused before any check. */
export const SHOW_PREVIEW_TOKEN_PATTERN = /^([1-9]\d{0,9})\.([1-9]\d{0,11})\.([A-Za-z0-9_-]{43})$/;
export const showPreviewTokenParamSchema = z.object({ token: z.string().max(100) });
