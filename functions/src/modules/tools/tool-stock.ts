import type { Catalogue } from "./catalogue.js";
import * as stock from "./stock.repository.js";
import type { ToolStock } from "./tools.service.js";

/**
 * The stock facade, which joins the caller's change. Moving stock registers the catalogue's
 * forgetting with the change itself, so no caller can leave this instance showing an old quantity.
 */
export function toolStock(catalogue: Pick<Catalogue, "changed">): ToolStock {
  return {
    lockForOrders: ({ tx }, id) => stock.lockListedTool(tx, id),
    async take({ tx, afterCommit }, id, quantity) {
      await stock.takeStock(tx, id, quantity);
      afterCommit(catalogue.changed);
    },
    async giveBack({ tx, afterCommit }, id, quantity) {
      await stock.returnStock(tx, id, quantity);
      afterCommit(catalogue.changed);
    },
  };
}
