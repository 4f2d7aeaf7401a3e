import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: {
    alias: [
      // The API's request and response schemas, imported from the server so both sides share them.
      { find: /^@api\//, replacement: `${fileURLToPath(new URL("../functions/src/modules", import.meta.url))}/` },
      { find: /^@\//, replacement: `${fileURLToPath(new URL("./src", import.meta.url))}/` },
    ],
  },
  esbuild: { jsx: "automatic" },
  server: { proxy: { "/api": "http://127.0.0.1:5000" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    reportCompressedSize: true,
    // The entry chunk is measured against its own budget by scripts/first-load-size.mjs.
    chunkSizeWarningLimit: 700,
    // scripts/first-load-size.mjs reads it to add up what the home page loads first.
    manifest: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // "use client" directives (meant for server components) and zod's comment placement are harmless here.
        if (warning.code === "MODULE_LEVEL_DIRECTIVE" || warning.code === "INVALID_ANNOTATION") return;
        warn(warning);
      },
    },
  },
});
