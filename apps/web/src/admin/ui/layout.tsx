import type { ReactNode } from 'react';
import { texts } from '@bande/shared/texts';
import styles from './ui.module.css';
import { adminTexts } from '../admin-texts.ts';
import { Thumb } from './thumb.tsx';

/** The title row of a tab: heading, a short description and the main action. */
export function TabHeader({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return (
    <div className={styles.header}>
      <div>
        <h1 id="tab-title">{title}</h1>
        {description ? <p>{description}</p> : null}
      </div>
      {action}
    </div>
  );
}

export interface StatItem {
  label: string;
  value: number;
  tone?: 'good' | 'warn';
}

export function StatCards({ items, label }: { items: StatItem[]; label: string }) {
  return (
    <dl className={styles.stats} aria-label={label}>
      {items.map((item) => (
        // Colour only says something when there is something to count.
        <div key={item.label} className={[styles.stat, item.value > 0 && item.tone === 'good' ? styles.statGood : item.value > 0 && item.tone === 'warn' ? styles.statWarn : ''].join(' ')}>
          <dt className={styles.statLabel}>{item.label}</dt>
          <dd className={styles.statValue}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Published (green) or draft (amber); `label` words another pair of states the same way (a message handled or new). */
export function StatusBadge({ published, label }: { published: boolean; label?: string }) {
  return (
    <span className={[styles.badge, published ? styles.badgePublished : styles.badgeDraft].join(' ')}>
      {label ?? (published ? texts.admin.status.published : texts.admin.status.draft)}
    </span>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.empty}>
      <strong>{title}</strong>
      {children}
    </div>
  );
}

export function LoadingRow() {
  return (
    <p role="status" className={styles.loadingRow}>
      {texts.loading}
    </p>
  );
}

export { styles as ui };

/** The last header cell of a tab's table, over the row actions. */
export function ActionsHeader() {
  return (
    <th scope="col" className={styles.actionsCell}>
      {adminTexts.table.actions}
    </th>
  );
}

/** The admin's logo, a square with the initials (hidden from screen readers: the brand name follows); `className` sizes it. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span className={[styles.brandMark, className].filter(Boolean).join(' ')} aria-hidden="true">
      BàL
    </span>
  );
}

/** A name with its photo (or an empty frame of the same size), in the first cell of a row. */
export function PhotoName({ photo, children }: { photo: string | null; children: ReactNode }) {
  return (
    <span className={styles.nameCell}>
      {photo ? <Thumb src={photo} className={styles.thumb} sizes="2.5rem" /> : <span className={[styles.thumb, styles.thumbEmpty].join(' ')} aria-hidden="true" />}
      {children}
    </span>
  );
}
