import { defineConfig } from "tsup";

export default defineConfig([
  {
    // The library: the pure core (".") and the Node-only helpers ("./node").
    entry: { index: "src/index.ts", node: "src/node/index.ts" },
    format: ["esm", "cjs"],
    // Shared chunks in CJS too, so both entries see one FungibleError class (instanceof works).
    splitting: true,
    dts: true,
    sourcemap: true,
    clean: true,
    target: "node20",
  },
  {
    entry: { cli: "src/cli/main.ts" },
    format: ["esm"],
    banner: { js: "#!/usr/bin/env node" },
    sourcemap: true,
    target: "node20",
  },
]);
