import type { ReactNode } from "react";
import { Link, useLocation, useSearchParams } from "react-router-dom";
import type { Tool } from "@api/tools/tools.schemas";
import { QueryState } from "@/components/ui/query-state";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useCataloguePage } from "../api/get-catalogue-page";
import { CatalogueFilters } from "../components/catalogue-filters";
import { CataloguePager } from "../components/catalogue-pager";
import { ToolCard } from "../components/tool-card";
import { ToolOrderButton } from "../components/tool-order-button";
import { type CatalogueSearch, catalogueParams, catalogueSearchParams, readCatalogueSearch, readEarlierCursors } from "../lib/catalogue-search";

/** What an empty page says, in the words of the search that found nothing. */
function emptySentence({ q, inStock, after }: CatalogueSearch) {
  if (after) return "There are no more tools.";
  if (q) return inStock ? `No tools in stock match “${q}”.` : `No tools match “${q}”.`;
  return inStock ? "No tools are in stock right now." : "There are no tools in the shop yet.";
}

const placeOrder = (tool: Tool) => <ToolOrderButton toolId={tool._id} />;

/**
 * The whole catalogue: searched, sorted, filtered and paged by the API, with all of it in the URL.
 * Each card ends with `toolActions` (by default the contract's Place Order; the app adds to it).
 */
export function CatalogueRoute({ toolActions = placeOrder }: { toolActions?: (tool: Tool) => ReactNode }) {
  useDocumentTitle("Tools");
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const search = readCatalogueSearch(searchParams);
  const page = useCataloguePage(catalogueParams(search));

  const startSearch = (next: CatalogueSearch) => {
    const params = catalogueSearchParams(next);
    if (params.toString() !== catalogueSearchParams(search).toString()) setSearchParams(params, { preventScrollReset: true });
  };

  return (
    <div className="page">
      <h1>Tools</h1>
      <CatalogueFilters search={search} onSearch={startSearch} />
      <QueryState isPending={page.isPending} error={page.error} />
      {page.data &&
        (page.data.tools.length === 0 ? (
          <p className="catalogue-empty" role="status">
            {emptySentence(search)}{" "}
            {(search.q || search.inStock || search.after) && <Link to={paths.catalogue.href()}>Show all tools</Link>}
          </p>
        ) : (
          <div className="tool-grid">
            {page.data.tools.map((tool) => (
              <ToolCard key={tool._id} tool={tool} headingLevel={2}>
                {toolActions(tool)}
              </ToolCard>
            ))}
          </div>
        ))}
      {page.data && <CataloguePager search={search} next={page.data.next} earlier={readEarlierCursors(location.state)} />}
    </div>
  );
}
