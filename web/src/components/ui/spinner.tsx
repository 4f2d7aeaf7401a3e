export function Spinner({ label = "Loading…" }: { label?: string }) {
  return (
    <div className="spinner" role="status">
      <span className="spinner-circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
