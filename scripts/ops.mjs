// `npm run backup -- FILE` / `npm run restore -- FILE [--force]`: runs apps/api/src/ops/cli.ts from its
// TypeScript source through tsx (installed with the project), so that no build step comes first.
import { register } from 'tsx/esm/api';

register();
await import('../apps/api/src/ops/cli.ts');
