import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // The index of every module's tables (each declared in its module's *.tables.ts).
  schema: "./src/db/schema.ts",
  out: "./drizzle",
});
