import { lazy, Suspense } from "react";
import { useDeferred } from "@/components/ui/deferred";

// Below the fold: the counting code loads as the section is needed (see useDeferred), not with the first page.
const CountUp = lazy(() => import("react-countup"));

/** The business reach of docs/product.md §1.2, each figure counting up over its own number of seconds. */
const FIGURES = [
  { end: 158, suffix: "", duration: 10, label: "Shipping Countries" },
  { end: 240, suffix: " million+", duration: 9, label: "Annual Revenue" },
  { end: 50, suffix: "", duration: 6, label: "Tools Variation" },
] as const;

export function BusinessSummary() {
  const [ref, near] = useDeferred<HTMLUListElement>();
  return (
    <section className="section business-summary">
      <h2 id="business-heading">Millions of businesses trust us</h2>
      <p className="section-lead">We try to understand what our buyers expect.</p>
      <ul ref={ref} className="figures">
        {FIGURES.map((figure) => {
          // What the counter shows before it starts, so the figure keeps its place while the code loads.
          const start = <span>{`0${figure.suffix}`}</span>;
          return (
            <li key={figure.label} className="figure card">
              <p className="figure-value">
                {near ? (
                  <Suspense fallback={start}>
                    <CountUp end={figure.end} duration={figure.duration} suffix={figure.suffix} enableScrollSpy scrollSpyOnce />
                  </Suspense>
                ) : (
                  start
                )}
              </p>
              <p className="figure-label">{figure.label}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
