import { defineConfig } from "tsup";

export default defineConfig([
  {
    // The library: the pure core (".") and the Node-only helpers ("./node").
    entry: { index: "src/index.ts", node: "src/node/index.ts" },
    format: ["esm", "cjs"],
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
