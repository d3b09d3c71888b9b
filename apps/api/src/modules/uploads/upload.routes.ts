import type { App, AppDeps } from '../../app.ts';

export async function uploadRoutes(_app: App, _deps: AppDeps): Promise<void> {
  // TODO: routes of this module
}
