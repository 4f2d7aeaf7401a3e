import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: {
    // The API's request and response schemas, imported from the server so both sides share them.
    alias: { "@api": fileURLToPath(new URL("../functions/src/modules", import.meta.url)) },
  },
  esbuild: { jsx: "automatic" },
  server: { proxy: { "/api": "http://127.0.0.1:5000" } },
  build: { outDir: "dist", emptyOutDir: true },
});
