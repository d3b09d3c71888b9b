import type { ReactNode } from 'react';
import { StatCards, TabHeader, type StatItem } from './layout.tsx';

interface TabPageProps {
  title: string;
  description?: string;
  /** The main action, right of the title (a CreateButton, a download). */
  action?: ReactNode;
  /** The counters under the header; `label` names the group for screen readers. */
  counters?: { label: string; items: StatItem[] };
  /** False while the list the counters count is loading or failed: no « Total 0 » beside « Erreur de chargement ». */
  countersShown?: boolean;
  /** The tab's own content: filters, its ListPanel, its modals. */
  children: ReactNode;
}

/** A backoffice tab: a section named by its title, the header, the counters, then the tab's content. */
export function TabPage({ title, description, action, counters, countersShown = true, children }: TabPageProps) {
  return (
    <section aria-labelledby="tab-title">
      <TabHeader title={title} description={description} action={action} />
      {counters && countersShown ? <StatCards label={counters.label} items={counters.items} /> : null}
      {children}
    </section>
  );
}
