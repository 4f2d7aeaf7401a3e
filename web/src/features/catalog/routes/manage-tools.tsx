import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { toast } from "react-toastify";
import type { Tool } from "@api/tools/tools.schemas";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LoadMore } from "@/components/ui/load-more";
import { QueryState } from "@/components/ui/query-state";
import { paths } from "@/config/paths";
import { reloadWithToast } from "@/lib/flash-toast";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useDeleteTool } from "../api/delete-tool";
import { type ManageToolsSearch, useManagedTools } from "../api/get-managed-tools";
import { EditToolDialog } from "../components/edit-tool-dialog";
import { ManageToolsFilters } from "../components/manage-tools-filters";
import { ManagedToolDetails } from "../components/managed-tool-details";
import { RestockDialog } from "../components/restock-dialog";
import { ToolCard } from "../components/tool-card";

/** The search in the page's address, so a reload, a link or the back button keeps it. */
function useManageToolsSearch(): [ManageToolsSearch, (search: ManageToolsSearch) => void] {
  const [params, setParams] = useSearchParams();
  const search: ManageToolsSearch = { q: params.get("q")?.trim() ?? "", lowStock: params.get("lowStock") === "true" };
  const setSearch = ({ q, lowStock }: ManageToolsSearch) => {
    const next = new URLSearchParams();
    if (q) next.set("q", q);
    if (lowStock) next.set("lowStock", "true");
    setParams(next, { preventScrollReset: true });
  };
  return [search, setSearch];
}

/** What an empty list says, in the words of the search that found nothing. */
function emptySentence({ q, lowStock }: ManageToolsSearch) {
  if (q) return lowStock ? `No tools low on stock match “${q}”.` : `No tools match “${q}”.`;
  return lowStock ? "No tools are low on stock." : "There are no tools in the shop yet.";
}

export function ManageToolsRoute() {
  useDocumentTitle("Manage Tools");
  const [search, setSearch] = useManageToolsSearch();
  const tools = useManagedTools(search);
  const deleteTool = useDeleteTool();
  const [pending, setPending] = useState<Tool | null>(null);
  const [editing, setEditing] = useState<Tool | null>(null);
  const [restocking, setRestocking] = useState<Tool | null>(null);
  const listed = tools.data?.pages.flatMap((page) => page.tools) ?? [];

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
      <ManageToolsFilters search={search} onSearch={setSearch} />
      <QueryState isPending={tools.isPending} error={tools.error} />
      {tools.data && listed.length === 0 && (
        <p className="catalogue-empty" role="status">
          {emptySentence(search)} {(search.q || search.lowStock) && <Link to={paths.dashboard.manageTools.href()}>Show all tools</Link>}
        </p>
      )}
      {listed.length > 0 && (
        <div className="tool-grid">
          {listed.map((tool) => (
            <ToolCard key={tool._id} tool={tool} headingLevel={2} details={<ManagedToolDetails tool={tool} />}>
              <button type="button" className="btn btn-primary" onClick={() => setEditing(tool)} aria-label={`Edit ${tool.name}`}>
                Edit
              </button>
              <button type="button" className="btn btn-outline" onClick={() => setRestocking(tool)} aria-label={`Restock ${tool.name}`}>
                Restock
              </button>
              <button type="button" className="btn btn-danger" onClick={() => setPending(tool)} aria-label={`Delete ${tool.name}`}>
                Delete
              </button>
            </ToolCard>
          ))}
        </div>
      )}
      <LoadMore className="manage-tools-more" count={listed.length} noun={["tool", "tools"]} list={tools} />
      <EditToolDialog tool={editing} onClose={() => setEditing(null)} />
      <RestockDialog tool={restocking} onClose={() => setRestocking(null)} />
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
