import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { formatPerformanceDate } from '@bande/shared/format/french-dates';
import { DateTextsProvider, useParisDates, type DateTexts } from './paris-dates.tsx';

const ISO = '2026-03-03T19:30:00.000Z';

function Dates({ iso }: { iso: string }) {
  const dates = useParisDates();
  return (
    <p>
      {dates.performance(iso)} | {dates.isoWithOffset(iso) ?? 'illisible'}
    </p>
  );
}

describe('the page’s Paris dates', () => {
  it('reads the texts the server wrote instead of formatting them again', () => {
    // Texts no formatter would write: what shows can only come from the server's render.
    const texts: DateTexts = new Map([
      [`performance|${ISO}`, 'écrit par le serveur'],
      [`iso|${ISO}`, 'iso du serveur'],
    ]);
    render(
      <DateTextsProvider texts={texts}>
        <Dates iso={ISO} />
      </DateTextsProvider>,
    );
    expect(screen.getByText('écrit par le serveur | iso du serveur')).toBeInTheDocument();
  });

  it('writes a date the server did not, in Paris time, and keeps it for the page (what the server hands over)', () => {
    const texts: DateTexts = new Map();
    render(
      <DateTextsProvider texts={texts}>
        <Dates iso={ISO} />
        <Dates iso="pas une date" />
      </DateTextsProvider>,
    );
    expect(screen.getByText('mardi 3 mars 2026 - 20h30 | 2026-03-03T20:30:00+01:00')).toBeInTheDocument();
    expect(screen.getByText('pas une date | illisible')).toBeInTheDocument();
    expect(Object.fromEntries(texts)).toEqual({
      [`performance|${ISO}`]: formatPerformanceDate(ISO),
      [`iso|${ISO}`]: '2026-03-03T20:30:00+01:00',
      'performance|pas une date': 'pas une date',
      'iso|pas une date': '',
    });
  });
});
