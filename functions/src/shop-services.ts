import { DEFAULT_ORDER_RULES, type OrderRules } from "./config/env.js";
import type { Database } from "./db/client.js";
import { createAuditService } from "./modules/audit/audit.service.js";
import { createOrdersService } from "./modules/orders/orders.service.js";
import { createToolsService } from "./modules/tools/tools.service.js";

/**
 * The services that hold the shop's stock and orders, each given the others it works through.
 * The API (app.ts), the scheduled jobs and the command line compose them here, the one place a
 * module meets another: a service receives the services it needs, and a change that must commit
 * with the caller's passes the caller's transaction.
 */
export function createShopServices(db: Database, { orderRules = DEFAULT_ORDER_RULES }: { orderRules?: OrderRules } = {}) {
  const audit = createAuditService(db);
  const tools = createToolsService(db, { audit });
  const orders = createOrdersService(db, { tools, audit, rules: orderRules });
  return { audit, tools, orders };
}
