import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The seams of docs/architecture.md are lint rules (eslint/server-boundaries.js, eslint/web-boundaries.js).
// Each case lints one import, as it would stand in a file at that path, with the project's own config.

const root = fileURLToPath(new URL("..", import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The rules that keep the seams: import-x's zones, and the packages a module's store alone may use. */
const BOUNDARY_RULES = ["import-x/no-restricted-paths", "no-restricted-imports"];

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = value;\n`, { filePath: `${root}${filePath}` });
  return result!.messages.filter((message) => BOUNDARY_RULES.includes(message.ruleId ?? "")).map((message) => message.message);
}

describe("server boundaries", () => {
  it("when a module imports another module's port or inner file, then lint fails", async () => {
    const errors = await boundaryErrors("functions/src/modules/payments/settle.ts", 'import { orderStatuses as value } from "../orders/orders.store.js";');
    expect(errors).toEqual([expect.stringContaining("A module's public face is its service and its schemas")]);
    expect(await boundaryErrors("functions/src/modules/orders/x.ts", 'import { searchKey as value } from "../tools/catalogue-cursor.js";')).toHaveLength(1);
  });

  it("when lib/, db/ or firestore/ imports a module or the stores, then lint fails", async () => {
    expect(await boundaryErrors("functions/src/lib/x.ts", 'import { toOrder as value } from "../modules/orders/orders.service.js";')).toEqual([
      expect.stringContaining("lib/, db/, firestore/ and config/ serve every module and import none"),
    ]);
    expect(await boundaryErrors("functions/src/db/x.ts", 'import { tool as value } from "../modules/tools/tools.schemas.js";')).toHaveLength(1);
    expect(await boundaryErrors("functions/src/db/x.ts", 'import { postgresStores as value } from "../stores/postgres.js";')).toHaveLength(1);
  });

  it("when a module's file outside postgres/ imports drizzle-orm, pg or db/, even for a type, then lint fails; its postgres/ files may", async () => {
    const storeOnly = expect.stringContaining("Outside its postgres/ folder a module knows no store");
    expect(await boundaryErrors("functions/src/modules/orders/x.ts", 'import { sql as value } from "drizzle-orm";')).toEqual([storeOnly]);
    expect(await boundaryErrors("functions/src/modules/orders/x.ts", 'import { integer as value } from "drizzle-orm/pg-core";')).toEqual([storeOnly]);
    expect(await boundaryErrors("functions/src/modules/orders/x.ts", 'import value from "pg";')).toEqual([storeOnly]);
    const aType = 'import type { Queryable } from "../../db/client.js";\nconst value: Queryable | null = null;';
    expect(await boundaryErrors("functions/src/modules/orders/x.ts", aType)).toEqual([storeOnly]);
    expect(await boundaryErrors("functions/src/modules/payments/sandbox/x.ts", 'import { inPostgres as value } from "../../../db/unit-of-work.js";')).toEqual([storeOnly]);

    const store = ['import { sql } from "drizzle-orm";', 'import { inPostgres } from "../../../db/unit-of-work.js";', "const value = [sql, inPostgres];"].join("\n");
    expect(await boundaryErrors("functions/src/modules/orders/postgres/x.ts", store)).toEqual([]);
    expect(await boundaryErrors("functions/src/modules/payments/sandbox/postgres/x.ts", 'import { sql as value } from "drizzle-orm";')).toEqual([]);
  });

  it("when anything but stores/ imports a module's postgres/ folder, its own services included, then lint fails", async () => {
    const port = expect.stringContaining("A module's postgres/ folder is its store in PostgreSQL");
    const repository = (from: string) => `import { postgresReviewsStore as value } from "${from}reviews/postgres/reviews.repository.js";`;
    expect(await boundaryErrors("functions/src/modules/reviews/reviews.service.ts", repository("../"))).toEqual([port]);
    expect(await boundaryErrors("functions/src/modules/orders/postgres/x.ts", repository("../../"))).toEqual([port]);
    expect(await boundaryErrors("functions/src/app.ts", repository("./modules/"))).toEqual([port]);
    expect(await boundaryErrors("functions/src/jobs/x.ts", repository("../modules/"))).toEqual([port]);
  });

  it("when stores/ builds a module's store from its postgres/ folder and its port, then lint passes; a service or a table fails", async () => {
    const code = [
      'import { postgresReviewsStore } from "../modules/reviews/postgres/reviews.repository.js";',
      'import type { ReviewsStore } from "../modules/reviews/reviews.store.js";',
      'import type { TimeZones } from "../modules/overview/time-zones.js";',
      "const value: [unknown, ReviewsStore | null, TimeZones | null] = [postgresReviewsStore, null, null];",
    ].join("\n");
    expect(await boundaryErrors("functions/src/stores/x.ts", code)).toEqual([]);
    expect(await boundaryErrors("functions/src/stores/x.ts", 'import { createReviewsService as value } from "../modules/reviews/reviews.service.js";')).toEqual([
      expect.stringContaining("stores/ builds each module's store from its postgres/ or firestore/ folder"),
    ]);
    expect(await boundaryErrors("functions/src/stores/x.ts", 'import { reviews as value } from "../modules/reviews/postgres/reviews.tables.js";')).toHaveLength(1);
  });

  it("when a module's file outside firestore/ imports Firestore or firestore/, then lint fails; its firestore/ files may, and stores/ builds them", async () => {
    const storeOnly = expect.stringContaining("Outside its firestore/ folder a module knows no store");
    expect(await boundaryErrors("functions/src/modules/orders/x.ts", 'import { Timestamp as value } from "firebase-admin/firestore";')).toEqual([storeOnly]);
    expect(await boundaryErrors("functions/src/modules/orders/x.ts", 'import { inFirestore as value } from "../../firestore/unit-of-work.js";')).toEqual([storeOnly]);
    expect(await boundaryErrors("functions/src/modules/orders/postgres/x.ts", 'import { Timestamp as value } from "firebase-admin/firestore";')).toHaveLength(1);
    expect(await boundaryErrors("functions/src/modules/orders/firestore/x.ts", 'import { sql as value } from "drizzle-orm";')).toHaveLength(1);

    const store = ['import { Timestamp } from "firebase-admin/firestore";', 'import { inFirestore } from "../../../firestore/unit-of-work.js";', "const value = [Timestamp, inFirestore];"].join("\n");
    expect(await boundaryErrors("functions/src/modules/orders/firestore/x.ts", store)).toEqual([]);
    const repository = (from: string) => `import { firestoreOrdersStore as value } from "${from}orders/firestore/orders.repository.js";`;
    expect(await boundaryErrors("functions/src/stores/firestore.ts", repository("../modules/"))).toEqual([]);
    const port = expect.stringContaining("A module's firestore/ folder is its store in Firestore");
    expect(await boundaryErrors("functions/src/modules/orders/orders.service.ts", repository("../"))).toEqual([port]);
    expect(await boundaryErrors("functions/src/modules/tools/firestore/x.ts", repository("../../"))).toEqual([port]);
    expect(await boundaryErrors("functions/src/app.ts", repository("./modules/"))).toEqual([port]);
  });

  it("when a module imports another module's tables, or its own outside postgres/, then lint fails; its own postgres/ files pass", async () => {
    const ownTablesOnly = expect.stringContaining("A module's tables are read and written by its own postgres/ files alone");
    expect(await boundaryErrors("functions/src/modules/reviews/postgres/x.ts", 'import { users as value } from "../../users/postgres/users.tables.js";')).toEqual([ownTablesOnly]);
    expect(await boundaryErrors("functions/src/modules/reviews/x.ts", 'import { users as value } from "../users/postgres/users.tables.js";')).toEqual([ownTablesOnly]);
    expect(await boundaryErrors("functions/src/modules/reviews/x.ts", 'import { reviews as value } from "./postgres/reviews.tables.js";')).toEqual([ownTablesOnly]);
    expect(await boundaryErrors("functions/src/modules/reviews/postgres/x.ts", 'import { reviews as value } from "./reviews.tables.js";')).toEqual([]);
  });

  it("when a module imports db/schema.ts, the index of every table, then lint fails", async () => {
    const index = expect.stringContaining("db/schema.ts gathers every table");
    expect(await boundaryErrors("functions/src/modules/wishes/x.ts", 'import { wishes as value } from "../../db/schema.js";')).toEqual([index]);
    expect(await boundaryErrors("functions/src/modules/wishes/postgres/x.ts", 'import { wishes as value } from "../../../db/schema.js";')).toEqual([index]);
  });

  it("when a table file imports another module's table file, for a foreign key, then lint passes; anything else of that module fails", async () => {
    expect(await boundaryErrors("functions/src/modules/wishes/postgres/x.tables.ts", 'import { users as value } from "../../users/postgres/users.tables.js";')).toEqual([]);
    expect(await boundaryErrors("functions/src/modules/wishes/postgres/x.tables.ts", 'import { postgresUsersStore as value } from "../../users/postgres/users.repository.js";')).toEqual([
      expect.stringContaining("A table file imports another module's table file only for a foreign key's references()"),
    ]);
  });

  it("when db/schema.ts gathers the modules' tables, then lint passes; another file of db/ may not import them", async () => {
    expect(await boundaryErrors("functions/src/db/schema.ts", 'export * from "../modules/users/postgres/users.tables.js";\nconst value = 1;')).toEqual([]);
    expect(await boundaryErrors("functions/src/db/schema.ts", 'import { toUser as value } from "../modules/users/user-wire.js";')).toHaveLength(1);
    expect(await boundaryErrors("functions/src/db/x.ts", 'import { users as value } from "../modules/users/postgres/users.tables.js";')).toHaveLength(1);
  });

  it("when a module imports the stores or the composition, then lint fails", async () => {
    expect(await boundaryErrors("functions/src/modules/health/x.ts", 'import { postgresStores as value } from "../../stores/postgres.js";')).toEqual([
      expect.stringContaining("Modules do not import the entry points or the composition that builds them"),
    ]);
  });

  it("when a schemas file imports anything but zod and common.schemas, then lint fails", async () => {
    const [result] = await eslint.lintText('import { toDollars } from "../../lib/money.js";\nexport const value = toDollars;\n', {
      filePath: `${root}functions/src/modules/orders/orders.schemas.ts`,
    });
    expect(result!.messages.map((message) => message.ruleId)).toContain("no-restricted-imports");
  });

  it("when a module uses another's service and schemas, and its own files and port, then lint passes", async () => {
    const code = [
      'import type { OrdersService } from "../orders/orders.service.js";',
      'import { order } from "../orders/orders.schemas.js";',
      'import { idParams } from "../common.schemas.js";',
      'import type { Tx } from "../../lib/change.js";',
      'import type { PaymentsStore } from "./payments.store.js";',
      'import * as wire from "./payment-wire.js";',
      "const value: [OrdersService | null, unknown, unknown, Tx | null, PaymentsStore | null, unknown] = [null, order, idParams, null, null, wire];",
    ].join("\n");
    expect(await boundaryErrors("functions/src/modules/payments/x.ts", code)).toEqual([]);
  });
});

describe("web boundaries", () => {
  it("when a feature imports another feature, then lint fails", async () => {
    const errors = await boundaryErrors("web/src/features/orders/components/x.tsx", 'import { ToolCard as value } from "@/features/catalog/components/tool-card";');
    expect(errors).toEqual([expect.stringContaining("A feature does not import another feature")]);
  });

  it("when shared code imports a feature, or a feature imports app/, then lint fails", async () => {
    expect(await boundaryErrors("web/src/lib/x.ts", 'import { OrderForm as value } from "@/features/orders/components/order-form";')).toHaveLength(1);
    expect(await boundaryErrors("web/src/features/orders/x.ts", 'import { router as value } from "@/app/router";')).toHaveLength(1);
  });

  it("when the web imports server code through @api/*, then lint fails; the API's schemas are allowed", async () => {
    expect(await boundaryErrors("web/src/features/orders/x.ts", 'import { toOrder as value } from "@api/orders/orders.service";')).toEqual([
      expect.stringContaining("The web imports only the API's *.schemas files"),
    ]);
    expect(await boundaryErrors("web/src/features/orders/x.ts", 'import { order as value } from "@api/orders/orders.schemas";')).toEqual([]);
  });
});
