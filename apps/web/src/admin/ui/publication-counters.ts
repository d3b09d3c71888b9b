import { adminTexts } from '../admin-texts.ts';
import type { StatItem } from './layout.tsx';

type Counter = 'published' | 'drafts' | 'total';

/** How many records of `list` are published (green) and how many are drafts (amber), under the tab's labels. */
export function publishedAndDrafts(
  list: readonly { published: boolean }[],
  labels: { published: string; drafts: string } = adminTexts.counters,
): [published: StatItem, drafts: StatItem] {
  const published = list.filter((item) => item.published).length;
  return [
    { label: labels.published, value: published, tone: 'good' },
    { label: labels.drafts, value: list.length - published, tone: 'warn' },
  ];
}

/**
 * The counters of a list of publishable records, for TabPage: published, drafts and total by default;
 * a tab that shows fewer, or another order, names them in `shown`. `label` names the group for screen readers.
 */
export function publicationCounters(label: string, list: readonly { published: boolean }[], shown: readonly Counter[] = ['published', 'drafts', 'total']) {
  const [published, drafts] = publishedAndDrafts(list);
  const counters: Record<Counter, StatItem> = { published, drafts, total: { label: adminTexts.counters.total, value: list.length } };
  return { label, items: shown.map((name) => counters[name]) };
}
