import { adminTexts } from '../admin-texts.ts';
import type { StatItem } from './layout.tsx';

type Counter = 'published' | 'drafts' | 'total';

/**
 * The counters of a list of publishable records, for TabPage: published, drafts and total by default;
 * a tab that shows fewer, or another order, names them in `shown`. `label` names the group for screen readers.
 */
export function publicationCounters(label: string, list: readonly { published: boolean }[], shown: readonly Counter[] = ['published', 'drafts', 'total']) {
  const published = list.filter((item) => item.published).length;
  const counters: Record<Counter, StatItem> = {
    published: { label: adminTexts.counters.published, value: published, tone: 'good' },
    drafts: { label: adminTexts.counters.drafts, value: list.length - published, tone: 'warn' },
    total: { label: adminTexts.counters.total, value: list.length },
  };
  return { label, items: shown.map((name) => counters[name]) };
}
