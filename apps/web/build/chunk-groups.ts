import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * How the browser bundle is cut into files (Rolldown's `codeSplitting.groups`, vite.config.ts).
 *
 * Left to itself, Rolldown makes one file for each set of chunks that share modules: the dashboard's
 * first tab came as 37 scripts and 11 stylesheets, most under 1.5 KB, and the public pages' entry as 10
 * scripts. Over HTTP/1.1 (six connections to a host) a phone fetches them six at a time, one round trip
 * each, before the page can show anything of its own; Lighthouse's slow 4G counted 0.6–0.8 s of it on the
 * dashboard (issue 37). Four groups make the few files every page needs:
 */

/** The libraries every page runs, which change together and seldom: one cached file. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/;

/**
 * The backoffice's kit: what its frame (the session, the API client, the navigation's queries, the
 * offline queue's texts) and every tab's list (header, table, row actions, confirmations, the bin and
 * the publication status) are made of, used by nearly every backoffice chunk. Listed by name, as
 * files under apps/web/src and packages/shared/src: the forms' modules (zod, react-hook-form and
 * what builds on them) stay out, as they come with the first form opened. chunk-groups.test.ts
 * checks that each name still is a file.
 */
export const ADMIN_KIT_MODULES = [
  'apps/web/src/admin/admin-texts.ts',
  'apps/web/src/admin/admin.module.css',
  'apps/web/src/admin/dashboard/open-tab.tsx',
  'apps/web/src/admin/history/deleted-items.tsx',
  'apps/web/src/admin/history/history-queries.ts',
  'apps/web/src/admin/history/history-texts.ts',
  'apps/web/src/admin/history/history.module.css',
  'apps/web/src/admin/legal/legal-queries.ts',
  'apps/web/src/admin/legal/legal.module.css',
  'apps/web/src/admin/lib/admin-api.ts',
  'apps/web/src/admin/lib/dates.ts',
  'apps/web/src/admin/lib/drafts.ts',
  'apps/web/src/admin/lib/mutations.ts',
  'apps/web/src/admin/lib/record-actions.ts',
  'apps/web/src/admin/lib/session.ts',
  'apps/web/src/admin/messages/messages-queries.ts',
  'apps/web/src/admin/scheduling/publication-status.tsx',
  'apps/web/src/admin/ui/alert.tsx',
  'apps/web/src/admin/ui/button.tsx',
  'apps/web/src/admin/ui/confirm.tsx',
  'apps/web/src/admin/ui/create-button.tsx',
  'apps/web/src/admin/ui/data-table.tsx',
  'apps/web/src/admin/ui/icons.tsx',
  'apps/web/src/admin/ui/layout.tsx',
  'apps/web/src/admin/ui/lazy-part.tsx',
  'apps/web/src/admin/ui/list-panel.tsx',
  'apps/web/src/admin/ui/modal.module.css',
  'apps/web/src/admin/ui/modal.tsx',
  'apps/web/src/admin/ui/publication-counters.ts',
  'apps/web/src/admin/ui/row-actions.tsx',
  'apps/web/src/admin/ui/tab-page.tsx',
  'apps/web/src/admin/ui/thumb.tsx',
  'apps/web/src/admin/ui/toast.module.css',
  'apps/web/src/admin/ui/toast.tsx',
  'apps/web/src/admin/ui/ui.module.css',
  'apps/web/src/admin/ui/unsaved-work.ts',
  'node_modules/react-error-boundary/dist/react-error-boundary.js',
  'packages/shared/src/legal-fields.ts',
  'packages/shared/src/roles.ts',
] as const;

/** The repository's root, which the names above are relative to. */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const kit = new Set<string>(ADMIN_KIT_MODULES.map((name) => path.join(REPOSITORY_ROOT, name)));
/** Whether a module id (an absolute path; a CSS module's may carry a query) is one of the kit's files. */
export const inAdminKit = (id: string): boolean => kit.has(path.normalize(id.split('?')[0]!));

/**
 * The few small modules both the public pages' lazy chunks and the backoffice's kit use (the dialogs'
 * base, the door's texts that the reservation schemas re-export, the image variants' helpers): a file
 * of their own, for a public page must never load the kit (e2e/public/bundle-files.spec.ts reads the
 * build's manifest for that).
 */
export const SHARED_UI_MODULES = [
  'apps/web/src/components/modal.module.css',
  'apps/web/src/components/modal.tsx',
  'apps/web/src/components/native-dialog.module.css',
  'apps/web/src/components/native-dialog.tsx',
  'packages/shared/src/door-texts.ts',
  'packages/shared/src/images.ts',
] as const;
const sharedUi = new Set<string>(SHARED_UI_MODULES.map((name) => path.join(REPOSITORY_ROOT, name)));
const inSharedUi = (id: string): boolean => sharedUi.has(path.normalize(id.split('?')[0]!));

export const CHUNK_GROUPS = [
  { name: 'framework', test: FRAMEWORK },
  // Every module the entry imports statically, in the entry's own file: the public pages' first load is
  // three scripts (the entry, the framework, Rolldown's runtime) instead of ten.
  { name: 'index', tags: ['$initial' as const] },
  // Its modules only, not what they import (the shared texts, the API client: the entry's), so that
  // the public pages never load it; whatever a tab's form brings stays with the form.
  { name: 'admin-kit', test: inAdminKit, includeDependenciesRecursively: false },
  { name: 'shared-ui', test: inSharedUi, includeDependenciesRecursively: false },
];
