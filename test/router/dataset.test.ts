/**
 * Datasets: a router loaded from a dataset answers like the router `buildRouter` builds from the
 * same registry, with the same data_version (a hash of the content, not of its encoding);
 * anything that is not an intact dataset is refused whole.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { buildRouter, compileDataset, FungibleError, ibcDenom, loadRouter, parseRegistry, ROUTER_BRAND, type AssetRouter, type RegistryInput } from "../../src/index.js";
import { DATASET_FORMAT } from "../../src/dataset/dataset.js";
import { dataVersionOf } from "../../src/dataset/data-version.js";
import { decodeRegistry } from "../../src/dataset/format.js";
import { routeIndexOfRouter } from "../../src/router/core.js";
import { loadDataset } from "../../src/router/dataset-router.js";
import { applyOverrides, parseOverrides } from "../../src/registry/overrides.js";
import { arbitraryRegistry } from "../support/arbitrary-registry.js";
import { DENOMS, fixtureRegistry } from "../support/fixtures.js";
import { propertyRuns } from "../support/property-runs.js";
import { canonicalAssets } from "../../src/model/model.js";

const COMPILED_AT = "2026-01-01T00:00:00.000Z";

function roundTrip(router: AssetRouter): AssetRouter {
  return loadDataset(compileDataset(router, { compiledAt: COMPILED_AT }));
}

/** Every query kind, from every asset (and every chain pair), must answer alike. */
function expectSameAnswers(built: AssetRouter, loaded: AssetRouter): void {
  expect(loaded.chainIds()).toEqual(built.chainIds());
  const assets = canonicalAssets(routeIndexOfRouter(built).model);
  const flags = [{}, { allow_multi_tx: true, include_cw20_assets: true, include_evm_assets: true, include_no_metadata_assets: true }];
  for (const asset of assets) {
    for (const extra of flags) {
      const request = { source_asset_denom: asset.denom, source_asset_chain_id: asset.chainId, ...extra };
      expect(loaded.assetsFromSource(request)).toEqual(built.assetsFromSource(request));
    }
    const swaps = { source_asset_denom: asset.denom, source_asset_chain_id: asset.chainId, include_swaps: true, allow_multi_tx: true };
    expect(loaded.assetsFromSource(swaps)).toEqual(built.assetsFromSource(swaps));
  }
  for (const from of built.chainIds()) {
    for (const to of built.chainIds()) {
      if (to === from) continue;
      for (const extra of flags) {
        const request = { source_chain_id: from, dest_chain_id: to, ...extra };
        expect(loaded.assetsBetweenChains(request)).toEqual(built.assetsBetweenChains(request));
      }
    }
  }
  for (const from of assets.slice(0, 12)) {
    for (const to of assets.slice(-12)) {
      const a = { chain_id: from.chainId, denom: from.denom };
      const b = { chain_id: to.chainId, denom: to.denom };
      expect(loaded.route(a, b, { include_swaps: true })).toEqual(built.route(a, b, { include_swaps: true }));
    }
  }
}

