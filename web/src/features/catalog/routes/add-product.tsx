import { toast } from "react-toastify";
import { useCreateTool } from "../api/create-tool";
import { AddToolForm } from "../components/add-tool-form";
import { useDocumentTitle } from "@/lib/use-document-title";

export function AddProductRoute() {
  useDocumentTitle("Add Product");
  const createTool = useCreateTool();
  return (
    <section className="narrow">
      <h1 id="add-product-heading">Add New tools</h1>
      <AddToolForm
        onSubmit={async (tool) => {
          await createTool.mutateAsync(tool);
          // The spec's text for a created tool.
          toast.success("You wish a tool");
        }}
      />
    </section>
  );
}
