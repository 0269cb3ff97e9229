/**
 * Each command of the built CLI wired to the same answers: one run per command whose `--json`
 * equals the HTTP service's answer to the same question (the fetch handler called in-process), or
 * for validate and compile, which have no endpoint, the library's (fixtures/http-registry.json).
 * The rules themselves are tested once, on the library; this only proves the wiring.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { explain } from "../../src/entries/explain.js";
import { loadRouter, parseRegistry, validateRegistry } from "../../src/index.js";
import { createFetchHandler } from "../../src/entries/http.js";
import { ASTRO_CW20, ATOM_ON_NEUTRON_VIA_OSMOSIS, FIXTURE_PATH, fixtureGraph, USDC_ON_ETHEREUM } from "../http/fixture.js";
import { runCli, startServe, type ServeProcess } from "./run-cli.js";

const REG = ["--registry", FIXTURE_PATH];
/** An answer as it crosses a process boundary: JSON, so `undefined` fields are gone. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

async function jsonOf(args: string[], code = 0): Promise<unknown> {
  const result = await runCli([...args, ...REG, "--json"]);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(code);
  return JSON.parse(result.stdout);
}

// The HTTP service in-process (no server), as the http tests call it: what each --json must print.
const service = createFetchHandler(fixtureGraph());
async function httpJson(path: string, body?: unknown): Promise<unknown> {
  const init = body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const response = await service(new Request(`http://fungible.test${path}`, init));
  expect(response.status).toBe(200);
  return response.json();
}

describe.concurrent("each command's --json is the HTTP service's answer to the same question", () => {
  it("from-source <chain_id>:<denom>: POST /v2/fungible/assets_from_source", async () => {
    const http = await httpJson("/v2/fungible/assets_from_source", { source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom", allow_multi_tx: true });
    expect(Object.keys((http as { dest_assets: object }).dest_assets).length).toBeGreaterThan(1);
    expect(await jsonOf(["from-source", "cosmoshub-4:uatom", "--allow-multi-tx"])).toEqual(http);
  });

  it("between: POST /v2/fungible/assets_between_chains", async () => {
    const http = await httpJson("/v2/fungible/assets_between_chains", { source_chain_id: "1", dest_chain_id: "osmosis-1", include_evm_assets: true, allow_multi_tx: true });
    expect((http as { assets_between_chains: unknown[] }).assets_between_chains.length).toBeGreaterThan(0);
    expect(await jsonOf(["between", "1", "osmosis-1", "--include-evm-assets", "--allow-multi-tx"])).toEqual(http);
  });

  it("route: GET /fungible-graph/v1/route", async () => {
    const to = `neutron-1:${ATOM_ON_NEUTRON_VIA_OSMOSIS}`;
    const http = await httpJson(`/fungible-graph/v1/route?from=cosmoshub-4:uatom&to=${encodeURIComponent(to)}`);
    expect((http as { route: { hops: unknown[] } }).route.hops).toHaveLength(2);
    expect(await jsonOf(["route", "cosmoshub-4:uatom", to])).toEqual(http);
  });

  it("route with swaps, and no route (exit 1, route null)", async () => {
    const swapped = await httpJson(`/fungible-graph/v1/route?from=cosmoshub-4:uatom&to=osmosis-1:uosmo&include_swaps=true`);
    expect((swapped as { route: { hops: { kind: string }[] } }).route.hops.map((hop) => hop.kind)).toContain("swap");
    expect(await jsonOf(["route", "cosmoshub-4:uatom", "osmosis-1:uosmo", "--include-swaps"])).toEqual(swapped);
    const none = await httpJson(`/fungible-graph/v1/route?from=phoenix-1:${encodeURIComponent(ASTRO_CW20)}&to=cosmoshub-4:uatom`);
    expect(none).toEqual({ format: "json", route: null, text: null });
    expect(await jsonOf(["route", `phoenix-1:${ASTRO_CW20}`, "cosmoshub-4:uatom"], 1)).toEqual(none);
  });

  it("why: POST /fungible-graph/v1/explain", async () => {
    const request = { source_asset_chain_id: "axelar-dojo-1", source_asset_denom: "uusdc", dest_chain_id: "1", include_evm_assets: true };
    const http = await httpJson("/fungible-graph/v1/explain", request);
    expect((http as { reachable: boolean }).reachable).toBe(true);
    expect(http).toEqual(asJson(explain(fixtureGraph(), request)));
    expect(await jsonOf(["why", "axelar-dojo-1:uusdc", "1", "--include-evm-assets"])).toEqual(http);
  });

  it("chains: GET /fungible-graph/v1/chains", async () => {
    const http = await httpJson("/fungible-graph/v1/chains");
    expect((http as { chains: unknown[] }).chains).toHaveLength(fixtureGraph().chainIds().length);
    expect(await jsonOf(["chains"])).toEqual(http);
  });

  it("assets: GET /fungible-graph/v1/assets", async () => {
    const http = await httpJson("/fungible-graph/v1/assets?chain_id=osmosis-1");
    expect((http as { assets: unknown[] }).assets.length).toBeGreaterThan(1);
    expect(await jsonOf(["assets", "osmosis-1"])).toEqual(http);
  });
});

describe.concurrent("the commands without an HTTP twin answer what the library answers", () => {
  it("validate", async () => {
    const issues = validateRegistry(parseRegistry(JSON.parse(readFileSync(FIXTURE_PATH, "utf8"))));
    const fatal = issues.filter((issue) => issue.severity === "fatal").length;
    expect(await jsonOf(["validate"], fatal > 0 ? 1 : 0)).toEqual(asJson({ fatal, warnings: issues.length - fatal, issues }));
  });

  it("compile", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "fungible-wiring-")), "graph.json");
    const written = (await jsonOf(["compile", "--out", out])) as Record<string, unknown>;
    const text = readFileSync(out, "utf8");
    const dataset = await loadRouter({ dataset: text });
    expect(written).toEqual({
      out,
      chains: fixtureGraph().chainIds().length,
      listed_assets: fixtureGraph().registry.assets.length,
      bytes: Buffer.byteLength(text),
      data_version: dataset.dataVersion,
    });
  });
});

describe("serve", () => {
  let server: ServeProcess | undefined;
  afterAll(() => {
    server?.child.kill("SIGKILL");
  });

  it("answers a query as the library does", async () => {
    server = await startServe(["--port", "0", "--workers", "1", "--quiet", ...REG]);
    const request = { source_chain_id: "1", dest_chain_id: "osmosis-1", include_evm_assets: true, allow_multi_tx: true };
    const response = await fetch(`${server.url}/v2/fungible/assets_between_chains`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(request),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { assets_between_chains: { asset_on_source: { denom: string } }[] };
    expect(body).toEqual(asJson(fixtureGraph().assetsBetweenChains(request)));
    expect(body.assets_between_chains[0]!.asset_on_source.denom).toBe(USDC_ON_ETHEREUM);
  });
});
