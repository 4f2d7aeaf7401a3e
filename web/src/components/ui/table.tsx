import type { ReactNode } from "react";

/** A table that scrolls sideways on narrow screens; the region can take focus so keyboards can scroll it. */
export function Table({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className="table">{children}</table>
    </div>
  );
}
