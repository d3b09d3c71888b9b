import { useEffect, useState } from 'react';
import type { Bilan } from '@bande/shared/schemas/bilan';
import { AdminButton } from '../ui/button.tsx';
import { currentToken } from '../lib/session.ts';
import { errorMessage } from '../lib/admin-api.ts';
import { downloadWithToken } from '../subscribers/csv-download.ts';
import { formatDay, formatNumber, formatParisDay, formatRate } from './bilan-format.ts';
import { seasonName } from './season.ts';
import styles from './bilan.module.css';

/**
 * « Bilan de la saison » (issue 36): one A4 page the association prints or saves as PDF. While it is
 * shown the page is marked (`data-printing-report`) so that the print style hides the admin's chrome.
 */
export function SeasonReport({ bilan, onClose }: { bilan: Bilan; onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const { totals } = bilan;
  useEffect(() => {
    document.documentElement.dataset.printingReport = '';
    return () => void delete document.documentElement.dataset.printingReport;
  }, []);
  const download = async () => {
    setProblem(null);
    try {
      await downloadWithToken(`/api/bilan/performances.csv?from=${bilan.from}&to=${bilan.to}`, currentToken(), `bilan-${bilan.from}-${bilan.to}.csv`);
    } catch (error) {
      setProblem(errorMessage(error, 'Le CSV n’a pas pu être téléchargé.'));
    }
  };
  const rows: [string, string][] = [
    ['Représentations', formatNumber(totals.performances)],
    ['Spectacles', formatNumber(totals.shows)],
    ['Lieux', formatNumber(totals.venues)],
    ['Villes', totals.towns.length ? totals.towns.join(', ') : '—'],
    ['Spectateurs venus', formatNumber(totals.spectators)],
    ['Places réservées', formatNumber(totals.seatsBooked)],
    ['Taux de remplissage moyen', formatRate(totals.averageFillRate)],
    ['Nouveaux abonnés à la lettre', formatNumber(totals.newSubscribers)],
    ['Lettres envoyées', formatNumber(totals.lettersSent)],
  ];
  return (
    <article className={styles.report} aria-labelledby="report-title">
      <div className={styles.reportActions}>
        <AdminButton onClick={onClose}>Retour au bilan</AdminButton>
        <AdminButton onClick={() => void download()}>Télécharger le CSV</AdminButton>
        <AdminButton variant="primary" onClick={() => window.print()}>
          Imprimer
        </AdminButton>
      </div>
      {problem ? (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      ) : null}
      <h1 id="report-title" className={styles.reportTitle}>
        Bilan de la saison {seasonName(bilan.from)}
      </h1>
      <p className={styles.reportPeriod}>
        Du {formatDay(bilan.from)} au {formatDay(bilan.to)}
      </p>
      <dl className={styles.reportFigures}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className={styles.reportSubtitle}>Par représentation</h2>
      <table className={styles.reportTable}>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Spectacle</th>
            <th scope="col">Lieu</th>
            <th scope="col">Venus</th>
            <th scope="col">Remplissage</th>
          </tr>
        </thead>
        <tbody>
          {bilan.performances.map((p) => (
            <tr key={p.performanceId}>
              <td>{formatParisDay(p.date)}</td>
              <th scope="row">{p.showName}</th>
              <td>{[p.venueName, p.town].filter(Boolean).join(', ') || '—'}</td>
              <td>{formatNumber(p.seatsArrived)}</td>
              <td>{formatRate(p.fillRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
