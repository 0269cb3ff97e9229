/**
 * A state snapshot narrows the shipped mainnet graph (docs/behaviour.md "Live network state"):
 * dead ends are not crossed, an untagged channel with both ends OPEN and Active clients carries
 * derived vouchers, and without facts the answers are the registry's.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { applyState } from "../../src/state/apply.js";
import { FungibleError, parseState, stateOfRouter, withState, type AssetRouter } from "../../src/index.js";
import { shippedRouter } from "../support/shipped-router.js";
import { explain } from "../../src/router/explain.js";
import { oracleIbcDenom } from "../oracle/oracle-graph.js";
import { READ_AT, snapshot, type EndFacts } from "./snapshots.js";

let mainnet: AssetRouter;
beforeAll(async () => {
  mainnet = await shippedRouter();
});

const ATOM = { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" } as const;
// chain-registry _IBC/akash-cosmoshub.json: akashnet-2 channel-17 <-> cosmoshub-4 channel-184, no status tag.
const HUB_184 = { chain: "cosmoshub-4", channel: "channel-184" };
const AKASH_17 = { chain: "akashnet-2", channel: "channel-17" };
const ATOM_ON_AKASH = oracleIbcDenom("transfer/channel-17", "uatom");
/** The verdict on the channel with end `channel` on `chain` (either end may be the one cited). */
function verdictOn(router: AssetRouter, chain: string, channel: string) {
  const row = router.registry.ibc_channels.findIndex((c) => [c.chain_1, c.chain_2].some((e) => e.chain_id === chain && e.channel_id === channel));
  return stateOfRouter(router)!.verdicts.find((v) => v.channel === row);
}
const ATOM_ON_OSMOSIS = "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2";

describe("an untagged channel", () => {
  test("carries no derived voucher without a snapshot (the registry cannot tell it from a dead one)", () => {
    const channel = mainnet.registry.ibc_channels.find((c) => c.chain_2.chain_id === "cosmoshub-4" && c.chain_2.channel_id === "channel-184");
    expect(channel?.status).toBe("UNKNOWN");
    expect(mainnet.assetsFromSource(ATOM).dest_assets["akashnet-2"]).toBeUndefined();
  });

  test("becomes usable when both ends are OPEN with Active clients: ATOM reaches akashnet-2 over channel-184", () => {
    const router = withState(mainnet, snapshot([{ ...HUB_184, state: "OPEN", status: "Active" }, { ...AKASH_17, state: "OPEN", status: "Active" }]));
    const assets = router.assetsFromSource(ATOM).dest_assets["akashnet-2"]!.assets;
    expect(assets).toContainEqual(expect.objectContaining({ denom: ATOM_ON_AKASH, trace: "transfer/channel-17", origin_chain_id: "cosmoshub-4" }));
    const route = router.route({ chain_id: "cosmoshub-4", denom: "uatom" }, { chain_id: "akashnet-2", denom: ATOM_ON_AKASH })!;
    expect(route.hops.map((h) => h.kind === "ibc" && [h.from.chain_id, h.channel])).toEqual([["cosmoshub-4", "channel-184"]]);
    expect(stateOfRouter(router)).toMatchObject({ promoted: 1, removed: 0 });
  });

  test("stays unused when one end is unknown, its client not Active, or its facts stale", () => {
    for (const [ends, code] of [
      [[{ ...HUB_184, state: "OPEN", status: "Active" }], "state_unknown"],
      [[{ ...HUB_184, state: "OPEN", status: "Active" }, { ...AKASH_17, state: "OPEN", status: "Unknown" }], "state_unknown"],
      [[{ ...HUB_184, state: "OPEN", status: "Active" }, { ...AKASH_17, state: "OPEN", status: "Active", readAt: "2026-11-01T00:00:00Z" }], "state_stale"],
    ] as const) {
      const router = withState(mainnet, snapshot([...ends]));
      expect(router.assetsFromSource(ATOM).dest_assets["akashnet-2"]).toBeUndefined();
      expect(verdictOn(router, "cosmoshub-4", "channel-184")?.code).toBe(code);
    }
  });
});

