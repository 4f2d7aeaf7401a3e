// Every table of the shop, gathered for the Drizzle client (client.ts) and drizzle-kit
// (drizzle.config.ts). Each module declares its own tables in its postgres/ folder, beside the
// store that uses them, and the rate limits theirs beside their counter; nothing in a module imports
// this index.
export * from "./rate-limit.tables.js";
export * from "../modules/audit/postgres/audit.tables.js";
export * from "../modules/cart/postgres/cart.tables.js";
export * from "../modules/mail/postgres/mail.tables.js";
export * from "../modules/orders/postgres/orders.tables.js";
export * from "../modules/payments/postgres/payments.tables.js";
export * from "../modules/payments/sandbox/postgres/sandbox.tables.js";
export * from "../modules/reviews/postgres/reviews.tables.js";
export * from "../modules/tools/postgres/tools.tables.js";
export * from "../modules/users/postgres/users.tables.js";
export * from "../modules/wishes/postgres/wishes.tables.js";
