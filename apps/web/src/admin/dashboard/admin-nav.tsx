import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import type { AdminTab } from '../admin-texts.ts';
import { ChevronDownIcon } from '../ui/icons.tsx';
import { tabLabel, type TabGroup } from './tabs.ts';
import { ui } from '../ui/layout.tsx';
import styles from './dashboard.module.css';

interface Props {
  /** The tab groups of the logged-in account's role (tabGroupsFor). */
  groups: TabGroup[];
  active: AdminTab;
  onSelect: (tab: AdminTab) => void;
  /** A number beside a tab's name (the new messages), shown when above 0. */
  badges?: Partial<Record<AdminTab, number>>;
}

/** '3' to the eye, '3 nouveaux messages' to a screen reader. */
function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className={styles.count} title={label} data-count={count}>
      <span aria-hidden="true">{count}</span>
      <span className={ui.visuallyHidden}> ({label})</span>
    </span>
  );
}

const badgeLabel = (count: number) => `${count} nouveau${count > 1 ? 'x' : ''} message${count > 1 ? 's' : ''}`;

/** Desktop navigation: one dropdown per group ('Gestion', 'Contenu'). */
export function DesktopNav({ groups, active, onSelect, badges = {} }: Props) {
  return (
    <nav className={styles.nav} aria-label="Sections de l’administration">
      {groups.map((group) => (
        <GroupMenu key={group.id} label={group.label} tabs={group.tabs} active={active} onSelect={onSelect} badges={badges} />
      ))}
    </nav>
  );
}

function GroupMenu({ label, tabs, active, onSelect, badges = {} }: Omit<Props, 'groups'> & { label: string; tabs: AdminTab[] }) {
  // The closed menu shows its tabs' count too, so that new messages are seen from any tab.
  const groupCount = tabs.reduce((sum, tab) => sum + (badges[tab] ?? 0), 0);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const containsActive = tabs.includes(active);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    // Keyboard users land on the current (or first) entry.
    rootRef.current?.querySelector<HTMLElement>('[aria-current="page"], button[data-menu-item]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  function onMenuKey(event: ReactKeyboardEvent<HTMLUListElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('button[data-menu-item]'));
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next = event.key === 'ArrowDown' ? (index + 1) % items.length : (index - 1 + items.length) % items.length;
    items[next]?.focus();
  }

  return (
    <div
      className={styles.group}
      ref={rootRef}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={[styles.groupButton, containsActive ? styles.groupActive : ''].join(' ')}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        {containsActive ? <span className={styles.groupCurrent}>· {tabLabel(active)}</span> : null}
        <CountBadge count={groupCount} label={badgeLabel(groupCount)} />
        <ChevronDownIcon />
      </button>
      {open ? (
        <ul id={menuId} className={styles.menu} onKeyDown={onMenuKey}>
          {tabs.map((tab) => (
            <li key={tab}>
              <button
                type="button"
                data-menu-item
                className={styles.menuItem}
                aria-current={tab === active ? 'page' : undefined}
                onClick={() => {
                  onSelect(tab);
                  setOpen(false);
                  buttonRef.current?.focus();
                }}
              >
                {tabLabel(tab)}
                <CountBadge count={badges[tab] ?? 0} label={badgeLabel(badges[tab] ?? 0)} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Mobile navigation: the burger panel lists both groups. */
export function MobileNav({ groups, active, onSelect, id, open, footer, badges = {} }: Props & { id: string; open: boolean; footer: ReactNode }) {
  return (
    <nav id={id} className={styles.mobilePanel} hidden={!open} aria-label="Sections de l’administration (mobile)">
      {groups.map((group) => (
        <div key={group.id} className={styles.mobileGroup}>
          <p className={styles.mobileGroupTitle}>{group.label}</p>
          <ul className={styles.mobileList}>
            {group.tabs.map((tab) => (
              <li key={tab}>
                <button
                  type="button"
                  className={styles.menuItem}
                  aria-current={tab === active ? 'page' : undefined}
                  onClick={() => onSelect(tab)}
                >
                  {tabLabel(tab)}
                  <CountBadge count={badges[tab] ?? 0} label={badgeLabel(badges[tab] ?? 0)} />
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div className={styles.mobileFooter}>{footer}</div>
    </nav>
  );
}
