import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import type { AdminTab } from '../admin-texts.ts';
import { ChevronDownIcon } from '../ui/icons.tsx';
import { TAB_GROUPS, tabLabel } from './tabs.ts';
import styles from './dashboard.module.css';

interface Props {
  active: AdminTab;
  onSelect: (tab: AdminTab) => void;
}

/** Desktop navigation: one dropdown per group ('Gestion', 'Contenu'). */
export function DesktopNav({ active, onSelect }: Props) {
  return (
    <nav className={styles.nav} aria-label="Sections de l’administration">
      {TAB_GROUPS.map((group) => (
        <GroupMenu key={group.id} label={group.label} tabs={group.tabs} active={active} onSelect={onSelect} />
      ))}
    </nav>
  );
}

function GroupMenu({ label, tabs, active, onSelect }: Props & { label: string; tabs: AdminTab[] }) {
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
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Mobile navigation: the burger panel lists both groups. */
export function MobileNav({ active, onSelect, id, open, footer }: Props & { id: string; open: boolean; footer: ReactNode }) {
  return (
    <nav id={id} className={styles.mobilePanel} hidden={!open} aria-label="Sections de l’administration (mobile)">
      {TAB_GROUPS.map((group) => (
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
