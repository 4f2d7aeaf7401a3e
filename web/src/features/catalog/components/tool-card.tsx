import type { ReactNode } from "react";
import type { Tool } from "@api/tools/tools.schemas";
import { ToolFacts } from "./tool-facts";

export function ToolCard({ tool, children }: { tool: Tool; children?: ReactNode }) {
  return (
    <article className="card tool-card">
      <img src={tool.img} alt={tool.name} width={320} height={240} loading="lazy" className="tool-image" />
      <div className="card-body">
        <h3>{tool.name}</h3>
        <p className="tool-description">{tool.description}</p>
        <ToolFacts tool={tool} />
        {children && <div className="card-actions">{children}</div>}
      </div>
    </article>
  );
}
