import { defineConfig } from "vite";

// The server entry as one self-contained script (what the edge renders): React,
// the router and SWR bundled in (`noExternal`), browser builds of them (`webworker`: no
// Node built-ins), as an IIFE that sets `globalThis.VitrineSsr`, which an embedded engine
// evaluates as a plain script. Written to dist-ssr/, apart from the client build in dist/.
export default defineConfig({
  oxc: { jsx: { runtime: "automatic" } },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  ssr: { noExternal: true, target: "webworker" },
  publicDir: false,
  build: {
    ssr: "src/entry-server.tsx",
    outDir: "dist-ssr",
    target: "es2022",
    minify: true,
    rollupOptions: {
      output: { format: "iife", name: "VitrineSsr" },
      // One file run as a script: React's and SWR's "use client" marks mean nothing there.
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
    },
  },
});
