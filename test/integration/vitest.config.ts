// `npm run test:integration`: the suites that need more than the root install or take minutes,
// the packed package on Deno, Bun and workerd, the notebook, the explorer page in Chromium,
// packaging (npm pack, arethetypeswrong, publint, installs into fresh projects), load (raw HTTP
// fuzz, killed workers), the official @skip-go/client, and the suites of the root folders that
// start processes or time themselves (the command line, `serve`, the Node server under load:
// PROCESS_SUITES). Their tools are this folder's own package (npm ci --prefix test/integration);
// the rest of the setup is the root configuration's. Every file runs isolated (vitest's default):
// these files start processes and servers, where a fresh module graph each costs little.
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import root, { PROCESS_SUITES, shared } from "../../vitest.config.js";

export default defineConfig({
  plugins: root.plugins,
  root: fileURLToPath(new URL("../../", import.meta.url)),
  test: {
    ...shared,
    include: ["test/integration/**/*.test.ts", ...PROCESS_SUITES],
    exclude: [...configDefaults.exclude],
  },
});
