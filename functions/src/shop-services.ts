import { DEFAULT_ORDER_RULES, DEFAULT_SHOP_URL, type OrderRules } from "./config/env.js";
import type { Database } from "./db/client.js";
import { createAuditService } from "./modules/audit/audit.service.js";
import { createMailService } from "./modules/mail/mail.service.js";
import { createOrdersService } from "./modules/orders/orders.service.js";
import { createToolsService } from "./modules/tools/tools.service.js";

/**
 * The services that hold the shop's stock and orders, each given the others it works through.
 * The API (app.ts), the scheduled jobs and the command line compose them here, the one place a
 * module meets another: a service receives the services it needs, and a change that must commit
 * with the caller's passes the caller's transaction.
 */
export function createShopServices(
  db: Database,
  { orderRules = DEFAULT_ORDER_RULES, shopUrl = DEFAULT_SHOP_URL }: { orderRules?: OrderRules; shopUrl?: string } = {},
) {
  const audit = createAuditService(db);
  const mail = createMailService();
  const tools = createToolsService(db, { audit });
  const orders = createOrdersService(db, { tools, audit, mail, shopUrl, rules: orderRules });
  return { audit, mail, tools, orders };
}
