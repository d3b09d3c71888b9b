// Tells whether the built web app and server are older than their sources, so that `npm start`
// builds only what is not built (a fresh clone builds once, later starts are instant).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const shared = path.join(root, 'packages/shared/src');
export const targets = [
  {
    name: 'web',
    // The server renderer is built last: when it is there, the whole web build is.
    output: path.join(root, 'apps/web/dist-ssr/entry-server.js'),
    sources: [path.join(root, 'apps/web/src'), path.join(root, 'apps/web/index.html'), path.join(root, 'apps/web/vite.config.ts'), path.join(root, 'apps/web/build'), shared],
    command: ['npm', ['run', 'build', '--workspace', 'apps/web']],
  },
  {
    name: 'api',
    output: path.join(root, 'apps/api/dist/server.js'),
    sources: [path.join(root, 'apps/api/src'), path.join(root, 'apps/api/build.mjs'), shared],
    command: ['npm', ['run', 'build', '--workspace', 'apps/api']],
  },
];

export function staleTargets() {
  return targets.filter((t) => {
    const built = fs.existsSync(t.output) ? fs.statSync(t.output).mtimeMs : 0;
    return built === 0 || Math.max(...t.sources.map(newestMtime)) > built;
  });
}

export { root };