describe("dead ends are not crossed", () => {
  test("an Expired client on one side refuses the hop, citing the fact", () => {
    const source = "https://rest.example/ibc/core/client/v1/client_status/07-tendermint-385";
    const router = withState(
      mainnet,
      snapshot([{ ...HUB_184, state: "OPEN", status: "Expired", source, expires: "2026-11-01T00:00:00Z" }, { ...AKASH_17, state: "OPEN", status: "Active" }]),
    );
    expect(router.assetsFromSource(ATOM).dest_assets["akashnet-2"]).toBeUndefined();
    expect(stateOfRouter(router)!.verdicts).toContainEqual(
      expect.objectContaining({ code: "client_expired", chain_id: "cosmoshub-4", channel_id: "channel-184", value: "Expired", read_at: READ_AT, source, expires_at: "2026-11-01T00:00:00Z" }),
    );
  });

  test("a CLOSED end of an ACTIVE channel (ATOM's channel-141 to Osmosis) removes its hops, listed vouchers included", () => {
    expect(mainnet.route({ chain_id: "cosmoshub-4", denom: "uatom" }, { chain_id: "osmosis-1", denom: ATOM_ON_OSMOSIS })).not.toBeNull();
    for (const end of [
      { chain: "cosmoshub-4", channel: "channel-141", state: "CLOSED" },
      { chain: "osmosis-1", channel: "channel-0", state: "OPEN", status: "Frozen" },
    ] as const) {
      const router = withState(mainnet, snapshot([end]));
      expect(router.route({ chain_id: "cosmoshub-4", denom: "uatom" }, { chain_id: "osmosis-1", denom: ATOM_ON_OSMOSIS })).toBeNull();
      expect(verdictOn(router, "cosmoshub-4", "channel-141")!.code).toBe(end.state === "CLOSED" ? "channel_closed" : "client_frozen");
      for (const answer of Object.values(router.assetsFromSource({ ...ATOM, allow_multi_tx: true }).dest_assets)) {
        for (const asset of answer.assets) {
          const route = router.route({ chain_id: "cosmoshub-4", denom: "uatom" }, { chain_id: asset.chain_id, denom: asset.denom })!;
          expect(route.hops.some((h) => h.kind === "ibc" && h.from.chain_id === "cosmoshub-4" && h.channel === "channel-141")).toBe(false);
        }
      }
    }
  });

  test("an Unauthorized client (ibc-go: its type not allowed on the chain; only Active clients process packets) refuses the hop, named client_unauthorized", () => {
    const router = withState(mainnet, snapshot([{ chain: "osmosis-1", channel: "channel-0", state: "OPEN", status: "Unauthorized" }]));
    expect(router.route({ chain_id: "cosmoshub-4", denom: "uatom" }, { chain_id: "osmosis-1", denom: ATOM_ON_OSMOSIS })).toBeNull();
    expect(verdictOn(router, "osmosis-1", "channel-0")).toMatchObject({ code: "client_unauthorized", fact: "client_status", value: "Unauthorized", chain_id: "osmosis-1" });
    const reasons = explain(router, { ...ATOM, dest_chain_id: "osmosis-1", dest_asset_denom: ATOM_ON_OSMOSIS }).reasons;
    expect(reasons).toContainEqual(expect.objectContaining({ code: "client_unauthorized", chain_id: "osmosis-1", channel: "channel-0", value: "Unauthorized" }));
  });

  test("an expiry already past when the status was read counts as expired", () => {
    const router = withState(mainnet, snapshot([{ chain: "cosmoshub-4", channel: "channel-141", state: "OPEN", status: "Active", expires: "2026-11-19T00:00:00Z" }]));
    expect(verdictOn(router, "cosmoshub-4", "channel-141")).toMatchObject({ code: "client_expired", fact: "client_expires_at", value: "2026-11-19T00:00:00Z" });
  });
});

describe("without facts, the registry's answers", () => {
  test("an empty snapshot answers as the registry, under another data_version that names it", () => {
    const router = withState(mainnet, snapshot([]));
    expect(router.assetsFromSource(ATOM)).toEqual(mainnet.assetsFromSource(ATOM));
    expect(router.registry.ibc_channels).toEqual(mainnet.registry.ibc_channels);
    expect(router.dataVersion).not.toBe(mainnet.dataVersion);
    expect(router.provenance).toMatchObject({ ...mainnet.provenance, state_created_at: READ_AT });
    expect(withState(mainnet, JSON.stringify(snapshot([]))).dataVersion).toBe(router.dataVersion);
  });

  test("facts of a chain whose node reported another chain id are not used", () => {
    const input = snapshot([{ chain: "cosmoshub-4", channel: "channel-141", state: "CLOSED" }]);
    input.chains["cosmoshub-4"]!.node_chain_id = { value: "theta-testnet-001", read_at: READ_AT, source: "https://wrong.example" };
    expect(applyState(mainnet.registry, parseState(input)).removed).toBe(0);
  });

  test("a second snapshot narrows the registry, not the first snapshot's result", () => {
    const closed = withState(mainnet, snapshot([{ chain: "cosmoshub-4", channel: "channel-141", state: "CLOSED" }]));
    expect(withState(closed, snapshot([])).registry.ibc_channels).toEqual(mainnet.registry.ibc_channels);
  });
});

