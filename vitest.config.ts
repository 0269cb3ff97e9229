import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import { vitePageEmbed } from "./scripts/page-embed.js";

/**
 * Suites of the integration run rather than `npm test`: each starts processes (the built command,
 * `serve`, servers it then loads or times), which is what made the fast suite take minutes. They
 * stay where they are (test/cli, test/node, ...) and run in `npm run test:integration` and CI
 * (test/integration/vitest.config.ts includes them). What tests the library's rules stays here,
 * including the few suites that run one process to check a rule (the CommonJS build's brand, the
 * English messages, the examples).
 */
export const PROCESS_SUITES = [
  // The command line, run as `node dist/cli.js` (test/cli/run-cli.ts).
  "test/cli/{cases,commands,compile-out,export,forged-lines,grammar,pipe,terminal,wiring}.test.ts",
  "test/cli/{publish-serve,serve,serve-config,serve-conformance,serve-reload}.test.ts",
  "test/{explain/cli,explain/destinations-cli,msgs/cli-msgs,msgs/cli-resume,state/cli,state/keep-known,state/serve,safe-text/cli}.test.ts",
  "test/docs/{cli-doc,readme-cli}.test.ts",
  "test/faults/{file-arguments,stop-during-reload,http-edges,raw-paths}.test.ts",
  // The Node server: started as `serve`, loaded with slow and idle clients, timed.
  "test/node/{analysis-thread,connection-bounds,connections,health-under-load,one-loader,replay,replay-post,server-edges,start-server-options,svg-thread,tampered-dataset}.test.ts",
  "test/http/server.test.ts",
];

export default defineConfig({
  // The explorer page's browser script, bundled and embedded as text as tsup does (scripts/page-embed.ts).
  plugins: [vitePageEmbed()],
  test: {
    // `npm test`, the suite a contributor runs. The integration suite (other runtimes, the
    // notebook, Chromium, packaging, load, the official client, and PROCESS_SUITES) has its own
    // configuration and tools: test/integration/vitest.config.ts, `npm run test:integration`.
    include: ["test/**/*.test.ts"],
    exclude: [...configDefaults.exclude, "test/integration/**", ...PROCESS_SUITES],
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
