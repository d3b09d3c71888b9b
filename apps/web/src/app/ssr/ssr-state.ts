import type { DehydratedState } from '@tanstack/react-query';

/** What the server hands to the browser beside the HTML: the page's data, its instant and the site address. */
export interface SsrState {
  queries: DehydratedState;
  renderedAt: string;
  siteUrl: string;
  /** The page's dates as the server wrote them (app/dates/paris-dates.tsx), by `${kind}|${iso}`. */
  dateTexts: Record<string, string>;
  /** The server rendered the site itself for a visitor who entered in maintenance mode (maintenance-access.tsx). */
  maintenanceAccess?: boolean;
}

export const SSR_STATE_ID = 'ssr-state';

/** Dispatched on window once the page is hydrated (also marked by <html data-hydrated="true">). */
export const HYDRATED_EVENT = 'app:hydrated';

/**
 * A JSON script (never executed, so no script injection is possible through the content): '<' is
 * escaped so that a text containing '</script>' cannot close the element.
 */
export function serializeSsrState(state: SsrState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SSR_STATE_ID}">${json}</script>`;
}

export function readSsrState(doc: Document): SsrState | undefined {
  const element = doc.getElementById(SSR_STATE_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as SsrState;
  } catch {
    return undefined;
  }
}
