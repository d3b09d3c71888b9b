import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_KIT_MODULES, CHUNK_GROUPS, inAdminKit, REPOSITORY_ROOT, SHARED_UI_MODULES } from './chunk-groups.ts';

describe('the bundle’s groups', () => {
  it('names only files that exist: a renamed module would silently leave its group', () => {
    const missing = [...ADMIN_KIT_MODULES, ...SHARED_UI_MODULES].filter((name) => !fs.existsSync(path.join(REPOSITORY_ROOT, name)));
    expect(missing).toEqual([]);
  });

  it('recognises the kit’s modules as Rolldown names them, a CSS module’s query included, and nothing else', () => {
    expect(inAdminKit(path.join(REPOSITORY_ROOT, 'apps/web/src/admin/ui/data-table.tsx'))).toBe(true);
    expect(inAdminKit(`${path.join(REPOSITORY_ROOT, 'apps/web/src/admin/ui/ui.module.css')}?used`)).toBe(true);
    // A form's module and a public page's are not the kit's.
    expect(inAdminKit(path.join(REPOSITORY_ROOT, 'apps/web/src/admin/ui/use-admin-form.ts'))).toBe(false);
    expect(inAdminKit(path.join(REPOSITORY_ROOT, 'apps/web/src/public/home/home-page.tsx'))).toBe(false);
    expect(inAdminKit('apps/web/src/admin/ui/data-table.tsx')).toBe(false);
  });

  it('keeps the forms’ libraries out of the kit (they come with the first form opened)', () => {
    // A kit module importing zod, react-hook-form or the schemas would make every backoffice page load them.
    // (`import type` is erased from the bundle.)
    const heavy = /^import (?!type )[^;]*?from '(zod[^']*|@bande\/shared\/zod|react-hook-form|@hookform\/[^']*|@bande\/shared\/schemas[^']*)'/m;
    const importing = ADMIN_KIT_MODULES.filter((name) => !name.endsWith('.css') && heavy.test(fs.readFileSync(path.join(REPOSITORY_ROOT, name), 'utf8')));
    expect(importing).toEqual([]);
    // The kit takes its own modules only: what they import (the shared texts, the API client) stays in
    // the entry, so that the public pages never load the kit.
    expect(CHUNK_GROUPS.find((group) => group.name === 'admin-kit')).toMatchObject({ includeDependenciesRecursively: false });
  });
});
