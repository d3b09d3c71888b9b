import { LOADER_SCRIPT_HASH } from '../ssr/web-build.ts';

/**
 * The Content-Security-Policy of every page (helmet). Scripts: only the site's own files and the one
 * inline script of server-rendered pages, the loader (web-build.ts), by its hash; no 'unsafe-inline',
 * so that markup injected into a page could not run. The data blocks (`application/json`, JSON-LD)
 * are never executed and need nothing.
 *
 * External media, allowed on purpose because the backoffice forms accept them:
 * - images and videos by absolute https address (photos, logos, thumbnails, gallery files); the
 *   shared schema refuses plain http ones, which a page served over https could not show anyway;
 * - the YouTube player, from youtube-nocookie.com only (the gallery's youtube items; other video
 *   sites are refused by the schema: 'URL YouTube invalide');
 * - the address search of the venue form (ADDRESS_SEARCH_URL).
 * Workers: the site's own files only (the backoffice's service worker).
 * Styles keep 'unsafe-inline': server-rendered pages inline their stylesheets and React sets style
 * attributes; a style cannot run code.
 */
export function contentSecurityPolicy(addressSearchUrl: string) {
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", `'${LOADER_SCRIPT_HASH}'`],
      imgSrc: ["'self'", 'data:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      frameSrc: ["'self'", 'https://www.youtube-nocookie.com'],
      connectSrc: ["'self'", new URL(addressSearchUrl).origin],
      // The backoffice's service worker, /admin/sw.js (said outright rather than left to script-src).
      workerSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  };
}
