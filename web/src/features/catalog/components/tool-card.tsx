import type { ReactNode } from "react";
import type { Tool } from "@api/tools/tools.schemas";
import { formatDollars } from "@/lib/format";

export function ToolCard({ tool, children }: { tool: Tool; children?: ReactNode }) {
  return (
    <article className="card tool-card">
      <img src={tool.img} alt={tool.name} width={320} height={240} loading="lazy" className="tool-image" />
      <div className="card-body">
        <h3>{tool.name}</h3>
        <p className="tool-description">{tool.description}</p>
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
