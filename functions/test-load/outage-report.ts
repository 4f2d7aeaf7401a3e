import type { Attempt } from "../test/support/faults-shop.js";

/** One fault as the test drove it, on the clock of performance.now(). */
export interface FaultTimeline {
  label: string;
  began: number;
  /** The database cannot be reached: the stop (or freeze) returned. */
  down: number;
  ending: number;
  /** The database can be reached again: the start (or thaw) returned. */
  up: number;
  /** The first order acknowledged with a 201 after `up`. */
  firstOrderAfter: number;
}

/** Requests whose answer came while the database could not be reached. */
export const answeredDuring = (attempts: Attempt[], fault: FaultTimeline) => attempts.filter((a) => a.answeredAt >= fault.down && a.answeredAt <= fault.ending);
/** Requests that began and ended while the database could not be reached. */
export const sentAndAnsweredDuring = (attempts: Attempt[], fault: FaultTimeline) => answeredDuring(attempts, fault).filter((a) => a.sentAt >= fault.down);
/** Requests under way at any moment of the fault. */
export const overlapping = (attempts: Attempt[], fault: FaultTimeline) => attempts.filter((a) => a.answeredAt >= fault.began && a.sentAt <= fault.up);

export const tookMs = (attempt: Attempt) => attempt.answeredAt - attempt.sentAt;
export const isProblem503 = (attempt: Attempt) => attempt.status === 503 && (attempt.contentType ?? "").startsWith("application/problem+json");

export const statusCounts = (attempts: Attempt[]) =>
  attempts.reduce<Record<string, number>>((counts, a) => ({ ...counts, [a.status]: (counts[a.status] ?? 0) + 1 }), {});

export const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const ms = (value: number) => `${value.toFixed(0)} ms`;

/** What README quotes: per fault, how long the database was gone, how the API answered meanwhile, how soon it recovered. */
export function describeFault(attempts: Attempt[], fault: FaultTimeline): string {
  const unavailable = answeredDuring(attempts, fault).filter(isProblem503);
  const latencies = unavailable.map(tookMs);
  const slowest = Math.max(0, ...overlapping(attempts, fault).map(tookMs));
  return [
    `${fault.label}: unreachable for ${ms(fault.up - fault.down)} (going down took ${ms(fault.down - fault.began)}, coming back ${ms(fault.up - fault.ending)})`,
    `  answered meanwhile: ${unavailable.length} × 503 problem+json, p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}; slowest request across the fault ${ms(slowest)}`,
    `  first order acknowledged ${ms(fault.firstOrderAfter - fault.up)} after the database was back, by the same server process`,
  ].join("\n");
}

export function printReport(title: string, faults: string[], totals: Record<string, number | string>): void {
  const lines = [`\n== ${title} ==`, ...faults, `totals: ${Object.entries(totals).map(([k, v]) => `${k} ${v}`).join(", ")}`];
  process.stdout.write(`${lines.join("\n")}\n`);
}
