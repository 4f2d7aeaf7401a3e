import { useState } from "react";
import { toast } from "react-toastify";
import type { Tool } from "@api/tools/tools.schemas";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { QueryState } from "@/components/ui/query-state";
import { reloadWithToast } from "@/lib/flash-toast";
import { useDeleteTool } from "../api/delete-tool";
import { useTools } from "../api/get-tools";
import { ToolCard } from "../components/tool-card";
import { useDocumentTitle } from "@/lib/use-document-title";

export function ManageToolsRoute() {
  useDocumentTitle("Manage Tools");
  const tools = useTools();
  const deleteTool = useDeleteTool();
  const [pending, setPending] = useState<Tool | null>(null);

  const confirmDelete = async () => {
    if (!pending) return;
    await deleteTool.mutateAsync(pending._id).then(
      () => reloadWithToast("Deleted !!"),
      () => setPending(null),
    );
  };

  return (
    <section>
      <h1 id="manage-tools-heading">Manage Tools</h1>
      <QueryState isPending={tools.isPending} error={tools.error} />
      {tools.data && (
        <div className="tool-grid">
          {tools.data.map((tool) => (
            <ToolCard key={tool._id} tool={tool} headingLevel={2}>
              <button type="button" className="btn btn-danger" onClick={() => setPending(tool)} aria-label={`Delete ${tool.name}`}>
                Delete
              </button>
            </ToolCard>
          ))}
        </div>
      )}
      <ConfirmDialog
        open={pending !== null}
        title="Are you sure you want to delete this tool?"
        message={pending?.name}
        busy={deleteTool.isPending}
        onYes={() => void confirmDelete()}
        onNo={() => {
          setPending(null);
          toast.info("Changes are not saved");
        }}
      />
    </section>
  );
}
