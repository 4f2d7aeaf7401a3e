import type { ReactNode } from "react";
import type { Tool } from "@api/tools/tools.schemas";
import { ToolFacts } from "./tool-facts";

export function ToolDetails({ tool, children }: { tool: Tool; children?: ReactNode }) {
  return (
    <article className="tool-details card">
      <img src={tool.img} alt={tool.name} width={480} height={360} className="tool-details-image" />
      <div className="card-body">
        <h1>{tool.name}</h1>
        <p>{tool.description}</p>
        <ToolFacts tool={tool} />
        {children && <div className="card-actions">{children}</div>}
      </div>
    </article>
  );
}
