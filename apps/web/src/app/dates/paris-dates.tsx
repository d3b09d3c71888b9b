import { createContext, useContext, type ReactNode } from 'react';
import { formatPerformanceDate } from '@bande/shared/format/french-dates';
import { parisIsoDate } from '@bande/shared/format/paris-clock';

/**
 * The page's dates as the server wrote them. The first `Intl.DateTimeFormat` of a page makes the
 * browser load its locale and time-zone data: 45–170 ms of main-thread work on this machine, four times
 * that on Lighthouse's slow phone, in the middle of hydration. The server writes every date of the page
 * with Intl anyway: those texts travel with the page's data (ssr-state), and the browser, hydrating,
 * reads them instead of formatting again. The same text by construction; Intl is loaded only for a date
 * the server did not write (a page opened later).
 *
 * Keys: `${kind}|${iso}`; a Map per server render, one for the browser's whole visit.
 */
export type DateTexts = Map<string, string>;

const DateTextsContext = createContext<DateTexts | null>(null);

export function DateTextsProvider({ texts, children }: { texts: DateTexts; children: ReactNode }) {
  return <DateTextsContext.Provider value={texts}>{children}</DateTextsContext.Provider>;
}

/** Each date once per kind: read from the texts, else written with Intl and kept there. */
function remembered(texts: DateTexts | null, key: string, write: () => string): string {
  const known = texts?.get(key);
  if (known !== undefined) return known;
  const text = write();
  texts?.set(key, text);
  return text;
}

export interface ParisDates {
  /** 'mardi 3 mars 2026 - 20h30' (formatPerformanceDate). */
  performance(iso: string): string;
  /** '2026-03-03T20:30:00+01:00', or null when unreadable (parisIsoDate). */
  isoWithOffset(iso: string): string | null;
}

/** The page's Paris dates (Europe/Paris, Intl), shared with the server's render. */
export function useParisDates(): ParisDates {
  const texts = useContext(DateTextsContext);
  return {
    performance: (iso) => remembered(texts, `performance|${iso}`, () => formatPerformanceDate(iso)),
    // '' stands for an unreadable date, which has no ISO text.
    isoWithOffset: (iso) => remembered(texts, `iso|${iso}`, () => parisIsoDate(iso) ?? '') || null,
  };
}
