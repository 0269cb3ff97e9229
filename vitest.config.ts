import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import { vitePageEmbed } from "./scripts/page-embed.js";

export default defineConfig({
  // The explorer page's browser script, bundled and embedded as text as tsup does (scripts/page-embed.ts).
  plugins: [vitePageEmbed()],
  test: {
    // `npm test`, the suite a contributor runs. The integration suite (other runtimes, the
    // notebook, Chromium, packaging, load, the official client) has its own configuration and
    // tools: test/integration/vitest.config.ts, `npm run test:integration`.
    include: ["test/**/*.test.ts"],
    exclude: [...configDefaults.exclude, "test/integration/**"],
    // fast-check's defaults for every property: modest counts, a new seed each run (FG_SEED replays one).
    setupFiles: ["test/support/fast-check-setup.ts"],
    // Vitest's default is one worker per core minus one: a single worker on 2 cores, idle while a
    // file waits on its child processes (CLI runs, servers, the browser). Two files at a time keep
    // both cores busy there; larger machines keep the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Property tests and the embedded mainnet registry take a few seconds on a shared 2-core box.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
