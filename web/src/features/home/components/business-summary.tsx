import CountUp from "react-countup";

/** The spec's business reach, each figure counting up over its own number of seconds. */
const FIGURES = [
  { end: 158, suffix: "", duration: 10, label: "Shipping Countries" },
  { end: 240, suffix: " million+", duration: 9, label: "Annual Revenue" },
  { end: 50, suffix: "", duration: 6, label: "Tools Variation" },
] as const;

export function BusinessSummary() {
  return (
    <section className="section business-summary">
      <h2 id="business-heading">Millions of businesses trust us</h2>
      <p className="section-lead">We try to understand what our buyers expect.</p>
      <ul className="figures">
        {FIGURES.map((figure) => (
          <li key={figure.label} className="figure card">
            <p className="figure-value">
              <CountUp end={figure.end} duration={figure.duration} suffix={figure.suffix} enableScrollSpy scrollSpyOnce />
            </p>
            <p className="figure-label">{figure.label}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
