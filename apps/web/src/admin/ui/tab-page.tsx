import type { ReactNode } from 'react';
import { StatCards, TabHeader, type StatItem } from './layout.tsx';

interface TabPageProps {
  title: string;
  description?: string;
  /** The main action, right of the title (a CreateButton, a download). */
  action?: ReactNode;
  /** The counters under the header; `label` names the group for screen readers. */
  counters?: { label: string; items: StatItem[] };
  /** The tab's own content: filters, its ListPanel, its modals. */
  children: ReactNode;
}

/** A backoffice tab: a section named by its title, the header, the counters, then the tab's content. */
export function TabPage({ title, description, action, counters, children }: TabPageProps) {
  return (
    <section aria-labelledby="tab-title">
      <TabHeader title={title} description={description} action={action} />
      {counters ? <StatCards label={counters.label} items={counters.items} /> : null}
      {children}
    </section>
  );
}
