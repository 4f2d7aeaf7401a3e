import type { Tool } from "@api/tools/tools.schemas";
import { formatDollars } from "@/lib/format";

/** A tool's price and the quantities the order rules of docs/product.md §6.2 use. */
export function ToolFacts({ tool }: { tool: Tool }) {
  return (
    <dl className="tool-facts">
      <div>
        <dt>Price</dt>
        <dd>{formatDollars(tool.price)} per unit</dd>
      </div>
      <div>
        <dt>Minimum order quantity</dt>
        <dd>{tool.moq} units</dd>
      </div>
      <div>
        <dt>Available quantity</dt>
        <dd>{tool.aq} units</dd>
      </div>
    </dl>
  );
}
