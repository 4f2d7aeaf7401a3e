import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { Tool } from "@api/tools/tools.schemas";
import { paths } from "@/config/paths";
import { ToolFacts } from "./tool-facts";
import "./catalog.css";

interface ToolCardProps {
  tool: Tool;
  /** The level of the card's heading: one below the heading of the list it is in. */
  headingLevel?: 2 | 3;
  /** More about the tool, under its facts (Manage Tools: when it was added, whether it is low on stock). */
  details?: ReactNode;
  children?: ReactNode;
}

/** A tool in a grid. Its name is a link to the tool's page, so a card opens in a new tab and can be shared. */
export function ToolCard({ tool, headingLevel = 3, details, children }: ToolCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card tool-card">
      <img src={tool.img} alt={tool.name} width={320} height={240} loading="lazy" className="tool-image" />
      <div className="card-body">
        <Heading className="tool-card-title">
          <Link to={paths.tool.href(tool._id)}>{tool.name}</Link>
        </Heading>
        <p className="tool-description">{tool.description}</p>
        <ToolFacts tool={tool} />
        {details}
        {children && <div className="card-actions">{children}</div>}
      </div>
    </article>
  );
}
