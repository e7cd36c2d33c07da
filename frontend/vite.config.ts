/// <reference types="vitest/config" />
import { defineConfig } from "vite";

// The edge serves dist/ in production; in `vite dev`, /api and /img go to a running edge.
export default defineConfig({
  oxc: { jsx: { runtime: "automatic" } },
  build: { target: "es2022", cssCodeSplit: false, reportCompressedSize: true },
  server: {
    proxy: { "/api": "http://127.0.0.1:8080", "/img": "http://127.0.0.1:8080" },
  },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test-setup.ts"],
  },
});
