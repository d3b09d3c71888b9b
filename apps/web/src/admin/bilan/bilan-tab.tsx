import { useState } from 'react';
import type { Bilan } from '@bande/shared/schemas/bilan';
import { adminTexts } from '../admin-texts.ts';
import { AdminButton } from '../ui/button.tsx';
import { TextField } from '../ui/field.tsx';
import { ui } from '../ui/layout.tsx';
import { TabPage } from '../ui/tab-page.tsx';
import { errorMessage } from '../lib/admin-api.ts';
import { BarChart } from './bar-chart.tsx';
import { formatDateTime, formatDay, formatDayShort, formatNumber, formatParisDay, formatRate } from './bilan-format.ts';
import { useBilan } from './bilan-queries.ts';
import { SeasonReport } from './season-report.tsx';
import { seasonOf, type Period } from './season.ts';
import styles from './bilan.module.css';

type Choice = 'current' | 'previous' | 'custom';

const CHOICES: { value: Choice; label: string }[] = [
  { value: 'current', label: 'Cette saison' },
  { value: 'previous', label: 'Saison précédente' },
  { value: 'custom', label: 'Dates choisies' },
];

/** The chosen dates as a period, or the French reason they are not one yet. */
function customPeriod(from: string, to: string): Period | string {
  if (!from || !to) return 'Choisissez une date de début et une date de fin.';
  if (from > to) return 'La date de début doit précéder la date de fin.';
  return { from, to };
}

/** « Bilan »: the audience, the performances and the letters of a season or of chosen dates (issue 36). */
export function BilanTab() {
  const [choice, setChoice] = useState<Choice>('current');
  const [dates, setDates] = useState({ from: '', to: '' });
  const [report, setReport] = useState(false);
  const now = new Date();
  const custom = customPeriod(dates.from, dates.to);
  const period = choice === 'custom' ? (typeof custom === 'string' ? null : custom) : seasonOf(now, choice === 'previous' ? -1 : 0);
  const bilan = useBilan(period);

  if (report && bilan.data) return <SeasonReport bilan={bilan.data} onClose={() => setReport(false)} />;

  return (
    <TabPage
      title={adminTexts.tabs.bilan}
      description="La fréquentation du site, des représentations et de la lettre d’information sur une saison (du 1ᵉʳ septembre au 31 août) ou des dates choisies."
      action={
        <AdminButton variant="primary" disabled={!bilan.data} onClick={() => setReport(true)}>
          Rapport de saison
        </AdminButton>
      }
    >
      <fieldset className={styles.chooser}>
        <legend>Période</legend>
        <div className={styles.choices}>
          {CHOICES.map((c) => (
            <label key={c.value} className={styles.choice}>
              <input type="radio" name="bilan-period" value={c.value} checked={choice === c.value} onChange={() => setChoice(c.value)} />
              {c.label}
            </label>
          ))}
        </div>
        {choice === 'custom' ? (
          <div className={styles.dates}>
            <TextField label="Du" type="date" value={dates.from} onChange={(e) => setDates({ ...dates, from: e.target.value })} />
            <TextField label="Au" type="date" value={dates.to} onChange={(e) => setDates({ ...dates, to: e.target.value })} error={dates.from && dates.to && typeof custom === 'string' ? custom : undefined} />
          </div>
        ) : null}
        {period ? (
          <p className={styles.muted} aria-live="polite">
            Du {formatDay(period.from)} au {formatDay(period.to)}
          </p>
        ) : null}
      </fieldset>
      {bilan.isError ? (
        <p role="alert" className={styles.error}>
          {errorMessage(bilan.error, 'Le bilan n’a pas pu être chargé.')}
        </p>
      ) : bilan.isLoading ? (
        <p role="status" className={ui.loadingRow}>
          Chargement du bilan…
        </p>
      ) : bilan.data ? (
        <BilanFigures bilan={bilan.data} />
      ) : null}
    </TabPage>
  );
}

