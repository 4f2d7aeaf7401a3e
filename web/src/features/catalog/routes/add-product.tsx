import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router-dom";
import { toast } from "react-toastify";
import type { FulfilWishesBody, WishesAnswered } from "@api/wishes/wishes.schemas";
import { apiRequest } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useCreateTool, type CreateToolInput } from "../api/create-tool";
import { AddToolForm } from "../components/add-tool-form";

/** The most wishes one tool is recorded for at once, as the API takes them. */
const WISHES_MAX = 100;

interface WishPrefill {
  wishIds: string[];
  values: Partial<CreateToolInput>;
}

/**
 * What User Wish's "Add as tool" sends here: the wishes the new tool answers (`wish`, their ids
 * joined by commas) and the form's first values (`name`, `price`, `details` as the description).
 * Null without wishes: Add Product is then as docs/product.md §3.9 has it.
 */
function wishPrefillOf(params: URLSearchParams): WishPrefill | null {
  const wishIds = (params.get("wish") ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean)
    .slice(0, WISHES_MAX);
  if (wishIds.length === 0) return null;
  const price = Number(params.get("price") ?? "");
  return {
    wishIds,
    values: {
      name: params.get("name") ?? "",
      ...(params.get("price") && Number.isFinite(price) ? { price } : {}),
      description: params.get("details") ?? "",
    },
  };
}

/** Records the tool added for the wishes; their buyers are e-mailed a link to it. */
const fulfilWishes = (body: FulfilWishesBody) => apiRequest<WishesAnswered>("/admin/wishes/fulfil", { method: "POST", body });

export function AddProductRoute() {
  useDocumentTitle("Add Product");
  const createTool = useCreateTool();
  const queryClient = useQueryClient();
  const fulfil = useMutation({
    mutationFn: fulfilWishes,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["wishes"] }),
  });
  const [params, setParams] = useSearchParams();
  const prefill = wishPrefillOf(params);

  return (
    <section className="narrow">
      <h1 id="add-product-heading">Add New tools</h1>
      {prefill && (
        <p className="note" role="note">
          {prefill.wishIds.length === 1 ? "This tool answers 1 wish" : `This tool answers ${prefill.wishIds.length} wishes`}. Once it is added,
          each buyer who wished for it is e-mailed a link to it.
        </p>
      )}
      <AddToolForm
        // A new form once the wishes are answered, empty as the contract's form is after a tool is added (docs/product.md §5.7).
        key={prefill ? prefill.wishIds.join(",") : "blank"}
        defaults={prefill?.values}
        onSubmit={async (tool) => {
          const created = await createTool.mutateAsync(tool);
          // The contract's text for a created tool (docs/product.md §3.9).
          toast.success("You wish a tool");
          if (!prefill) return;
          try {
            await fulfil.mutateAsync({ wishIds: prefill.wishIds, toolId: created._id });
            toast.success("The buyers who wished for it will be e-mailed a link to it.");
          } catch {
            toast.error("The tool was added, but the buyers who wished for it were not told: the wishes are still open in User Wish.");
          } finally {
            setParams(new URLSearchParams(), { replace: true });
          }
        }}
      />
    </section>
  );
}
