import type { Tool } from "@api/tools/tools.schemas";
import { AddToCart } from "@/features/cart/components/add-to-cart";
import { ToolOrderButton } from "@/features/catalog/components/tool-order-button";
import { CatalogueRoute as Catalogue } from "@/features/catalog/routes/catalogue";

/** The catalogue's cards end with the contract's Place Order and, beside it, Add to cart. */
const toolActions = (tool: Tool) => (
  <>
    <ToolOrderButton toolId={tool._id} />
    <AddToCart tool={tool} />
  </>
);

export function CatalogueRoute() {
  return <Catalogue toolActions={toolActions} />;
}
