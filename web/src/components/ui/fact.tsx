import type { ReactNode } from "react";
import { formatDateTime } from "@/lib/format";

/** One term and its value in a list of facts (`<dl>`), as receipts and summaries show them. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A time as a fact, readable and machine-readable. */
export function TimeFact({ term, at, format = formatDateTime }: { term: string; at: string; format?: (at: string) => string }) {
  return (
    <Fact term={term}>
      <time dateTime={at}>{format(at)}</time>
    </Fact>
  );
}

/** What a receipt says of the card that paid: its last four digits and the provider's transaction. */
export function CardFacts({ cardLast4, transactionId }: { cardLast4: string | null; transactionId: string | null }) {
  return (
    <>
      <Fact term="Card">{cardLast4 ? `ending in ${cardLast4}` : "Not known"}</Fact>
      <Fact term="Transaction Id">
        <span className="transaction-id">{transactionId ?? "Not known"}</span>
      </Fact>
    </>
  );
}
