import { useNavigate } from "react-router-dom";
import { paths } from "@/config/paths";

/** The contract's Place Order button of a tool card (docs/product.md §1.2): it leads to the tool's page, where the order is placed. */
export function ToolOrderButton({ toolId }: { toolId: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" className="btn btn-primary" onClick={() => navigate(paths.tool.href(toolId))}>
      Place Order
    </button>
  );
}
