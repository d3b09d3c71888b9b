import { useState } from 'react';
import { thanksTexts as t } from '@bande/shared/schemas/thanks';
import { formatPerformanceDate } from '@bande/shared/format/french-dates';
import { formatParisHour } from '../../lib/dates.ts';
import { AdminButton } from '../../ui/button.tsx';
import { ThanksDialog } from './thanks-dialog.tsx';
import { useThanks } from './thanks-queries.ts';
import styles from './thanks.module.css';

/**
 * The performance's « Remercier les spectateurs »: nothing before it started; then the button; once
 * written, when and to how many (and how far the sending is) instead, never a second button.
 */
export function ThanksAction({ performanceId, label }: { performanceId: number; label: string }) {
  const thanks = useThanks(performanceId);
  const [open, setOpen] = useState(false);
  const state = thanks.data;
  if (!state) return null;
  // « jeudi 3 décembre 2026 à 23 h 40 »: the day as the performances say it, the hour as the door does.
  const when = (iso: string) => `${formatPerformanceDate(iso).split(' - ')[0]} à ${formatParisHour(iso)}`;
  if (state.sent) {
    const { sent } = state;
    return (
      <p className={styles.done} role="status">
        {t.done(when(sent.at), sent.recipients)}
        {sent.pending > 0 ? <span className={styles.progress}>{t.sending(sent.delivered, sent.recipients)}</span> : null}
      </p>
    );
  }
  if (!state.started) return null;
  return (
    <>
      <AdminButton aria-label={t.actionOf(label)} onClick={() => setOpen(true)}>
        {t.action}
      </AdminButton>
      {open ? <ThanksDialog performanceId={performanceId} label={label} state={state} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
