import type { ReactNode } from 'react';
import { ActionsHeader, ui } from './layout.tsx';

interface DataTableProps {
  /** The column heads, in order. */
  columns: ReactNode[];
  /** A last head over the row actions (ActionsHeader); false where the rows have none, or head them otherwise. */
  actions?: boolean;
  /** The rows (`<tr>`), each cell with its `data-label` for the stacked layout of small screens. */
  children: ReactNode;
}

/** The table of a backoffice tab: the heads of its columns over its rows. */
export function DataTable({ columns, actions = true, children }: DataTableProps) {
  return (
    <table className={ui.table}>
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col">
              {column}
            </th>
          ))}
          {actions ? <ActionsHeader /> : null}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
