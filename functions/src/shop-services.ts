import { DEFAULT_ORDER_RULES, DEFAULT_SHOP_URL, type OrderRules } from "./config/env.js";
import { createAuditService } from "./modules/audit/audit.service.js";
import { createCartService } from "./modules/cart/cart.service.js";
import { createMailService } from "./modules/mail/mail.service.js";
import { createOrdersService } from "./modules/orders/orders.service.js";
import { createToolsService } from "./modules/tools/tools.service.js";
import { createWishesService } from "./modules/wishes/wishes.service.js";
import type { Stores } from "./stores/postgres.js";

/**
 * The services that hold the shop's stock and orders, each given the others it works through.
 * The API (app.ts), the scheduled jobs and the command line compose them here, the one place a
 * module meets another: a service receives the services it needs, and a change that must commit
 * with the caller's joins the caller's change (its `Work`, lib/change.ts).
 */
export function createShopServices(
  stores: Stores,
  { orderRules = DEFAULT_ORDER_RULES, shopUrl = DEFAULT_SHOP_URL }: { orderRules?: OrderRules; shopUrl?: string } = {},
) {
  const audit = createAuditService({ store: stores.audit });
  const mail = createMailService({ store: stores.mail });
  const tools = createToolsService({ store: stores.tools, change: stores.change, audit });
  const cart = createCartService({ store: stores.cart, change: stores.change, tools });
  const orders = createOrdersService({ store: stores.orders, change: stores.change, tools, audit, mail, shopUrl, rules: orderRules, cart });
  // Here rather than in app.ts alone: every account link (a sign-in, `make-admin`) keeps the wishers' copy of the account.
  const wishes = createWishesService({ store: stores.wishes, change: stores.change, tools, audit, mail, shopUrl });
  return { audit, mail, tools, cart, orders, wishes };
}
