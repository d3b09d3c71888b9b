import { describe, expect, it } from 'vitest';
import { initialTab, tabGroupsFor, TAB_GROUPS } from './tabs.ts';

describe('dashboard tabs', () => {
  it('starts on the navigation state tab, else the stored tab, else shows', () => {
    expect(initialTab('gallery', 'partners')).toEqual({ tab: 'gallery' });
    expect(initialTab(undefined, 'partners')).toEqual({ tab: 'partners' });
    expect(initialTab('inconnu', 'inconnu')).toEqual({ tab: 'shows' });
    expect(initialTab(undefined, null)).toEqual({ tab: 'shows' });
  });

  it('shows each role only its tabs, and starts it on one of them', () => {
    expect(tabGroupsFor('secretary').map((group) => [group.label, group.tabs])).toEqual([['Gestion', ['reservations', 'messages', 'subscribers', 'campaigns', 'bilan']]]);
    expect(tabGroupsFor('editor').flatMap((group) => group.tabs)).toEqual(['shows', 'members', 'venues', 'bilan', 'gallery', 'origins', 'partners', 'card-config', 'site-content']);
    expect(tabGroupsFor('admin')).toEqual(TAB_GROUPS);
    expect(initialTab(undefined, null, 'secretary')).toEqual({ tab: 'reservations' });
    // A tab stored by the previous person on this browser is not this role's: quietly its own first tab.
    expect(initialTab(undefined, 'shows', 'secretary')).toEqual({ tab: 'reservations' });
    // A tab asked for (a link, the navigation state) that the role may not open: said, not hidden.
    expect(initialTab('audit', null, 'editor')).toEqual({ tab: 'shows', refused: 'audit' });
  });

  it('groups the tabs as the spec does, the legal details beside the card config, the reservations beside the shows, the newsletter subscribers and the staff accounts, the activity log and the Bilan in Gestion', () => {
    expect(TAB_GROUPS.map((group) => [group.label, group.tabs])).toEqual([
      ['Gestion', ['shows', 'reservations', 'members', 'venues', 'messages', 'subscribers', 'campaigns', 'accounts', 'audit', 'bilan']],
      ['Contenu', ['gallery', 'origins', 'partners', 'card-config', 'legal', 'site-content']],
    ]);
  });
});
