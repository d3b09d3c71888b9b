import { describe, expect, it } from 'vitest';
import { initialTab, TAB_GROUPS } from './tabs.ts';

describe('dashboard tabs', () => {
  it('starts on the navigation state tab, else the stored tab, else shows', () => {
    expect(initialTab('gallery', 'partners')).toBe('gallery');
    expect(initialTab(undefined, 'partners')).toBe('partners');
    expect(initialTab('inconnu', 'inconnu')).toBe('shows');
    expect(initialTab(undefined, null)).toBe('shows');
  });

  it('groups the tabs as the spec does, the legal details beside the card config, the newsletter subscribers and the staff accounts and the activity log in Gestion', () => {
    expect(TAB_GROUPS.map((group) => [group.label, group.tabs])).toEqual([
      ['Gestion', ['shows', 'members', 'venues', 'messages', 'subscribers', 'accounts', 'audit']],
      ['Contenu', ['gallery', 'origins', 'partners', 'card-config', 'legal', 'site-content']],
    ]);
  });
});
