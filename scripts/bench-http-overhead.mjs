#!/usr/bin/env node
// What the HTTP layer costs over a bare node:http handler doing the same query: "adapter" is a
// bare fetch function behind @hono/node-server, "hono" is the real service (startServer: Hono
// routing, content-type and size checks, error mapping). Loopback only; bounded:
// ROUNDS x 3 servers x SECONDS.
// Usage: npm run build && node scripts/bench-http-overhead.mjs [--seconds 5] [--rounds 2] [--connections 10]
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { importTool } from "./integration-tools.mjs";

// autocannon is one of the integration tools (test/integration/package.json), not a root devDependency.
const { default: autocannon } = await importTool("autocannon");

const { values } = parseArgs({
  options: {
    serve: { type: "string" },
    seconds: { type: "string", default: "5" },
    rounds: { type: "string", default: "2" },
    connections: { type: "string", default: "10" },
  },
});
const PATH = "/v2/fungible/assets_from_source";
const BODY = JSON.stringify({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" });
const FIXTURE = new URL("../fixtures/http-registry.json", import.meta.url);

if (values.serve) await serve(values.serve);
else await measure();

/** Child process: one server on a free loopback port; prints the port, runs until killed. */
async function serve(kind) {
  const { buildRouter, parseRegistry } = await import("../dist/index.js");
  const router = buildRouter(parseRegistry(JSON.parse(readFileSync(FIXTURE, "utf8"))));
  if (kind === "hono") {
    const { startServer } = await import("../dist/node.js");
    const server = await startServer({ router, port: 0, quiet: true });
    console.log(server.port);
    return;
  }
  if (kind === "adapter") {
    const { createAdaptorServer } = await import("@hono/node-server");
    const headers = { "content-type": "application/json; charset=utf-8" };
    const server = createAdaptorServer({
      fetch: async (request) => new Response(JSON.stringify(router.assetsFromSource(await request.json())), { headers }),
    });
    server.listen(0, "127.0.0.1", () => console.log(/** @type {import("node:net").AddressInfo} */ (server.address()).port));
    return;
  }
  // The same work without a framework: read, parse, query, write. No limits, no error mapping.
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const body = JSON.stringify(router.assetsFromSource(JSON.parse(Buffer.concat(chunks).toString("utf8"))));
      res.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(body);
    });
  });
  server.listen(0, "127.0.0.1", () => console.log(/** @type {import("node:net").AddressInfo} */ (server.address()).port));
}

async function measure() {
  const seconds = Number(values.seconds);
  const kinds = ["plain", "adapter", "hono"];
  const results = Object.fromEntries(kinds.map((kind) => [kind, []]));
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const kind of kinds) results[kind].push(await run(kind, seconds));
  }
  const best = (kind) => results[kind].reduce((a, b) => (b.rps > a.rps ? b : a));
  const plain = best("plain");
  console.log(`node ${process.version}, ${values.connections} connections, ${seconds}s x ${values.rounds} rounds, best round each`);
  for (const kind of kinds) {
    const r = best(kind);
    // Server CPU time per request, from throughput: the server is one process on one core.
    const extraUs = 1e6 / r.rps - 1e6 / plain.rps;
    const versus = kind === "plain" ? "" : `  ${((r.rps / plain.rps - 1) * 100).toFixed(1)}% vs node:http, +${extraUs.toFixed(1)} us/request`;
    console.log(`${kind.padEnd(8)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  (${r.errors} errors, ${r.non2xx} non-2xx)${versus}`);
  }
}

async function run(kind, seconds) {
  const child = spawn(process.execPath, [new URL(import.meta.url).pathname, "--serve", kind], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once("data", (chunk) => resolve(Number(String(chunk).trim())));
    child.once("exit", (code) => reject(new Error(`${kind} server exited (${code})`)));
  });
  try {
    const result = await autocannon({
      url: `http://127.0.0.1:${port}${PATH}`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: BODY,
      connections: Number(values.connections),
      duration: seconds,
    });
    return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
  } finally {
    child.kill("SIGKILL");
  }
}
