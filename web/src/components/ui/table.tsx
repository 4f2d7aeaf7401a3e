import type { ReactNode } from "react";

interface TableProps {
  label: string;
  /** The column headers, in order; `null` leaves empty the cell above rows that head themselves. */
  columns: readonly (string | null)[];
  /** The rows of the table's body. */
  children: ReactNode;
}

/** A table that scrolls sideways on narrow screens; the region can take focus so keyboards can scroll it. */
export function Table({ label, columns, children }: TableProps) {
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className="table">
        <thead>
          <tr>
            {/* Two columns may share a header (All Orders has two "Status"), so a column is keyed by its place. */}
            {columns.map((column, index) => (column === null ? <td key={index} /> : <th key={index} scope="col">{column}</th>))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