describe("parseState refuses junk with invalid_state", () => {
  test.each([
    ["not JSON", "{"],
    ["another format", { format: "fungible-graph-dataset/1" }],
    ["no chains", { format: "fungible-graph-state/1", created_at: READ_AT }],
    ["a bad date", { ...snapshot([]), created_at: "yesterday" }],
    ["an unknown channel state", snapshot([{ chain: "a", channel: "channel-0", state: "OPENED" as never }])],
    ["null", null],
    ["an array", []],
  ])("%s", (_, input) => {
    let error: unknown;
    try {
      parseState(input);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(FungibleError);
    expect(error).toMatchObject({ code: "invalid_state", status: 400 });
  });

  test("chain ids are data: __proto__ stays a key", () => {
    const input = JSON.parse(JSON.stringify(snapshot([{ chain: "x", channel: "channel-0", state: "OPEN" }])).replace('"x"', '"__proto__"'));
    const parsed = parseState(input);
    expect(Object.keys(parsed.chains)).toEqual(["__proto__"]);
    expect(parsed.chains["__proto__"]!.ends).toHaveLength(1);
  });

  test("loadRouter and buildRouter take the snapshot as the option state", async () => {
    const { loadRouter, buildRouter } = await import("../../src/index.js");
    const state = snapshot([{ ...HUB_184, state: "OPEN", status: "Active" }, { ...AKASH_17, state: "OPEN", status: "Active" }]);
    const built = buildRouter(mainnet.registry, { state });
    expect(built.assetsFromSource(ATOM).dest_assets["akashnet-2"]).toBeDefined();
    const loaded = await loadRouter({ registry: mainnet.registry, state });
    expect(loaded.dataVersion).toBe(built.dataVersion);
    await expect(loadRouter({ registry: mainnet.registry, state: { junk: true } })).rejects.toMatchObject({ code: "invalid_state" });
  });
});

describe("explain names the snapshot's fact, dated and cited", () => {
  test.each([
    ["channel_closed", [{ chain: "cosmoshub-4", channel: "channel-141", state: "CLOSED" }], "osmosis-1", "is CLOSED, not OPEN"],
    ["client_frozen", [{ chain: "osmosis-1", channel: "channel-0", state: "OPEN", status: "Frozen" }], "osmosis-1", 'light client on "osmosis-1" is Frozen'],
    ["client_expired", [{ chain: "osmosis-1", channel: "channel-0", state: "OPEN", status: "Expired" }], "osmosis-1", 'light client on "osmosis-1" is Expired'],
    ["state_unknown", [{ ...HUB_184, state: "OPEN", status: "Active" }], "akashnet-2", "has no reading of its end"],
    ["state_stale", [{ ...HUB_184, state: "OPEN", status: "Active" }, { ...AKASH_17, state: "OPEN", status: "Active", readAt: "2026-11-01T00:00:00Z" }], "akashnet-2", "too old to vouch for it"],
  ] as const)("%s", async (code, ends, dest, words) => {
    const { explain } = await import("../../src/router/explain.js");
    const router = withState(mainnet, snapshot([...ends] as EndFacts[]));
    const answer = explain(router, { ...ATOM, dest_chain_id: dest, ...(dest === "osmosis-1" ? { dest_asset_denom: ATOM_ON_OSMOSIS } : {}) });
    expect(answer.reachable).toBe(false);
    const reason = answer.reasons.find((r) => r.code === code);
    expect(reason, JSON.stringify(answer.reasons.map((r) => r.code))).toBeDefined();
    expect(reason!.message).toContain(words);
    const end = ends[ends.length - 1]!;
    if (code !== "state_unknown") {
      expect(reason).toMatchObject({ read_at: "readAt" in end ? end.readAt : READ_AT, source: `manual: test of ${end.chain}` });
      expect(reason!.message).toContain(`(read ${"readAt" in end ? end.readAt : READ_AT} from manual: test of ${end.chain})`);
    } else {
      expect(reason).toMatchObject({ chain_id: "akashnet-2", read_at: null, source: null });
    }
  });
});

describe("a narrowed router compiled to a dataset (what serve's reload threads and workers load)", () => {
  test("keeps its data_version, its answers and the cited reasons", async () => {
    const { compileDataset, loadRouter } = await import("../../src/index.js");
    const { explain } = await import("../../src/router/explain.js");
    const router = withState(mainnet, snapshot([{ ...HUB_184, state: "OPEN", status: "Expired" }, { ...AKASH_17, state: "OPEN", status: "Active" }]));
    const loaded = await loadRouter({ dataset: compileDataset(router) });
    expect(loaded.dataVersion).toBe(router.dataVersion);
    expect(loaded.assetsFromSource(ATOM)).toEqual(router.assetsFromSource(ATOM));
    const reasons = explain(loaded, { ...ATOM, dest_chain_id: "akashnet-2" }).reasons;
    expect(reasons).toContainEqual(expect.objectContaining({ code: "client_expired", chain_id: "cosmoshub-4", channel: "channel-184", read_at: READ_AT }));
  });
});
