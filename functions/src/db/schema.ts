// Every table of the shop, gathered for the Drizzle client (client.ts) and drizzle-kit
// (drizzle.config.ts). Each module declares its own tables beside its repository and imports them
// from there; nothing in a module imports this index.
export * from "../lib/rate-limit.tables.js";
export * from "../modules/audit/audit.tables.js";
export * from "../modules/mail/mail.tables.js";
export * from "../modules/orders/orders.tables.js";
export * from "../modules/payments/payments.tables.js";
export * from "../modules/payments/sandbox/sandbox.tables.js";
export * from "../modules/reviews/reviews.tables.js";
export * from "../modules/tools/tools.tables.js";
export * from "../modules/users/users.tables.js";
export * from "../modules/wishes/wishes.tables.js";
