import { createContext, useContext } from 'react';
import type { AdminTab } from '../admin-texts.ts';

/**
 * What a tab is opened to do, when another tab opens it: « Annoncer ce spectacle » on a show's row opens
 * « Lettres » with the new letter that show prepares (issue 34). Held by the dashboard while that tab is
 * open (the next tab opened replaces it), never in the address: a reload opens the tab as usual.
 */
export interface TabIntent {
  announceShowId?: number;
}

export interface OpenTab {
  /** Whether this account's role may open the tab (hiding is for clarity; the server refuses anyway). */
  mayOpen: (tab: AdminTab) => boolean;
  /** Opens the tab (asking first if a changed form would be lost), with what it is opened to do. */
  open: (tab: AdminTab, intent?: TabIntent) => void;
  /** What the tab now open was opened to do (null: opened from the menu). */
  intent: TabIntent | null;
}

const OpenTabContext = createContext<OpenTab | null>(null);

export const OpenTabProvider = OpenTabContext.Provider;

/** Null outside the dashboard (a tab rendered alone in a test): nothing else can be opened from there. */
export const useOpenTab = () => useContext(OpenTabContext);
