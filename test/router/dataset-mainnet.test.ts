/**
 * The datasets the package ships (dist/data/, written by `npm run build`) against graphs built
 * here from the installed chain-registry: same data_version, same model, same answers.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import { buildRouter, type AssetRouter } from "../../src/index.js";
import { loadDataset } from "../../src/dataset/dataset.js";
import { routeIndexOfRouter } from "../../src/router/build-router.js";
import { loadChainRegistryWithIssues } from "../../src/registry/load-chain-registry.js";

const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));
if (!existsSync(`${DIST}data/mainnet.json`)) throw new Error("dist/data/mainnet.json is missing: run `npm run build` (npm test does it first)");

describe.each(["mainnet", "testnet"] as const)("the shipped %s dataset", (network) => {
  let built: AssetRouter;
  let shipped: AssetRouter;
  let text: string;

  beforeAll(async () => {
    const { registry, issues } = await loadChainRegistryWithIssues({ network });
    built = buildRouter(registry, { issues });
    text = readFileSync(`${DIST}data/${network}.json`, "utf8");
    shipped = loadDataset(text);
  });

  test("carries the data_version of the router built from the installed chain-registry, and its provenance", () => {
    expect(shipped.dataVersion).toBe(built.dataVersion);
    expect(loadDataset(text, { verify: true }).dataVersion).toBe(built.dataVersion);
    const version = JSON.parse(readFileSync(fileURLToPath(new URL("../../node_modules/chain-registry/package.json", import.meta.url)), "utf8")).version;
    expect(shipped.provenance).toMatchObject({ source: "chain-registry", network, chain_registry_version: version });
    expect(shipped.provenance.compiled_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(shipped.notes).toEqual(built.notes);
  });

  test("answers like the built router from a sample of sources and between busy chains", () => {
    const assets = routeIndexOfRouter(built).model.assets;
    // Every 97th asset, listed and derived alike: hundreds of sources on mainnet.
    for (let i = 0; i < assets.length; i += 97) {
      const request = { source_asset_denom: assets[i]!.denom, source_asset_chain_id: assets[i]!.chainId, allow_multi_tx: true, include_cw20_assets: true };
      expect(shipped.assetsFromSource(request)).toEqual(built.assetsFromSource(request));
    }
    const chains = built.chainIds().slice(0, 8);
    for (const from of chains) {
      for (const to of chains) {
        if (from !== to) expect(shipped.assetsBetweenChains({ source_chain_id: from, dest_chain_id: to })).toEqual(built.assetsBetweenChains({ source_chain_id: from, dest_chain_id: to }));
      }
    }
  });

  test("restores the built model record for record", () => {
    const a = routeIndexOfRouter(built).model;
    const b = routeIndexOfRouter(shipped).model;
    const facts = (model: typeof a) =>
      model.assets.map((x) => [x.chainIndex, x.denom, x.trace, x.originChainId, x.originDenom, x.listed, x.hasMetadata, x.isCw20, x.isEvm].join("|"));
    expect(facts(b)).toEqual(facts(a));
    expect(b.assets.filter((x) => x.listed).map((x) => x.wire)).toEqual(a.assets.filter((x) => x.listed).map((x) => x.wire));
    expect(b.hops).toEqual(a.hops);
  });
});

test("the built package's loadRouter() loads the shipped mainnet dataset by the package's own name", async () => {
  const api = (await import(pathToFileURL(`${DIST}index.js`).href)) as typeof import("../../src/index.js");
  const router = await api.loadRouter();
  const testnet = await api.loadRouter({ network: "testnet" });
  expect(router.dataVersion).toBe(JSON.parse(readFileSync(`${DIST}data/mainnet.json`, "utf8")).data_version);
  expect(testnet.provenance.network).toBe("testnet");
  expect(router.assetsFromSource({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" }).dest_assets["osmosis-1"]).toBeDefined();
});
