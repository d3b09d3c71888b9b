import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

/** What apps/web/src/entry-server.tsx exports (the web build's server renderer, loaded at start). */
export interface PageRenderer {
  render(url: string, options: { siteUrl: string; now?: Date; maintenanceAccess?: boolean }): Promise<
    | { kind: 'page'; status: number; head: string; html: string; state: string; modules: string[] }
    | { kind: 'redirect'; location: string }
  >;
  defaultHead(siteUrl: string, pathname: string): string;
  /** The backoffice's first frame, for the inside of its shell's #root. */
  renderAdminFrame(): Promise<string>;
  /** The address a page is rendered and cached for: its path, with the query only where the page reads it. */
  pageAddress(url: string): string;
  /** Whether the page is for its link's holder only (a draft's preview): never cached, never indexed. */
  isPrivatePage(url: string): boolean;
  setApiTransport(transport: (path: string, init: RequestInit) => Promise<Response>): void;
}

/** Loads the server renderer built by `vite build --ssr` (apps/web/dist-ssr/entry-server.js), when present. */
export async function loadPageRenderer(entryFile: string): Promise<PageRenderer | undefined> {
  if (!fs.existsSync(entryFile)) return undefined;
  return (await import(pathToFileURL(entryFile).href)) as PageRenderer;
}
