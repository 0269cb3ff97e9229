/**
 * Each command of the built CLI wired to the library: one run per command whose JSON answer
 * equals what the library answers for the same question (fixtures/http-registry.json). The
 * rules themselves are tested once, on the library; this only proves the wiring.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { explain } from "../../src/entries/explain.js";
import { loadRouter, parseRegistry, validateRegistry } from "../../src/index.js";
import { ATOM_ON_NEUTRON_VIA_OSMOSIS, FIXTURE_PATH, fixtureGraph, USDC_ON_ETHEREUM } from "../http/fixture.js";
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

describe.concurrent("each command answers what the library answers", () => {
  it("from-source <chain_id>:<denom>", async () => {
    const library = fixtureGraph().assetsFromSource({ source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom", allow_multi_tx: true });
    expect(await jsonOf(["from-source", "cosmoshub-4:uatom", "--allow-multi-tx"])).toEqual(asJson(library));
  });

  it("between", async () => {
    const library = fixtureGraph().assetsBetweenChains({ source_chain_id: "1", dest_chain_id: "osmosis-1", include_evm_assets: true, allow_multi_tx: true });
    expect(library.assets_between_chains.length).toBeGreaterThan(0);
    expect(await jsonOf(["between", "1", "osmosis-1", "--include-evm-assets", "--allow-multi-tx"])).toEqual(asJson(library));
  });

  it("route", async () => {
    const library = fixtureGraph().route({ chain_id: "cosmoshub-4", denom: "uatom" }, { chain_id: "neutron-1", denom: ATOM_ON_NEUTRON_VIA_OSMOSIS });
    expect(library?.hops.length).toBe(2);
    expect(await jsonOf(["route", "cosmoshub-4:uatom", `neutron-1:${ATOM_ON_NEUTRON_VIA_OSMOSIS}`])).toEqual(asJson(library));
  });

  it("why", async () => {
    const library = explain(fixtureGraph(), { source_asset_chain_id: "axelar-dojo-1", source_asset_denom: "uusdc", dest_chain_id: "1", include_evm_assets: true });
    expect(library.reachable).toBe(true);
    expect(await jsonOf(["why", "axelar-dojo-1:uusdc", "1", "--include-evm-assets"])).toEqual(asJson(library));
  });

  it("chains", async () => {
    expect(await jsonOf(["chains"])).toEqual(asJson(fixtureGraph().chains()));
  });

  it("assets", async () => {
    const library = fixtureGraph().assetsOnChain("osmosis-1");
    expect(await jsonOf(["assets", "osmosis-1"])).toEqual(asJson(library));
  });

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
