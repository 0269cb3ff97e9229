/**
 * The datasets the package ships (dist/data/, written by `npm run build`; FG_DIST: a private
 * build's) against routers built here from the installed chain-registry: same data_version, same
 * answers; an edited dataset is refused.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import { buildRouter, type AssetRouter } from "../../src/index.js";
import { FungibleError } from "../../src/index.js";
import { loadDataset } from "../../src/router/dataset-router.js";
import { routeIndexOfRouter } from "../../src/router/core.js";
import { loadChainRegistryWithIssues } from "../../src/entries/chain-registry.js";
import { canonicalAssets } from "../../src/model/model.js";

const DIST = process.env.FG_DIST ? `${process.env.FG_DIST.replace(/\/$/, "")}/` : fileURLToPath(new URL("../../dist/", import.meta.url));
if (!existsSync(`${DIST}data/mainnet.js`)) throw new Error("dist/data/mainnet.js is missing: run `npm run build` (npm test does it first)");

/** The shipped dataset's text: the default export of its module. */
async function shippedText(network: "mainnet" | "testnet"): Promise<string> {
  return ((await import(pathToFileURL(`${DIST}data/${network}.js`).href)) as { default: string }).default;
}

describe.each(["mainnet", "testnet"] as const)("the shipped %s dataset", (network) => {
  let built: AssetRouter;
  let shipped: AssetRouter;
  let text: string;

  beforeAll(async () => {
    const { registry, issues } = await loadChainRegistryWithIssues({ network });
    built = buildRouter(registry, { issues });
    text = await shippedText(network);
    shipped = loadDataset(text);
  });

  test("carries the data_version of the router built from the installed chain-registry, and its provenance", () => {
    expect(shipped.dataVersion).toBe(built.dataVersion);
    const version = JSON.parse(readFileSync(fileURLToPath(new URL("../../node_modules/chain-registry/package.json", import.meta.url)), "utf8")).version;
    expect(shipped.provenance).toMatchObject({ source: "chain-registry", network, chain_registry_version: version });
    // No build time in the shipped data: the same chain-registry compiles to the same bytes.
    expect(shipped.provenance.compiled_at).toBeUndefined();
    expect(shipped.notes).toEqual(built.notes);
  });

  test("read as the package's own (`shipped`: not hashed again, its model not re-checked), it is the router every check gives", () => {
    const own = loadDataset(text, { shipped: true });
    expect(own.dataVersion).toBe(shipped.dataVersion);
    expect(own.provenance).toEqual(shipped.provenance);
    expect(own.registry).toEqual(shipped.registry);
    expect(own.notes).toEqual(shipped.notes);
    expect(routeIndexOfRouter(own).model.facts).toEqual(routeIndexOfRouter(shipped).model.facts);
  });

  test("answers like the built router from a sample of sources and between busy chains", () => {
    const assets = canonicalAssets(routeIndexOfRouter(built).model);
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

  test("an edited symbol or a flipped bit is refused, naming the claimed and the computed data_version", () => {
    const claimed = JSON.parse(text).data_version as string;
    const symbol = canonicalAssets(routeIndexOfRouter(built).model).find((a) => a.listed && a.wire.symbol !== undefined && a.wire.symbol.length > 1)!.wire.symbol!;
    const edited = text.replace(`"${symbol}"`, `"${symbol.slice(1)}"`);
    expect(edited).not.toBe(text);
    const bytes = new TextEncoder().encode(text);
    // A bit of a letter in the middle of the string table: still JSON, another content.
    const at = text.indexOf(`"${symbol}"`) + 1;
    bytes[at] = bytes[at]! ^ 0x20;
    for (const data of [edited, bytes]) {
      const error = (() => {
        try {
          loadDataset(data);
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(FungibleError);
      expect(error).toMatchObject({ code: "invalid_dataset", message: expect.stringMatching(new RegExp(`hashes to sha256:[0-9a-f]{32}, not to its data_version ${claimed}`)) });
      expect((error as Error).message).not.toContain(`hashes to ${claimed}`);
    }
  });
});

test("the built package's loadRouter() loads the shipped mainnet dataset by the package's own name", async () => {
  const api = (await import(pathToFileURL(`${DIST}index.js`).href)) as typeof import("../../src/index.js");
  const router = await api.loadRouter();
  const testnet = await api.loadRouter({ network: "testnet" });
  expect(router.dataVersion).toBe(JSON.parse(await shippedText("mainnet")).data_version);
  expect(testnet.provenance.network).toBe("testnet");
  expect(router.assetsFromSource({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" }).dest_assets["osmosis-1"]).toBeDefined();
});
