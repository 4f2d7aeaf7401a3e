import type { RunChange } from "../../lib/change.js";
import type { AuditService } from "../audit/audit.service.js";
import type { Catalogue } from "./catalogue.js";
import type { ToolsStore } from "./tools.store.js";

/** What the tools module's use cases work with. */
export interface ToolsContext {
  store: ToolsStore;
  /** Runs a write in one transaction, then what must wait for its commit (the catalogue forgetting). */
  change: RunChange;
  /** Every admin change to a tool is audited in the change's own transaction. */
  audit: AuditService;
  catalogue: Catalogue;
}
