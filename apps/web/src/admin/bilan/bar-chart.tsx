import { useId, type ReactNode } from 'react';
import styles from './bilan.module.css';
import { ui } from '../ui/layout.tsx';
import { formatNumber } from './bilan-format.ts';

export interface Bar {
  label: string;
  /** One value per series. */
  values: number[];
}

interface ChartProps {
  title: string;
  /** The series' names, in the order of `values` (the table's column heads and the legend). */
  series: string[];
  bars: Bar[];
  /** The first column's head in the table. */
  labelHead: string;
  /** 'columns' for a series over time (many narrow bars), 'rows' for named items (long labels). */
  layout?: 'columns' | 'rows';
  empty: string;
  /** Extra columns of the table (already formatted), after the series. */
  extra?: { heads: string[]; cells: (index: number) => ReactNode[] };
}

const SERIES_CLASSES = [styles.series0, styles.series1, styles.series2];

/**
 * A bar chart drawn as plain SVG (no chart library: the few shapes here weigh less than one), hidden
 * from screen readers, and the same figures in a table under it, which is what they read. Colours are
 * the admin theme's variables, so both themes draw it.
 */
export function BarChart({ title, series, bars, labelHead, layout = 'rows', empty, extra }: ChartProps) {
  const id = useId();
  const max = Math.max(1, ...bars.flatMap((b) => b.values));
  return (
    <figure className={styles.chart} aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className={styles.chartTitle}>
        {title}
      </figcaption>
      {bars.length === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <>
          {series.length > 1 ? (
            <ul className={styles.legend} aria-hidden="true">
              {series.map((name, i) => (
                <li key={name}>
                  <span className={[styles.swatch, SERIES_CLASSES[i]].join(' ')} />
                  {name}
                </li>
              ))}
            </ul>
          ) : null}
          {layout === 'columns' ? <Columns bars={bars} max={max} /> : <Rows bars={bars} max={max} />}
          <details className={styles.tableDetails} open={layout === 'rows' ? true : undefined}>
            <summary>Voir les chiffres</summary>
            {/* Focusable, so that a keyboard can scroll a table wider than a phone (axe: scrollable-region-focusable). */}
            <div className={styles.tableScroll} tabIndex={0} role="region" aria-label={`${title}, chiffres`}>
              <table className={styles.table}>
                <caption className={ui.visuallyHidden}>{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{labelHead}</th>
                    {series.map((name) => (
                      <th scope="col" key={name}>
                        {name}
                      </th>
                    ))}
                    {extra?.heads.map((head) => (
                      <th scope="col" key={head}>
                        {head}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {bars.map((bar, index) => (
                    <tr key={`${bar.label}-${index}`}>
                      <th scope="row">{bar.label}</th>
                      {bar.values.map((value, i) => (
                        <td key={i}>{formatNumber(value)}</td>
                      ))}
                      {extra?.cells(index).map((cell, i) => (
                        <td key={`x${i}`}>{cell}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </figure>
  );
}

/** Horizontal bars, one group per item: labels of any length stay readable at 360 px. */
function Rows({ bars, max }: { bars: Bar[]; max: number }) {
  const rowHeight = 10;
  return (
    <div className={styles.rows} aria-hidden="true">
      {bars.map((bar, index) => (
        <div key={`${bar.label}-${index}`} className={styles.row}>
          <span className={styles.rowLabel}>{bar.label}</span>
          <svg className={styles.rowSvg} viewBox={`0 0 100 ${rowHeight * bar.values.length}`} preserveAspectRatio="none" focusable="false">
            {bar.values.map((value, i) => (
              <rect key={i} className={SERIES_CLASSES[i]} x={0} y={i * rowHeight + 1} width={(value / max) * 100} height={rowHeight - 2} rx={1} />
            ))}
          </svg>
          <span className={styles.rowValue}>{bar.values.map(formatNumber).join(' / ')}</span>
        </div>
      ))}
    </div>
  );
}

/** Vertical columns over time (days): the shape of the period at a glance. */
function Columns({ bars, max }: { bars: Bar[]; max: number }) {
  const height = 120;
  const step = 100 / bars.length;
  const seriesCount = Math.max(1, bars[0]?.values.length ?? 1);
  return (
    <div className={styles.columns} aria-hidden="true">
      <svg viewBox={`0 0 100 ${height}`} preserveAspectRatio="none" className={styles.columnsSvg} focusable="false">
        <line x1={0} x2={100} y1={height} y2={height} className={styles.axis} vectorEffect="non-scaling-stroke" />
        {bars.flatMap((bar, index) =>
          bar.values.map((value, i) => {
            const h = (value / max) * (height - 4);
            const width = (step * 0.8) / seriesCount;
            return <rect key={`${index}-${i}`} className={SERIES_CLASSES[i]} x={index * step + step * 0.1 + i * width} y={height - h} width={width} height={h} />;
          }),
        )}
      </svg>
      <div className={styles.columnsScale}>
        <span>{bars[0]?.label}</span>
        <span>max. {formatNumber(max)}</span>
        <span>{bars.at(-1)?.label}</span>
      </div>
    </div>
  );
}
