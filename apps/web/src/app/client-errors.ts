import type { ErrorInfo } from 'react';
import type { RootOptions } from 'react-dom/client';
import type { ClientErrorReport } from '@bande/shared';

type ReactErrorHandlers = Pick<RootOptions, 'onRecoverableError' | 'onCaughtError' | 'onUncaughtError'>;

/** A broken page could report in a loop: a few reports per page load are enough to see the fault. */
const MAX_REPORTS_PER_PAGE = 10;
let reportsSent = 0;

const clip = (text: string | undefined, max: number) => (text === undefined ? undefined : text.slice(0, max));

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  return { message: String(error) };
}

/** Sends one report to the server's log (POST /api/client-errors); a failure to send is ignored. */
export function reportClientError(kind: ClientErrorReport['kind'], error: unknown, info?: ErrorInfo): void {
  if (reportsSent >= MAX_REPORTS_PER_PAGE) return;
  reportsSent += 1;
  const { message, stack } = describe(error);
  const report: ClientErrorReport = {
    kind,
    message: clip(message, 2000) ?? '',
    stack: clip(stack, 8000),
    componentStack: clip(info?.componentStack ?? undefined, 8000),
    url: clip(window.location.pathname + window.location.search, 2000) ?? '/',
  };
  // keepalive: the report still leaves if the visitor closes the page right after.
  void fetch('/api/client-errors', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
    keepalive: true,
  }).catch(() => undefined);
}

/** Writes the error to the console, as React does by default, and reports it as `kind`. */
const consoleAndReport =
  (kind: ClientErrorReport['kind']) =>
  (error: unknown, info?: ErrorInfo): void => {
    console.error(error);
    reportClientError(kind, error, info);
  };

/**
 * React's root error callbacks: each error is still written to the browser's console, and also
 * reported to the server, where a hydration mismatch in some visitor's browser would otherwise go unseen.
 */
export const reactErrorHandlers: ReactErrorHandlers = {
  onRecoverableError: consoleAndReport('recoverable'),
  onCaughtError: consoleAndReport('caught'),
  onUncaughtError: consoleAndReport('uncaught'),
};
