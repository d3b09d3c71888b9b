import { stringify } from 'csv-stringify/sync';
import { bilanTexts, type BilanPerformance } from '@bande/shared';
import { csvDate } from '../newsletter/newsletter.service.ts';

/** A rate as a French spreadsheet reads it: « 87,5 % ». */
const percent = (rate: number | null) => (rate === null ? '' : `${(Math.round(rate * 1000) / 10).toLocaleString('fr-FR')}\u00a0%`);

/**
 * The per-performance figures as the project's other CSVs (the subscribers', the reservations'): UTF-8
 * BOM, `;`, CRLF, formulas neutralised, French headers and Paris dates.
 */
export function performancesCsv(rows: BilanPerformance[]): string {
  const lines = [
    [...bilanTexts.csvHeaders],
    ...rows.map((p) => [
      csvDate(p.date),
      p.showName,
      p.venueName ?? '',
      p.town ?? '',
      p.capacity === null ? '' : String(p.capacity),
      String(p.showPageViews),
      String(p.dialogsOpened),
      String(p.seatsBooked),
      String(p.seatsConfirmed),
      String(p.seatsArrived),
      String(p.walkIns),
      String(p.noShows),
      percent(p.fillRate),
      String(p.waitingPeak),
      String(p.offersTaken),
      String(p.offersLapsed),
    ]),
  ];
  return stringify(lines, { bom: true, delimiter: ';', record_delimiter: 'windows', escape_formulas: true, quoted_match: /[\r\n]/ });
}