describe("a loaded dataset is the built graph", () => {
  test("same registry, answers, data_version and model facts, on generated registries", () => {
    fc.assert(
      fc.property(arbitraryRegistry(), (input) => {
        const built = buildRouter(parseRegistry(input));
        const loaded = roundTrip(built);
        expect(loaded.dataVersion).toBe(built.dataVersion);
        expect(loaded.registry).toEqual(built.registry);
        // Answers first: they must not depend on the lazy parts having been read in bulk.
        expectSameAnswers(built, loaded);
        expect(routeIndexOfRouter(loaded).model.facts).toEqual(routeIndexOfRouter(built).model.facts);
        expect(routeIndexOfRouter(loaded).model.hops).toEqual(routeIndexOfRouter(built).model.hops);
      }),
      { numRuns: propertyRuns(25) },
    );
  });

  test("the Cosmos fixture: data_version, provenance, notes and every answer", () => {
    const registry = parseRegistry(fixtureRegistry("cosmos-small.json"));
    const built = buildRouter(registry, { provenance: { source: "registry" } });
    const text = compileDataset(built, { compiledAt: COMPILED_AT });
    const loaded = loadDataset(new TextEncoder().encode(text));
    expect(JSON.parse(text)).toMatchObject({ format: DATASET_FORMAT, data_version: built.dataVersion });
    expect(loaded.provenance).toEqual({ source: "registry", compiled_at: COMPILED_AT });
    // No build time unless the caller gives one: the same registry compiles to the same bytes.
    expect(JSON.parse(compileDataset(built)).provenance).toEqual({ source: "registry" });
    expect(compileDataset(built)).toBe(compileDataset(buildRouter(registry, { provenance: { source: "registry" } })));
    expect(loaded.notes).toEqual(built.notes);
    expect(loaded.dataVersion).toMatch(/^sha256:[0-9a-f]{32}$/);
    expectSameAnswers(built, loaded);
    // Compiling a loaded graph gives the same dataset back.
    expect(compileDataset(loaded, { compiledAt: COMPILED_AT })).toBe(text);
  });

  test("a multi-hop voucher whose predecessor is derived, a shared channel end and a listed denom a derived voucher also has", () => {
    const hop1 = ibcDenom("transfer/channel-1", "ua");
    const input: RegistryInput = {
      chains: [{ chain_id: "a-1" }, { chain_id: "b-1", pfm_enabled: true }, { chain_id: "c-1" }, { chain_id: "d-1" }],
      assets: [
        { chain_id: "a-1", denom: "ua", symbol: "A" },
        // Listed two hops out: its hop back is to the derived voucher of ua on b-1.
        { chain_id: "c-1", denom: ibcDenom("transfer/channel-3/transfer/channel-1", "ua"), trace: "transfer/channel-3/transfer/channel-1", origin_chain_id: "a-1", origin_denom: "ua" },
        // Lists the derived voucher's denom under another origin: the derived voucher takes the key.
        { chain_id: "d-1", denom: ibcDenom("transfer/channel-9", "ua"), trace: "transfer/channel-9", origin_chain_id: "b-1", origin_denom: "ua", symbol: "X" },
      ],
      ibc_channels: [
        { chain_1: { chain_id: "a-1", channel_id: "channel-0" }, chain_2: { chain_id: "b-1", channel_id: "channel-1" }, status: "ACTIVE" },
        { chain_1: { chain_id: "b-1", channel_id: "channel-2" }, chain_2: { chain_id: "c-1", channel_id: "channel-3" }, status: "ACTIVE" },
        { chain_1: { chain_id: "a-1", channel_id: "channel-8" }, chain_2: { chain_id: "d-1", channel_id: "channel-9" }, status: "ACTIVE" },
        // The same b-1 end listed again with another counterparty: the first listing wins.
        { chain_1: { chain_id: "c-1", channel_id: "channel-7" }, chain_2: { chain_id: "b-1", channel_id: "channel-1" }, status: "ACTIVE" },
      ],
    };
    const built = buildRouter(parseRegistry(input));
    const loaded = roundTrip(built);
    const model = routeIndexOfRouter(built).model;
    expect(canonicalAssets(model).some((a) => !a.listed && a.denom === hop1)).toBe(true);
    expect(model.assetIndexOf("d-1", ibcDenom("transfer/channel-9", "ua"))).toBeGreaterThan(2);
    expect(routeIndexOfRouter(loaded).model.assetIndexOf("d-1", ibcDenom("transfer/channel-9", "ua"))).toBe(model.assetIndexOf("d-1", ibcDenom("transfer/channel-9", "ua")));
    expect(JSON.parse(compileDataset(built)).model.shadowing).toEqual(["d-1"]);
    expectSameAnswers(built, loaded);
    expect(routeIndexOfRouter(loaded).model.hops).toEqual(model.hops);
  });
});

