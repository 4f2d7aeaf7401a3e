import type { ReactNode } from "react";
import type { Tool } from "@api/tools/tools.schemas";
import { formatDollars } from "@/lib/format";

export function ToolDetails({ tool, children }: { tool: Tool; children?: ReactNode }) {
  return (
    <article className="tool-details card">
      <img src={tool.img} alt={tool.name} width={480} height={360} className="tool-details-image" />
      <div className="card-body">
        <h1>{tool.name}</h1>
        <p>{tool.description}</p>
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
        {children && <div className="card-actions">{children}</div>}
      </div>
    </article>
  );
}
