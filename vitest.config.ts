import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { vitePageEmbed } from "./scripts/page-embed.js";

/**
 * Suites of the integration run rather than `npm test`: each starts processes (the built command,
 * `serve`, servers it then loads or times, scripts and examples run by `node`) or asserts on wall
 * time, which made the fast suite slow and flaky on a loaded machine. They stay where they are
 * (test/cli, test/node, ...) and run in `npm run test:integration` and CI
 * (test/integration/vitest.config.ts includes them). What tests the library's rules stays here.
 */
export const PROCESS_SUITES = [
  // The command line, run as `node dist/cli.js` (test/cli/run-cli.ts).
  "test/cli/{cases,commands,compile-out,export,forged-lines,grammar,pipe,terminal,wiring}.test.ts",
  "test/cli/{publish-serve,serve,serve-config,serve-conformance,serve-reload}.test.ts",
  "test/{explain/cli,explain/destinations-cli,msgs/cli-msgs,msgs/cli-resume,state/cli,state/keep-known-cli,state/serve,safe-text/cli,denom/ibc-decode-cli}.test.ts",
  "test/docs/{cli-doc,readme-cli}.test.ts",
  "test/faults/{file-arguments,stop-during-reload,http-edges,raw-paths,request-bounds}.test.ts",
  // The Node server: started as `serve`, loaded with slow and idle clients, timed.
  "test/node/{analysis-thread,connection-bounds,connections,health-under-load,one-loader,replay,replay-post,server-edges,start-server-options,svg-thread,tampered-dataset}.test.ts",
  "test/http/server.test.ts",
  // Built code and scripts run by `node`: the examples, the docs' examples, the CommonJS build's
  // brand, the English messages of a bare zod install, the venue refresh script.
  "test/{examples,docs/examples,router/router-brand,api/english-messages,registry/refresh-venues-script}.test.ts",
  // Wall time: backoffs and slots observed by the clock, explain's cost against its search.
  "test/{state/refresh-bounds,explain/bounds-timing}.test.ts",
];

/** What `npm test` leaves out: the integration folder and the suites above. */
export const FAST_EXCLUDE = [...configDefaults.exclude, "test/integration/**", ...PROCESS_SUITES];

/**
 * Test files that replace modules or globals (vi.mock, vi.doMock, vi.stubGlobal, vi.resetModules ...).
 * Vitest undoes none of that between files that share a module graph (isolate: false), so these
 * run isolated, each in a fresh one; found by reading the files, so a new one is never missed.
 */
const REPLACES_MODULES = /\bvi\.(mock|doMock|unmock|doUnmock|stubGlobal|stubEnv|resetModules)\b/;
export function moduleReplacingSuites(): string[] {
  const root = new URL("./", import.meta.url);
  return readdirSync(new URL("test/", root), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts") && !file.startsWith("integration/"))
    .map((file) => `test/${file}`)
    .filter((file) => REPLACES_MODULES.test(readFileSync(new URL(file, root), "utf8")));
}

/** Options both suites share (test/integration/vitest.config.ts spreads them). */
export const shared = {
  // fast-check's defaults for every property: modest counts, a new seed each run (FG_SEED replays one);
  // values a file builds once (routers) forgotten before each file (test/support/per-file.ts).
  setupFiles: ["test/support/fast-check-setup.ts", "test/support/per-file-setup.ts"],
  // Vitest's default is one worker per core minus one: a single worker on 2 cores, idle while a
  // file waits on a child process or a local server. Two files at a time keep both cores busy
  // there; larger machines keep the default.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  // Property tests and the embedded mainnet registry take a few seconds on a shared 2-core box.
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

const replacing = moduleReplacingSuites();
const project = (test: TestProjectInlineConfiguration["test"]): TestProjectInlineConfiguration => ({ extends: true, test });

export default defineConfig({
  // The explorer page's browser script, bundled and embedded as text as tsup does (scripts/page-embed.ts).
  plugins: [vitePageEmbed()],
  test: {
    // `npm test`, the suite a contributor runs. The integration suite (other runtimes, the
    // notebook, Chromium, packaging, load, the official client, and PROCESS_SUITES) has its own
    // configuration and tools: test/integration/vitest.config.ts, `npm run test:integration`.
    ...shared,
    projects: [
      // Most files share one module graph per worker (isolate: false): src, zod's schemas and the
      // test helpers are evaluated once per worker, not once per file, which was half of the
      // suite's CPU time. They replace no module or global (moduleReplacingSuites), and what a file
      // builds and may change (routers) is its own (test/support/per-file.ts).
      project({ name: "shared", include: ["test/**/*.test.ts"], exclude: [...FAST_EXCLUDE, ...replacing], isolate: false }),
      project({ name: "isolated", include: replacing, exclude: FAST_EXCLUDE, isolate: true }),
    ],
  },
});
