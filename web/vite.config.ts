import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * reactfire (on the pages that follow orders live) imports every Firebase product from one file, and
 * those packages do not declare themselves free of side effects, so without this Rollup would ship
 * Storage, Functions and Remote Config with it. The shop uses Auth and Firestore; the rest is dropped
 * when nothing calls it, and the Realtime Database, which reactfire keeps alive, is a stub.
 */
const UNUSED_FIREBASE_PRODUCTS = /[\\/]node_modules[\\/](@firebase[\\/](functions|storage|remote-config)|firebase[\\/](functions|storage|remote-config))[\\/]/;

export default defineConfig({
  resolve: {
    alias: [
      // The API's request and response schemas, imported from the server so both sides share them.
      { find: /^@api\//, replacement: `${fileURLToPath(new URL("../functions/src/modules", import.meta.url))}/` },
      { find: /^@\//, replacement: `${fileURLToPath(new URL("./src", import.meta.url))}/` },
      { find: /^firebase\/database$/, replacement: fileURLToPath(new URL("./src/lib/unused-firebase-database.ts", import.meta.url)) },
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
      treeshake: { moduleSideEffects: (id) => !UNUSED_FIREBASE_PRODUCTS.test(id) },
      onwarn(warning, warn) {
        // "use client" directives (meant for server components) and zod's comment placement are harmless here.
        if (warning.code === "MODULE_LEVEL_DIRECTIVE" || warning.code === "INVALID_ANNOTATION") return;
        warn(warning);
      },
    },
  },
});
