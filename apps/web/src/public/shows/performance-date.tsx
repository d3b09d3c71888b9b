import { useParisDates } from '../../app/dates/paris-dates.tsx';

/** 'mardi 3 mars 2026 - 20h30', never broken between the day and the time on narrow screens. */
export function PerformanceDate({ iso }: { iso: string }) {
  const text = useParisDates().performance(iso);
  const cut = text.lastIndexOf(' - ');
  if (cut < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, cut)}
      <span style={{ whiteSpace: 'nowrap' }}>{text.slice(cut)}</span>
    </>
  );
}
