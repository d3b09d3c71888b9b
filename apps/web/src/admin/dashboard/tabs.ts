import { texts } from '@bande/shared';
import { adminTexts, type AdminTab } from '../admin-texts.ts';

export const TAB_GROUPS: { id: 'management' | 'content'; label: string; tabs: AdminTab[] }[] = [
  { id: 'management', label: texts.admin.groups.management, tabs: ['shows', 'members', 'venues', 'messages', 'subscribers', 'accounts', 'audit'] },
  { id: 'content', label: texts.admin.groups.content, tabs: ['gallery', 'origins', 'partners', 'card-config', 'legal', 'site-content'] },
];

export const ALL_TABS: AdminTab[] = TAB_GROUPS.flatMap((group) => group.tabs);

export const isAdminTab = (value: unknown): value is AdminTab => typeof value === 'string' && (ALL_TABS as string[]).includes(value);

export const tabLabel = (tab: AdminTab) => adminTexts.tabs[tab];

/** Navigation state `tab`, else the last tab stored locally, else shows (spec section 2). */
export function initialTab(stateTab: unknown, storedTab: string | null): AdminTab {
  if (isAdminTab(stateTab)) return stateTab;
  if (isAdminTab(storedTab)) return storedTab;
  return 'shows';
}
