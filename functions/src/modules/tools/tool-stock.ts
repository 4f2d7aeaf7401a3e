import type { Catalogue } from "./catalogue.js";
import type { ToolStock } from "./tools.service.js";
import type { ToolsStore } from "./tools.store.js";

/**
 * The stock facade, which joins the caller's change. Moving stock registers the catalogue's
 * forgetting with the change itself, so no caller can leave this instance showing an old quantity.
 */
export function toolStock(store: ToolsStore, catalogue: Pick<Catalogue, "changed">): ToolStock {
  return {
    lockForOrders: ({ tx }, id) => store.lockListedTool(tx, id),
    async take({ tx, afterCommit }, id, quantity) {
      await store.takeStock(tx, id, quantity);
      afterCommit(catalogue.changed);
    },
    async giveBack({ tx, afterCommit }, id, quantity) {
      await store.returnStock(tx, id, quantity);
      afterCommit(catalogue.changed);
    },
  };
}
