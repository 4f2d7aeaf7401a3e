import { useParams } from "react-router-dom";
import { QueryState } from "@/components/ui/query-state";
import { useTool } from "@/features/catalog/api/get-tool";
import { AddToCart } from "@/features/cart/components/add-to-cart";
import { ToolDetails } from "@/features/catalog/components/tool-details";
import { PlaceOrderModal } from "@/features/orders/components/place-order-modal";
import { useSession } from "@/lib/auth";
import { useDocumentTitle } from "@/lib/use-document-title";

export function ToolDetailRoute() {
  const { toolsId = "" } = useParams();
  const tool = useTool(toolsId);
  const session = useSession();
  useDocumentTitle(tool.data?.name ?? "Tool");

  return (
    <div className="page">
      <QueryState isPending={tool.isPending} error={tool.error} />
      {tool.data && (
        <ToolDetails tool={tool.data}>
          {session.status === "signedIn" && (
            <PlaceOrderModal tool={tool.data} userName={session.displayName} userEmail={session.email} />
          )}
          <AddToCart tool={tool.data} />
        </ToolDetails>
      )}
    </div>
  );
}
