import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The seams of docs/architecture.md are lint rules (eslint/server-boundaries.js, eslint/web-boundaries.js).
// Each case lints one import, as it would stand in a file at that path, with the project's own config.

const root = fileURLToPath(new URL("..", import.meta.url));
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = value;\n`, { filePath: `${root}${filePath}` });
  return result!.messages.filter((message) => message.ruleId === "import-x/no-restricted-paths").map((message) => message.message);
}

describe("server boundaries", () => {
  it("when a module imports another module's repository, then lint fails", async () => {
    const errors = await boundaryErrors("functions/src/modules/payments/settle.ts", 'import { markPaid as value } from "../orders/orders.repository.js";');
    expect(errors).toEqual([expect.stringContaining("A module's public face is its service and its schemas")]);
  });

  it("when a module imports another module's inner file, then lint fails", async () => {
    const errors = await boundaryErrors("functions/src/modules/orders/x.ts", 'import { stock as value } from "../tools/stock.repository.js";');
    expect(errors).toHaveLength(1);
  });

  it("when lib/ or db/ imports a module, then lint fails", async () => {
    expect(await boundaryErrors("functions/src/lib/x.ts", 'import { toOrder as value } from "../modules/orders/orders.service.js";')).toEqual([
      expect.stringContaining("lib/, db/ and config/ serve every module and import none"),
    ]);
    expect(await boundaryErrors("functions/src/db/x.ts", 'import { tool as value } from "../modules/tools/tools.schemas.js";')).toHaveLength(1);
  });

  it("when a module imports another module's tables, then lint fails; its own pass", async () => {
    expect(await boundaryErrors("functions/src/modules/reviews/x.ts", 'import { users as value } from "../users/users.tables.js";')).toEqual([
      expect.stringContaining("A module reads and writes only its own tables"),
    ]);
    expect(await boundaryErrors("functions/src/modules/reviews/x.ts", 'import { reviews as value } from "./reviews.tables.js";')).toEqual([]);
  });

  it("when a module imports db/schema.ts, the index of every table, then lint fails", async () => {
    expect(await boundaryErrors("functions/src/modules/wishes/x.ts", 'import { wishes as value } from "../../db/schema.js";')).toEqual([
      expect.stringContaining("db/schema.ts gathers every table"),
    ]);
  });

  it("when a table file imports another module's table file, for a foreign key, then lint passes; anything else of that module fails", async () => {
    expect(await boundaryErrors("functions/src/modules/wishes/x.tables.ts", 'import { users as value } from "../users/users.tables.js";')).toEqual([]);
    expect(await boundaryErrors("functions/src/modules/wishes/x.tables.ts", 'import { findActiveByEmail as value } from "../users/users.repository.js";')).toEqual([
      expect.stringContaining("A table file imports another module's table file only for a foreign key's references()"),
    ]);
  });

  it("when db/schema.ts gathers the modules' tables, then lint passes; another file of db/ may not import them", async () => {
    expect(await boundaryErrors("functions/src/db/schema.ts", 'export * from "../modules/users/users.tables.js";\nconst value = 1;')).toEqual([]);
    expect(await boundaryErrors("functions/src/db/schema.ts", 'import { toUser as value } from "../modules/users/user-wire.js";')).toHaveLength(1);
    expect(await boundaryErrors("functions/src/db/x.ts", 'import { users as value } from "../modules/users/users.tables.js";')).toHaveLength(1);
  });

  it("when a schemas file imports anything but zod and common.schemas, then lint fails", async () => {
    const [result] = await eslint.lintText('import { toDollars } from "../../lib/money.js";\nexport const value = toDollars;\n', {
      filePath: `${root}functions/src/modules/orders/orders.schemas.ts`,
    });
    expect(result!.messages.map((message) => message.ruleId)).toContain("no-restricted-imports");
  });

  it("when a module uses another's service and schemas, and its own files, then lint passes", async () => {
    const code = [
      'import type { OrdersService } from "../orders/orders.service.js";',
      'import { order } from "../orders/orders.schemas.js";',
      'import { idParams } from "../common.schemas.js";',
      'import * as repository from "./payments.repository.js";',
      "const value: [OrdersService | null, unknown, unknown, unknown] = [null, order, idParams, repository];",
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
