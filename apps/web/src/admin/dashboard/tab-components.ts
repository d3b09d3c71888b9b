import type { ComponentType } from 'react';
import type { AdminTab } from '../admin-texts.ts';
import { lazyPart, type LazyPart } from '../ui/lazy-part.tsx';

/**
 * Each tab's code, downloaded when the tab is first opened: a volunteer's first tab (the shows, the
 * reservations) does not wait on a phone's connection for the fifteen others' tables and forms.
 */
const TAB_MODULES: Record<AdminTab, () => Promise<ComponentType>> = {
  shows: () => import('../shows/shows-tab.tsx').then((module) => module.ShowsTab),
  reservations: () => import('../reservations/reservations-tab.tsx').then((module) => module.ReservationsTab),
  members: () => import('../members/members-tab.tsx').then((module) => module.MembersTab),
  venues: () => import('../venues/venues-tab.tsx').then((module) => module.VenuesTab),
  messages: () => import('../messages/messages-tab.tsx').then((module) => module.MessagesTab),
  gallery: () => import('../gallery/gallery-tab.tsx').then((module) => module.GalleryTab),
  origins: () => import('../origins/origins-tab.tsx').then((module) => module.OriginsTab),
  partners: () => import('../partners/partners-tab.tsx').then((module) => module.PartnersTab),
  'card-config': () => import('../card-config/card-config-tab.tsx').then((module) => module.CardConfigTab),
  legal: () => import('../legal/legal-tab.tsx').then((module) => module.LegalTab),
  'site-content': () => import('../site-content/site-content-tab.tsx').then((module) => module.SiteContentTab),
  subscribers: () => import('../subscribers/subscribers-tab.tsx').then((module) => module.SubscribersTab),
  campaigns: () => import('../campaigns/campaigns-tab.tsx').then((module) => module.CampaignsTab),
  accounts: () => import('../accounts/accounts-tab.tsx').then((module) => module.AccountsTab),
  audit: () => import('../audit/audit-tab.tsx').then((module) => module.AuditTab),
  bilan: () => import('../bilan/bilan-tab.tsx').then((module) => module.BilanTab),
  account: () => import('../account/account-tab.tsx').then((module) => module.AccountTab),
};

export const TAB_COMPONENTS = Object.fromEntries(Object.entries(TAB_MODULES).map(([tab, load]) => [tab, lazyPart(load)])) as Record<AdminTab, LazyPart<object>>;

/**
 * Starts downloading a tab's code before it renders (the dashboard asks for the first tab's while the
 * token is being verified). The browser fetches a module once, so the tab's own import finds it there.
 */
export function preloadTab(tab: AdminTab): Promise<void> {
  return TAB_COMPONENTS[tab].preload();
}
