import "./catalog.css";

// As long as a typical description, so a placeholder card wraps its lines as a real one does.
const DESCRIPTION = "A sturdy tool for the workshop, with a grip that stays comfortable all day long.";

/** A tool card's shape without its content: the same boxes, so the grid keeps its size when the tools arrive. */
function ToolCardSkeleton() {
  return (
    <div className="card tool-card tool-card-skeleton">
      <div className="tool-image" />
      <div className="card-body">
        <div className="tool-card-title">
          <span className="bone">Tool name</span>
        </div>
        <p className="tool-description">
          <span className="bone">{DESCRIPTION}</span>
        </p>
        <dl className="tool-facts">
          {["Price", "Minimum order quantity", "Available quantity"].map((term) => (
            <div key={term}>
              <dt className="bone">{term}</dt>
              <dd className="bone">00 units</dd>
            </div>
          ))}
        </dl>
        <div className="card-actions">
          <span className="btn bone">Place Order</span>
        </div>
      </div>
    </div>
  );
}

/** Placeholder cards while a grid of tools loads, announced once as loading. */
export function ToolGridSkeleton({ count, label = "Loading tools…" }: { count: number; label?: string }) {
  return (
    <div role="status">
      <span className="visually-hidden">{label}</span>
      <div className="tool-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <ToolCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}
