import { texts } from '@bande/shared/texts';
import type { Role } from '@bande/shared/roles';
import { adminTexts, type AdminTab } from '../admin-texts.ts';

export interface TabGroup {
  id: 'management' | 'content';
  label: string;
  tabs: AdminTab[];
}

export const TAB_GROUPS: TabGroup[] = [
  { id: 'management', label: texts.admin.groups.management, tabs: ['shows', 'reservations', 'members', 'venues', 'messages', 'subscribers', 'campaigns', 'accounts', 'audit', 'bilan'] },
  { id: 'content', label: texts.admin.groups.content, tabs: ['gallery', 'origins', 'partners', 'card-config', 'legal', 'site-content'] },
];

export const ALL_TABS: AdminTab[] = TAB_GROUPS.flatMap((group) => group.tabs);

/**
 * The roles each tab is for, as the server's routes declare them (apps/api/src/plugins/access-control.ts):
 * a tab a role may not use is not shown to it. Hiding is only for clarity; the server refuses anyway.
 */
export const TAB_ROLES: Record<AdminTab, readonly Role[]> = {
  shows: ['admin', 'editor'],
  members: ['admin', 'editor'],
  venues: ['admin', 'editor'],
  gallery: ['admin', 'editor'],
  origins: ['admin', 'editor'],
  partners: ['admin', 'editor'],
  'card-config': ['admin', 'editor'],
  'site-content': ['admin', 'editor'],
  reservations: ['admin', 'secretary'],
  messages: ['admin', 'secretary'],
  subscribers: ['admin', 'secretary'],
  campaigns: ['admin', 'secretary'],
  accounts: ['admin'],
  audit: ['admin'],
  legal: ['admin'],
  // Counts without personal data (issue 36): every role.
  bilan: ['admin', 'editor', 'secretary'],
  // Every account's own: the top bar's account button opens it.
  account: ['admin', 'editor', 'secretary'],
};

export const mayOpen = (role: Role, tab: AdminTab) => TAB_ROLES[tab].includes(role);

/** The navigation of one role: its groups with only its tabs, empty groups left out. */
export function tabGroupsFor(role: Role): TabGroup[] {
  return TAB_GROUPS.map((group) => ({ ...group, tabs: group.tabs.filter((tab) => mayOpen(role, tab)) })).filter((group) => group.tabs.length > 0);
}

/** « Mon compte » is in no menu (the top bar's account button opens it) but is a tab all the same. */
export const isAdminTab = (value: unknown): value is AdminTab => typeof value === 'string' && ([...ALL_TABS, 'account'] as string[]).includes(value);

export const tabLabel = (tab: AdminTab) => adminTexts.tabs[tab];

/**
 * Navigation state `tab`, else the last tab stored locally, else shows (spec section 2); for a role
 * that may not open shows, its own first tab. `refused` is a tab asked for by navigation that the role
 * may not open: the dashboard says so rather than show an empty screen.
 */
export function initialTab(stateTab: unknown, storedTab: string | null, role: Role = 'admin'): { tab: AdminTab; refused?: AdminTab } {
  const first = tabGroupsFor(role)[0]?.tabs[0] ?? 'shows';
  const fallback: AdminTab = mayOpen(role, 'shows') ? 'shows' : first;
  if (isAdminTab(stateTab)) return mayOpen(role, stateTab) ? { tab: stateTab } : { tab: fallback, refused: stateTab };
  if (isAdminTab(storedTab) && mayOpen(role, storedTab)) return { tab: storedTab };
  return { tab: fallback };
}