function BilanFigures({ bilan }: { bilan: Bilan }) {
  const { audience, performances, newsletter, totals } = bilan;
  const sum = (pick: (p: Bilan['performances'][number]) => number) => performances.reduce((acc, p) => acc + pick(p), 0);
  const seatsConfirmed = sum((p) => p.seatsConfirmed);
  const noShows = sum((p) => p.noShows);
  const walkIns = sum((p) => p.walkIns);
  const summary = [
    { label: 'Pages vues', value: formatNumber(audience.pageViews) },
    { label: 'Visiteurs', value: formatNumber(audience.visitors) },
    { label: 'Représentations', value: formatNumber(totals.performances) },
    { label: 'Spectateurs venus', value: formatNumber(totals.spectators) },
    { label: 'Remplissage moyen', value: formatRate(totals.averageFillRate) },
    { label: 'Nouveaux abonnés', value: formatNumber(totals.newSubscribers) },
  ];
  return (
    <div className={styles.figures}>
      <dl className={styles.summary} aria-label="Chiffres clés de la période">
        {summary.map((item) => (
          <div key={item.label} className={styles.summaryItem}>
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>

      <h2 className={styles.sectionTitle}>Audience du site</h2>
      <div className={styles.grid}>
        <BarChart
          title="Visites par jour"
          layout="columns"
          series={['Pages vues', 'Visiteurs']}
          labelHead="Jour"
          bars={audience.perDay.map((d) => ({ label: formatDayShort(d.day), values: [d.pageViews, d.visitors] }))}
          empty="Aucune visite sur la période."
        />
        <BarChart title="Pages les plus vues" series={['Pages vues']} labelHead="Page" bars={audience.topPages.map((p) => ({ label: p.path, values: [p.pageViews] }))} empty="Aucune page vue sur la période." />
        <BarChart title="Sites d’origine" series={['Pages vues']} labelHead="Site" bars={audience.referrers.map((r) => ({ label: r.domain, values: [r.pageViews] }))} empty="Aucun site d’origine sur la période." />
        <BarChart
          title="Du site à la salle"
          series={['Nombre']}
          labelHead="Étape"
          bars={[
            { label: 'Pages de spectacle vues', values: [sum((p) => p.showPageViews)] },
            { label: 'Réservations ouvertes', values: [sum((p) => p.dialogsOpened)] },
            { label: 'Places demandées', values: [totals.seatsBooked] },
            { label: 'Places confirmées', values: [seatsConfirmed] },
            { label: 'Places arrivées', values: [totals.spectators] },
            { label: 'Places non venues', values: [noShows] },
          ]}
          empty=""
        />
      </div>

      <h2 className={styles.sectionTitle}>Représentations</h2>
      <p className={styles.muted}>
        {formatNumber(walkIns)} entrée{walkIns > 1 ? 's' : ''} sans réservation comprise{walkIns > 1 ? 's' : ''} dans les places arrivées.
      </p>
      <BarChart
        title="Fréquentation par représentation"
        series={['Places confirmées', 'Places arrivées', 'Places non venues']}
        labelHead="Représentation"
        bars={performances.map((p) => ({ label: `${p.showName} — ${formatDateTime(p.date)}`, values: [p.seatsConfirmed, p.seatsArrived, p.noShows] }))}
        extra={{
          heads: ['Lieu', 'Jauge', 'Remplissage', 'Sans réservation', 'Liste d’attente (au plus)', 'Offres acceptées / expirées'],
          cells: (i) => {
            const p = performances[i]!;
            return [[p.venueName, p.town].filter(Boolean).join(', ') || '—', p.capacity === null ? '—' : formatNumber(p.capacity), formatRate(p.fillRate), formatNumber(p.walkIns), formatNumber(p.waitingPeak), `${formatNumber(p.offersTaken)} / ${formatNumber(p.offersLapsed)}`];
          },
        }}
        empty="Aucune représentation sur la période."
      />

      <h2 className={styles.sectionTitle}>Lettre d’information</h2>
      <div className={styles.grid}>
        <BarChart
          title="Abonnés confirmés"
          layout="columns"
          series={['Abonnés']}
          labelHead="Jour"
          bars={newsletter.subscribersPerDay.map((d) => ({ label: formatDayShort(d.day), values: [d.subscribers] }))}
          empty="Aucun jour dans la période."
        />
        <BarChart
          title="Lettres envoyées"
          series={['Envois', 'Désinscriptions (7 jours)']}
          labelHead="Lettre"
          bars={newsletter.letters.map((l) => ({ label: `${l.subject} — ${formatParisDay(l.sentAt)}`, values: [l.sent, l.unsubscribes] }))}
          empty="Aucune lettre envoyée sur la période."
        />
      </div>
    </div>
  );
}
