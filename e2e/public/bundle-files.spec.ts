import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../support/fixtures.ts';

// The build the journeys run against (apps/web/build/chunk-groups.ts cuts it into files).
const manifestFile = fileURLToPath(new URL('../../apps/web/dist/.vite/manifest.json', import.meta.url));

test('no public page, nor anything it loads later (a dialog, a form), reaches the backoffice’s kit', () => {
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, { file: string; imports?: string[] }>;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
    return seen;
  };
  const publicEntries = Object.keys(manifest).filter((key) => key === 'index.html' || (key.startsWith('src/') && !key.startsWith('src/admin/')));
  expect(publicEntries.length).toBeGreaterThan(10);
  const reachingTheKit = publicEntries.filter((key) => [...closure(key)].some((reached) => manifest[reached]!.file.includes('admin-kit')));
  expect(reachingTheKit).toEqual([]);
});