describe("overrides on a dataset", () => {
  const registry = parseRegistry(fixtureRegistry("cosmos-small.json"));
  const built = buildRouter(registry);
  const text = compileDataset(built, { compiledAt: COMPILED_AT });
  const overrides = parseOverrides({ overrides: [{ chain_id: "cosmoshub-4", denom: "uatom", symbol: "ATOM2", logo_uri: "https://example.org/atom.svg" }] });

  test("answer with the overridden metadata and take the data_version of the overridden registry", () => {
    const loaded = loadDataset(text, { overrides });
    const expected = buildRouter(applyOverrides(registry, overrides));
    expect(loaded.dataVersion).toBe(expected.dataVersion);
    expect(loaded.dataVersion).not.toBe(built.dataVersion);
    expect(loaded.provenance.overrides_hash).toMatch(/^sha256:/);
    const request = { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" };
    expect(loaded.assetsFromSource({ source_asset_denom: "uosmo", source_asset_chain_id: "osmosis-1" })).toEqual(
      expected.assetsFromSource({ source_asset_denom: "uosmo", source_asset_chain_id: "osmosis-1" }),
    );
    expect(loaded.route({ chain_id: "cosmoshub-4", denom: "uatom" }, { chain_id: "osmosis-1", denom: DENOMS.atomOnOsmosis })?.from.symbol).toBe("ATOM2");
    expect(loaded.assetsFromSource(request)).toEqual(expected.assetsFromSource(request));
  });

  test("through loadRouter({ dataset, overrides }), and an override of an unlisted asset is an error naming it", async () => {
    const loaded = await loadRouter({ dataset: text, overrides });
    expect(loaded.dataVersion).toBe(loadDataset(text, { overrides }).dataVersion);
    const missing = { overrides: [{ chain_id: "cosmoshub-4", denom: "unothing", symbol: "X" }] };
    await expect(loadRouter({ dataset: text, overrides: missing })).rejects.toThrow(/unothing/);
  });
});

describe("what is not a dataset is refused whole", () => {
  const input: RegistryInput = {
    chains: [{ chain_id: "a-1" }, { chain_id: "b-1" }],
    assets: [{ chain_id: "a-1", denom: "ua", symbol: "A" }],
    ibc_channels: [{ chain_1: { chain_id: "a-1", channel_id: "channel-0" }, chain_2: { chain_id: "b-1", channel_id: "channel-0" }, status: "ACTIVE" }],
  };
  const dataset = JSON.parse(compileDataset(buildRouter(parseRegistry(input)), { compiledAt: COMPILED_AT }));
  const tamper = (change: (d: typeof dataset) => void) => {
    const copy = structuredClone(dataset);
    change(copy);
    return () => loadDataset(JSON.stringify(copy));
  };
  /** A change with the data_version hashed again from the changed content: past the integrity check. */
  const resigned = (change: (d: typeof dataset) => void) =>
    tamper((d) => {
      change(d);
      d.data_version = dataVersionOf(decodeRegistry(d.registry, (why) => new FungibleError("invalid_dataset", why)), d.notes, d.model);
    });
  const refusal = (load: () => unknown, message: RegExp) => {
    try {
      load();
    } catch (error) {
      expect(error).toBeInstanceOf(FungibleError);
      expect((error as FungibleError).code).toBe("invalid_dataset");
      expect((error as FungibleError).status).toBe(400);
      expect((error as FungibleError).message).toMatch(message);
      return;
    }
    throw new Error("loaded");
  };

  test("the untouched dataset loads", () => {
    expect(loadDataset(JSON.stringify(dataset)).chainIds()).toEqual(["a-1", "b-1"]);
  });

  test("foreign, truncated or future text", () => {
    refusal(() => loadDataset("not json"), /not JSON/);
    refusal(() => loadDataset(JSON.stringify(dataset).slice(0, 200)), /not JSON/);
    refusal(() => loadDataset(JSON.stringify(input)), /not a fungible-graph dataset/);
    refusal(() => loadDataset("[]"), /not a fungible-graph dataset/);
    refusal(tamper((d) => (d.format = "fungible-graph-dataset/2")), /"fungible-graph-dataset\/2" is not supported/);
    refusal(tamper((d) => delete d.model), /model/);
    refusal(tamper((d) => (d.registry.assets.denom = ["x"])), /expected an array of integers/);
    refusal(tamper((d) => (d.registry.strings = [1])), /expected an array of strings/);
  });

  test("indexes that point outside the dataset", () => {
    refusal(tamper((d) => (d.registry.assets.denom[0] = 999)), /assets row 0: string 999/);
    refusal(tamper((d) => d.registry.assets.symbol.pop()), /assets: column "symbol"/);
    refusal(tamper((d) => (d.registry.chains.chain_type[1] = 9)), /chains row 1: 9 is not one of/);
    refusal(tamper((d) => (d.registry.chains.chain_id[1] = d.registry.chains.chain_id[0])), /hashes to sha256:[0-9a-f]{32}, not to its data_version/);
    // Consistent hash, broken references: the registry's own checks (parseRegistry's) refuse it.
    refusal(resigned((d) => (d.registry.chains.chain_id[1] = d.registry.chains.chain_id[0])), /registry\.chains\.1\.chain_id: duplicate chain "a-1"/);
    refusal(resigned((d) => d.registry.strings.push("nowhere-1") && (d.registry.assets.chain_id[0] = d.registry.strings.length - 1)), /unknown chain "nowhere-1"/);
    // The model is part of the content: an edit of it no longer hashes to data_version...
    refusal(tamper((d) => (d.model.derived_end[0] = 40)), /hashes to sha256:[0-9a-f]{32}, not to its data_version/);
    // ...and hashed again, it is checked against the registry beside it.
    refusal(resigned((d) => (d.model.derived_end[0] = 40)), /channel end 40/);
    refusal(resigned((d) => (d.model.derived_origin[0] = 5)), /not a native asset/);
    refusal(resigned((d) => d.model.predecessor.push(0)), /one entry per listed asset/);
    refusal(tamper((d) => (d.data_version = "md5:1")), /data_version/);
  });

  test("a model edited so a voucher steps back over a channel its chain lacks is refused, hashed again or not", () => {
    // A voucher of ua listed on b-1, and a second channel (a-1 <-> c-1) that b-1 is not on.
    const withVoucher: RegistryInput = {
      chains: [{ chain_id: "a-1" }, { chain_id: "b-1" }, { chain_id: "c-1" }],
      assets: [
        { chain_id: "a-1", denom: "ua", symbol: "A" },
        { chain_id: "b-1", denom: ibcDenom("transfer/channel-0", "ua"), trace: "transfer/channel-0", origin_chain_id: "a-1", origin_denom: "ua", symbol: "A" },
      ],
      ibc_channels: [
        { chain_1: { chain_id: "a-1", channel_id: "channel-0" }, chain_2: { chain_id: "b-1", channel_id: "channel-0" }, status: "ACTIVE" },
        { chain_1: { chain_id: "a-1", channel_id: "channel-1" }, chain_2: { chain_id: "c-1", channel_id: "channel-0" }, status: "ACTIVE" },
      ],
    };
    const genuine = JSON.parse(compileDataset(buildRouter(parseRegistry(withVoucher))));
    // Listed asset 1 arrived over end 1 (channel row 0, b-1's side), from asset 0.
    expect(genuine.model.arrival).toEqual([-1, 1]);
    expect(genuine.model.predecessor).toEqual([-1, 0]);
    const edited = structuredClone(genuine);
    edited.model.arrival[1] = 3; // c-1's end of the second channel: b-1 has no such channel
    expect(() => loadDataset(JSON.stringify(edited))).toThrow(/hashes to sha256:[0-9a-f]{32}, not to its data_version/);
    edited.data_version = dataVersionOf(decodeRegistry(edited.registry, (why) => new FungibleError("invalid_dataset", why)), edited.notes, edited.model);
    expect(() => loadDataset(JSON.stringify(edited))).toThrow(/model: listed asset 1 .* steps back over channel end 3 .*not a channel of its chain/);
    edited.model.arrival[1] = 0; // a-1's own end: on the wrong chain too
    edited.data_version = dataVersionOf(decodeRegistry(edited.registry, (why) => new FungibleError("invalid_dataset", why)), edited.notes, edited.model);
    expect(() => loadDataset(JSON.stringify(edited))).toThrow(/model: listed asset 1 /);
    expect(loadDataset(JSON.stringify(genuine)).dataVersion).toBe(genuine.data_version);
  });

  test("content that does not hash to its data_version is refused on every load, naming both hashes", () => {
    const copy = structuredClone(dataset);
    copy.registry.strings[copy.registry.assets.symbol[0]] = "B";
    const computed = buildRouter(parseRegistry({ ...input, assets: [{ chain_id: "a-1", denom: "ua", symbol: "B" }] })).dataVersion;
    expect(computed).not.toBe(dataset.data_version);
    const message = new RegExp(`hashes to ${computed}, not to its data_version ${dataset.data_version}`);
    refusal(() => loadDataset(JSON.stringify(copy)), message);
    refusal(() => loadDataset(new TextEncoder().encode(JSON.stringify(copy))), message);
    return loadRouter({ dataset: JSON.stringify(copy) }).then(
      () => expect.unreachable("loaded"),
      (error: unknown) => expect(error).toMatchObject({ code: "invalid_dataset", message: expect.stringMatching(message) }),
    );
  });

  test("data_version hashes the content, not its encoding: another string table order, defaults spelled out", () => {
    const spelled = parseRegistry({
      chains: [{ chain_id: "a-1", chain_type: "cosmos", pfm_enabled: false }, { supports_memo: false, chain_id: "b-1" }],
      assets: [{ symbol: "A", denom: "ua", chain_id: "a-1", trace: "", origin_chain_id: "a-1", origin_denom: "ua", is_cw20: false }],
      ibc_channels: [{ status: "ACTIVE", chain_2: { channel_id: "channel-0", chain_id: "b-1", port_id: "transfer" }, chain_1: { chain_id: "a-1", channel_id: "channel-0" }, preferred: false }],
      bridge_links: [],
    });
    expect(buildRouter(spelled).dataVersion).toBe(dataset.data_version);
    // The same content with the string table reversed (every index rewritten): loads, same data_version.
    const reordered = structuredClone(dataset);
    const n = reordered.registry.strings.length;
    reordered.registry.strings.reverse();
    for (const table of ["chains", "assets", "ibc_channels", "bridge_links"] as const) {
      for (const [name, column] of Object.entries(reordered.registry[table] as Record<string, number[]>)) {
        if (/^(chain_type|pfm_enabled|supports_memo|ibc_hooks|autopilot|forwards_after_bridge|is_testnet|is_cw20|is_evm|decimals|status|preferred|bridge|bidirectional)$/.test(name)) continue;
        column.forEach((value, i) => (column[i] = value === -1 ? -1 : n - 1 - value));
      }
    }
    expect(JSON.stringify(reordered.registry)).not.toBe(JSON.stringify(dataset.registry));
    const loaded = loadDataset(JSON.stringify(reordered));
    expect(loaded.dataVersion).toBe(dataset.data_version);
    expect(loaded.registry).toEqual(spelled);
    expect(loaded.assetsFromSource({ source_asset_denom: "ua", source_asset_chain_id: "a-1" })).toEqual(
      buildRouter(spelled).assetsFromSource({ source_asset_denom: "ua", source_asset_chain_id: "a-1" }),
    );
  });

  test("a dataset from before the flag columns loads, reading supports_memo as forwarding after a bridge hop, with its data_version", () => {
    const registry = parseRegistry({
      chains: [{ chain_id: "a-1" }, { chain_id: "b-1", pfm_enabled: true, supports_memo: true, forwards_after_bridge: true }],
      assets: [{ denom: "ua", chain_id: "a-1" }],
    });
    const written = JSON.parse(compileDataset(buildRouter(registry), { compiledAt: COMPILED_AT }));
    for (const column of ["ibc_hooks", "autopilot", "forwards_after_bridge"]) delete written.registry.chains[column];
    const loaded = loadDataset(JSON.stringify(written));
    expect(loaded.registry.chains.map((c) => [c.supports_memo, c.forwards_after_bridge])).toEqual([[false, false], [true, true]]);
    expect(loaded.dataVersion).toBe(buildRouter(registry).dataVersion);
    // A chain that takes a memo and does not forward after a bridge hop is other content.
    const memoOnly = parseRegistry({ chains: [{ chain_id: "a-1" }, { chain_id: "b-1", pfm_enabled: true, supports_memo: true }], assets: [{ denom: "ua", chain_id: "a-1" }] });
    expect(buildRouter(memoOnly).dataVersion).not.toBe(loaded.dataVersion);
  });

  test("explorer_tx_page survives the round trip; a dataset from before its column loads without it, keeping its data_version", () => {
    const page = "https://www.mintscan.io/osmosis/transactions/${txHash}";
    const chains = [{ chain_id: "a-1", bech32_prefix: "pa", explorer_tx_page: page }, { chain_id: "b-1" }, { chain_id: "c-1", explorer_tx_page: page }];
    const linked = buildRouter(parseRegistry({ chains, assets: [{ denom: "ua", chain_id: "a-1" }] }));
    const written = JSON.parse(compileDataset(linked, { compiledAt: COMPILED_AT }));
    // One string for both chains' page, -1 for the chain without one.
    expect(written.registry.chains.explorer_tx_page.map((i: number) => written.registry.strings[i] ?? i)).toEqual([page, -1, page]);
    const loaded = loadDataset(JSON.stringify(written));
    expect(loaded.registry.chains.map((c) => c.explorer_tx_page)).toEqual([page, undefined, page]);
    expect(loaded.dataVersion).toBe(linked.dataVersion);
    // Written before the column: it reads as absent, and hashes as the same registry without pages did and does.
    const unlinked = buildRouter(parseRegistry({ chains: chains.map(({ explorer_tx_page: _, ...chain }) => chain), assets: [{ denom: "ua", chain_id: "a-1" }] }));
    const older = JSON.parse(compileDataset(unlinked, { compiledAt: COMPILED_AT }));
    expect(older.registry.chains.explorer_tx_page).toEqual([-1, -1, -1]);
    delete older.registry.chains.explorer_tx_page;
    const loadedOlder = loadDataset(JSON.stringify(older));
    expect(loadedOlder.registry.chains.every((c) => !("explorer_tx_page" in c))).toBe(true);
    expect(loadedOlder.dataVersion).toBe(unlinked.dataVersion);
    expect(linked.dataVersion).not.toBe(unlinked.dataVersion);
    // A page alone (no other described field) is content too.
    const alone = buildRouter(parseRegistry({ chains: [{ chain_id: "a-1" }, { chain_id: "b-1", explorer_tx_page: page }], assets: [{ denom: "ua", chain_id: "a-1" }] }));
    expect(alone.dataVersion).not.toBe(buildRouter(parseRegistry({ chains: [{ chain_id: "a-1" }, { chain_id: "b-1" }], assets: [{ denom: "ua", chain_id: "a-1" }] })).dataVersion);
    // A column of the wrong length, or a page the registry schema refuses, is not a dataset.
    const short = structuredClone(written);
    short.registry.chains.explorer_tx_page.pop();
    expect(() => loadDataset(JSON.stringify(short))).toThrow(/column "explorer_tx_page": has 2 rows, not 3/);
    const hostile = structuredClone(written);
    hostile.registry.strings[hostile.registry.chains.explorer_tx_page[0]] = "javascript:alert(1)//${txHash}";
    // Refused as it is decoded, before its hash is checked: a dataset hashed again carries no other page either.
    expect(() => loadDataset(JSON.stringify(hostile))).toThrow(/chains row 0: explorer_tx_page is not an https:\/\/ URL/);
  });

  test("compileDataset of an object that only looks like a router is a FungibleError", () => {
    const router = buildRouter(parseRegistry(input));
    // Every field of the graph and its methods, but not its brand: there is no core behind it.
    const lookAlike = Object.assign(Object.create(Object.getPrototypeOf(router) as object) as AssetRouter, router);
    Reflect.deleteProperty(lookAlike, ROUTER_BRAND);
    expect(() => compileDataset(lookAlike)).toThrow(FungibleError);
    expect(() => compileDataset(lookAlike)).toThrow(expect.objectContaining({ code: "invalid_config", message: expect.stringMatching(/^compileDataset: /) }));
  });

  test("the text is ASCII, and names outside it come back as they were", () => {
    const named: RegistryInput = { ...input, assets: [{ chain_id: "a-1", denom: "ua", symbol: "Ä", name: "Ünïcode 🚀", description: "\u2028 und ß" }] };
    const built = buildRouter(parseRegistry(named));
    const text = compileDataset(built, { compiledAt: COMPILED_AT });
    expect(text).toMatch(/^[\x00-\x7f]*$/);
    const loaded = loadDataset(text);
    expect(loaded.registry).toEqual(built.registry);
    expect(loaded.dataVersion).toBe(built.dataVersion);
  });

  test("loadRouter refuses a network with data, and an unknown network", async () => {
    await expect(loadRouter({ dataset: "{}", network: "mainnet" })).rejects.toMatchObject({ code: "invalid_config" });
    await expect(loadRouter({ network: "devnet" as "mainnet" })).rejects.toMatchObject({ code: "invalid_config" });
    await expect(loadRouter({ dataset: "{}" })).rejects.toMatchObject({ code: "invalid_dataset" });
  });
});
