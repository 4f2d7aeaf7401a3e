import { isLowOnStock, type ManagedTool } from "@api/tools/tools.schemas";
import { formatDate } from "@/lib/format";

/** What Manage Tools adds to a tool's card: the day it was added, and a mark when it can no longer be ordered. */
export function ManagedToolDetails({ tool }: { tool: ManagedTool }) {
  return (
    <div className="managed-tool-details">
      <p className="managed-tool-added">
        Added <time dateTime={tool.createdAt}>{formatDate(tool.createdAt)}</time>
      </p>
      {isLowOnStock(tool) && (
        <p className="managed-tool-low">
          <span className="badge badge-warning" title="Its stock is below its minimum order quantity, so it cannot be ordered">
            Low on stock
          </span>
        </p>
      )}
    </div>
  );
}
