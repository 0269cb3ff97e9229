/**
 * Hand-written cases of the route rules with literal expected values, asserted against BOTH the
 * oracle and the router, so a wrong oracle cannot hide behind agreeing with itself.
 */
import { describe, expect, test } from "vitest";
import type { RegistryInput } from "../../src/index.js";
import { bothFor, engineRoute, oracleRoute, plain } from "./compare.js";

const ATOM_LIKE = { symbol: "A", name: "A token", decimals: 6 };
const channel = (a: string, aId: string, b: string, bId: string, status: "ACTIVE" | "INACTIVE" | "UNKNOWN" = "ACTIVE", preferred = false) => ({
  chain_1: { chain_id: a, channel_id: aId },
  chain_2: { chain_id: b, channel_id: bId },
  status,
  preferred,
});
const ref = (chain_id: string, denom: string) => ({ chain_id, denom });

/** Both implementations' answers to one query, for a single literal assertion each. */
function answers(input: RegistryInput) {
  const { routeIndex, oracle } = bothFor(input);
  return {
    route: (from: ReturnType<typeof ref>, to: ReturnType<typeof ref>, swaps: { include_swaps?: boolean } = {}) => [
      engineRoute(routeIndex.route(from, to, swaps)),
      oracleRoute(oracle.route(from, to, swaps)),
    ],
    fromSource: (request: Parameters<typeof oracle.assetsFromSource>[0]) => [plain(routeIndex.assetsFromSource(request)), plain(oracle.assetsFromSource(request))],
    between: (request: Parameters<typeof oracle.assetsBetweenChains>[0]) => [plain(routeIndex.assetsBetweenChains(request)), plain(oracle.assetsBetweenChains(request))],
  };
}
const expectBoth = (pair: unknown[], expected: unknown) => {
  expect(pair[0], "routeIndex").toEqual(expected);
  expect(pair[1], "oracle").toEqual(expected);
};
const derivedUa = (chain_id: string, trace: string, denom: string) => ({
  denom, chain_id, origin_denom: "ua", origin_chain_id: "a-1", trace, is_cw20: false, is_evm: false, is_svm: false,
});
const ibcHop = (from_chain: string, to_chain: string, via: string, starts_tx: boolean) => ({ kind: "ibc", from_chain, to_chain, via, starts_tx });

describe("route rules, literal examples (routeIndex and oracle)", () => {
  const twoChains = (channels: ReturnType<typeof channel>[]) => ({
    chains: [{ chain_id: "a-1" }, { chain_id: "b-1" }],
    assets: [{ chain_id: "a-1", denom: "ua", ...ATOM_LIKE }],
    ibc_channels: channels,
  });
  const request = { source_asset_denom: "ua", source_asset_chain_id: "a-1" };

  test("derived voucher: lowest receiving-side channel number, ignoring an INACTIVE preferred one", () => {
    const input = twoChains([channel("a-1", "channel-0", "b-1", "channel-7"), channel("a-1", "channel-1", "b-1", "channel-3"), channel("a-1", "channel-2", "b-1", "channel-9", "INACTIVE", true)]);
    const voucher = derivedUa("b-1", "transfer/channel-3", "ibc/D809CD7AA1CFA9E139DEADFBE39D0216DC4A65C8EDDAA962ED9956169BEF2A62");
    expectBoth(answers(input).fromSource(request), { dest_assets: { "b-1": { assets: [voucher] } } });
  });

  test("derived voucher: an ACTIVE preferred channel wins over a lower number", () => {
    const input = twoChains([channel("a-1", "channel-0", "b-1", "channel-7"), channel("a-1", "channel-1", "b-1", "channel-3"), channel("a-1", "channel-2", "b-1", "channel-9", "ACTIVE", true)]);
    const voucher = derivedUa("b-1", "transfer/channel-9", "ibc/3CE27922A77A972AAAE240341AD47A92942435AAA6CB26D4DE661F8F3B04654A");
    expectBoth(answers(input).fromSource(request), { dest_assets: { "b-1": { assets: [voucher] } } });
  });

  test("an INACTIVE-only connection: no derived voucher and the listed voucher is unreachable", () => {
    const input = twoChains([channel("a-1", "channel-0", "b-1", "channel-0", "INACTIVE")]);
    const listed = { chain_id: "b-1", denom: "ibc/0443A0C1FDE10B2AAE072048A415359B9BB3F2C11A5077AF3D38973D31285713", trace: "transfer/channel-0", origin_chain_id: "a-1", origin_denom: "ua", ...ATOM_LIKE };
    input.assets.push(listed as never);
    const ask = answers(input);
    expectBoth(ask.route(ref("a-1", "ua"), ref("b-1", listed.denom)), null);
    expectBoth(ask.fromSource({ ...request, allow_multi_tx: true, include_cw20_assets: true }), { dest_assets: {} });
  });

  test("an UNKNOWN-status channel routes a listed voucher but derives none", () => {
    const input = twoChains([channel("a-1", "channel-0", "b-1", "channel-0", "UNKNOWN")]);
    const denom = "ibc/0443A0C1FDE10B2AAE072048A415359B9BB3F2C11A5077AF3D38973D31285713";
    input.assets.push({ chain_id: "b-1", denom, trace: "transfer/channel-0", origin_chain_id: "a-1", origin_denom: "ua", ...ATOM_LIKE } as never);
    input.assets.push({ chain_id: "a-1", denom: "ub", ...ATOM_LIKE } as never);
    const ask = answers(input);
    expectBoth(ask.route(ref("a-1", "ua"), ref("b-1", denom)), { txs_required: 1, bridges: ["IBC"], hops: [ibcHop("a-1", "b-1", "channel-0", true)] });
    expectBoth(ask.fromSource({ source_asset_denom: "ub", source_asset_chain_id: "a-1", allow_multi_tx: true }), { dest_assets: {} });
  });

  const threeChains = (pfm: boolean) => ({
    chains: [{ chain_id: "a-1" }, { chain_id: "b-1", pfm_enabled: pfm }, { chain_id: "c-1" }],
    assets: [
      { chain_id: "a-1", denom: "ua", ...ATOM_LIKE },
      { chain_id: "c-1", denom: "ibc/AE7766FC86A67102A64831B86B713C663A7DB0241DD3884A1CD091FB4AA3F311", trace: "transfer/channel-0/transfer/channel-0", origin_chain_id: "a-1", origin_denom: "ua", ...ATOM_LIKE },
    ],
    ibc_channels: [channel("a-1", "channel-0", "b-1", "channel-0"), channel("b-1", "channel-1", "c-1", "channel-0")],
  });
  const onC = ref("c-1", "ibc/AE7766FC86A67102A64831B86B713C663A7DB0241DD3884A1CD091FB4AA3F311");

  test("a PFM chain mid-route forwards: one transaction", () => {
    const hops = [ibcHop("a-1", "b-1", "channel-0", true), ibcHop("b-1", "c-1", "channel-1", false)];
    expectBoth(answers(threeChains(true)).route(ref("a-1", "ua"), onC), { txs_required: 1, bridges: ["IBC"], hops });
  });

  test("a non-PFM chain mid-route: two transactions, and the default query leaves the asset out", () => {
    const ask = answers(threeChains(false));
    const hops = [ibcHop("a-1", "b-1", "channel-0", true), ibcHop("b-1", "c-1", "channel-1", true)];
    expectBoth(ask.route(ref("a-1", "ua"), onC), { txs_required: 2, bridges: ["IBC"], hops });
    const single = ask.fromSource({ source_asset_denom: "ua", source_asset_chain_id: "a-1" }) as { dest_assets: object }[];
    expectBoth(single.map((answer) => Object.keys(answer.dest_assets)), ["b-1"]);
  });

  test("equal txs and hops: the smaller (chain_id, channel) sequence wins, in code-unit order (channel-12 < channel-5)", () => {
    const input = {
      chains: [{ chain_id: "a-1" }, { chain_id: "d-1" }],
      assets: [
        { chain_id: "a-1", denom: "ua", ...ATOM_LIKE },
        { chain_id: "d-1", denom: "ibc/42B15248D03F3D4A9B53EF26CC94A78FCC351B4B607FF6E6B31030943E4581EB", trace: "transfer/channel-4", origin_chain_id: "a-1", origin_denom: "ua", ...ATOM_LIKE },
        { chain_id: "d-1", denom: "ibc/B7F6F631BD78655146D9B49C0764B8D718E2BBC8C56BE977FC46B60BB96B920F", trace: "transfer/channel-2", origin_chain_id: "a-1", origin_denom: "ua", ...ATOM_LIKE },
      ],
      ibc_channels: [channel("a-1", "channel-5", "d-1", "channel-4"), channel("a-1", "channel-12", "d-1", "channel-2")],
    };
    const [routeIndex, oracle] = answers(input).between({ source_chain_id: "a-1", dest_chain_id: "d-1" }) as { assets_between_chains: { asset_on_dest: { trace: string } }[] }[];
    for (const answer of [routeIndex!, oracle!]) expect(answer.assets_between_chains.map((pair) => pair.asset_on_dest.trace)).toEqual(["transfer/channel-2"]);
  });

  test("equal txs, hops and first hop: the sending chain_id of the second hop decides", () => {
    const asset = (chain_id: string, denom: string) => ({ chain_id, denom, ...ATOM_LIKE });
    const input = {
      chains: [{ chain_id: "a-1" }, { chain_id: "c-1", forwards_after_bridge: true }, { chain_id: "b-1", forwards_after_bridge: true }, { chain_id: "d-1" }],
      assets: [asset("a-1", "ux"), asset("c-1", "uyc"), asset("b-1", "uyb"), asset("d-1", "uz")],
      bridge_links: [
        { bridge: "AXELAR" as const, from: ref("a-1", "ux"), to: ref("c-1", "uyc") },
        { bridge: "AXELAR" as const, from: ref("a-1", "ux"), to: ref("b-1", "uyb") },
        { bridge: "CCTP" as const, from: ref("c-1", "uyc"), to: ref("d-1", "uz") },
        { bridge: "CCTP" as const, from: ref("b-1", "uyb"), to: ref("d-1", "uz") },
      ],
    };
    const hops = [
      { kind: "bridge", from_chain: "a-1", to_chain: "b-1", via: "AXELAR", starts_tx: true },
      { kind: "bridge", from_chain: "b-1", to_chain: "d-1", via: "CCTP", starts_tx: false },
    ];
    expectBoth(answers(input).route(ref("a-1", "ux"), ref("d-1", "uz")), { txs_required: 1, bridges: ["AXELAR", "CCTP"], hops });
  });
});

// Contract points the oracle found the router disagreeing on (issue 7 report), each as a minimal
// case with the value docs/behaviour.md (or the decision noted in the oracle) gives. The first,
// derived vouchers as sources, was fixed in the router while the oracle was being written.
describe("contract points found by the oracle (issue 7)", () => {
  const input = {
    chains: [{ chain_id: "a-1" }, { chain_id: "b-1" }],
    assets: [{ chain_id: "a-1", denom: "ua", symbol: "A" }],
    ibc_channels: [channel("a-1", "channel-0", "b-1", "channel-0")],
  };
  const onB = "ibc/0443A0C1FDE10B2AAE072048A415359B9BB3F2C11A5077AF3D38973D31285713";

  test("docs/behaviour.md §7: with include_no_metadata_assets, derived vouchers on the source chain are sources", () => {
    const pair = { asset_on_source: derivedUa("b-1", "transfer/channel-0", onB), asset_on_dest: { ...derivedUa("a-1", "", "ua"), symbol: "A" }, txs_required: 1, bridges: ["IBC"] };
    expectBoth(answers(input).between({ source_chain_id: "b-1", dest_chain_id: "a-1", include_no_metadata_assets: true }), { assets_between_chains: [pair] });
  });

  test("docs/behaviour.md §3: sending back over the channel a voucher arrived on unwinds; it never reaches a listed token-wound voucher", () => {
    const wound = { chain_id: "a-1", denom: "ibc/AE7766FC86A67102A64831B86B713C663A7DB0241DD3884A1CD091FB4AA3F311", trace: "transfer/channel-0/transfer/channel-0", origin_chain_id: "a-1", origin_denom: "ua", symbol: "W" };
    const ask = answers({ ...input, assets: [...input.assets, wound] });
    expectBoth(ask.route(ref("a-1", "ua"), ref("a-1", wound.denom)), null);
  });

  test("docs/behaviour.md §1 and §7: an asset with a name and decimals but no symbol does not lack metadata", () => {
    const ub = { chain_id: "b-1", denom: "ub", name: "B token", decimals: 6 };
    const ubOnA = { chain_id: "a-1", denom: "ibc/4E6A0713A1F81FDF870E871780D3D08566FF709B5FA6DF17D14CCE244F50F30B", trace: "transfer/channel-0", origin_chain_id: "b-1", origin_denom: "ub", symbol: "B" };
    const pair = {
      asset_on_source: { denom: "ub", chain_id: "b-1", origin_denom: "ub", origin_chain_id: "b-1", trace: "", is_cw20: false, is_evm: false, is_svm: false, name: "B token", decimals: 6 },
      asset_on_dest: { ...ubOnA, is_cw20: false, is_evm: false, is_svm: false },
      txs_required: 1,
      bridges: ["IBC"],
    };
    const ask = answers({ ...input, assets: [...input.assets, ub, ubOnA] });
    expectBoth(ask.between({ source_chain_id: "b-1", dest_chain_id: "a-1" }), { assets_between_chains: [pair] });
  });

  test("docs/behaviour.md §3 (decision): the registry's listed trace says how a voucher travelled; the sending port is not checked", () => {
    const voucher = (denom: string, trace: string, origin_denom: string) => ({ chain_id: "b-1", denom, trace, origin_chain_id: "a-1", origin_denom, symbol: "V" });
    const bankOverWasm = voucher("ibc/0443A0C1FDE10B2AAE072048A415359B9BB3F2C11A5077AF3D38973D31285713", "transfer/channel-0", "ua");
    const cw20OverWasm = voucher("ibc/8956D0894D5AA214A20E958F24CA41DD04820E4209581B291DD3797F56C731DE", "transfer/channel-0", "cw20:token");
    const ask = answers({
      chains: input.chains,
      assets: [{ chain_id: "a-1", denom: "ua", symbol: "A" }, { chain_id: "a-1", denom: "cw20:token", is_cw20: true, symbol: "C" }, bankOverWasm, cw20OverWasm],
      ibc_channels: [{ ...channel("a-1", "channel-0", "b-1", "channel-0"), chain_1: { chain_id: "a-1", channel_id: "channel-0", port_id: "wasm.ics20" } }],
    });
    expectBoth(ask.route(ref("a-1", "cw20:token"), ref("b-1", cw20OverWasm.denom)), { txs_required: 1, bridges: ["IBC"], hops: [ibcHop("a-1", "b-1", "channel-0", true)] });
    expectBoth(ask.route(ref("b-1", bankOverWasm.denom), ref("a-1", "ua")), { txs_required: 1, bridges: ["IBC"], hops: [ibcHop("b-1", "a-1", "channel-0", true)] });
    expectBoth(ask.route(ref("a-1", "ua"), ref("b-1", bankOverWasm.denom)), { txs_required: 1, bridges: ["IBC"], hops: [ibcHop("a-1", "b-1", "channel-0", true)] });
  });

  test("docs/behaviour.md §4: two destination assets tied on (txs, hops, sequence): canonical (registry) order", () => {
    const asset = (chain_id: string, denom: string) => ({ chain_id, denom, symbol: denom.toUpperCase() });
    const ask = answers({
      chains: input.chains,
      assets: [asset("a-1", "ux"), asset("b-1", "uz"), asset("b-1", "uy")],
      bridge_links: [
        { bridge: "AXELAR" as const, from: ref("a-1", "ux"), to: ref("b-1", "uz") },
        { bridge: "AXELAR" as const, from: ref("a-1", "ux"), to: ref("b-1", "uy") },
      ],
    });
    const [routeIndex, oracle] = ask.between({ source_chain_id: "a-1", dest_chain_id: "b-1" }) as { assets_between_chains: { asset_on_dest: { denom: string } }[] }[];
    for (const [who, answer] of [["routeIndex", routeIndex!], ["oracle", oracle!]] as const) {
      expect(answer.assets_between_chains.map((pair) => pair.asset_on_dest.denom), who).toEqual(["uz"]);
    }
  });
});

// Swaps (docs/behaviour.md sections 3-6): a swap changes a denom in place at a venue, keeps how
// the funds arrived, never opens a transaction of its own, adds nothing to `bridges`, and counts
// as a hop.
describe("swap rules, literal examples (routeIndex and oracle)", () => {
  const uaOnB = "ibc/0443A0C1FDE10B2AAE072048A415359B9BB3F2C11A5077AF3D38973D31285713"; // transfer/channel-0/ua
  const ubOnC = "ibc/4E6A0713A1F81FDF870E871780D3D08566FF709B5FA6DF17D14CCE244F50F30B"; // transfer/channel-0/ub
  const swapChains = (pfm: boolean) => ({
    chains: [{ chain_id: "a-1" }, { chain_id: "b-1", pfm_enabled: pfm }, { chain_id: "c-1" }],
    assets: [
      { chain_id: "a-1", denom: "ua", symbol: "A" },
      { chain_id: "b-1", denom: "ub", symbol: "B" },
    ],
    ibc_channels: [channel("a-1", "channel-0", "b-1", "channel-0"), channel("b-1", "channel-1", "c-1", "channel-0")],
    swap_venues: [{ name: "pool", chain_id: "b-1", denoms: [uaOnB, "ub"] }],
  });
  const swapHop = (chain: string, starts_tx: boolean) => ({ kind: "swap", from_chain: chain, to_chain: chain, via: "pool", starts_tx });
  const swaps = { include_swaps: true };

  test("IBC in, swap, IBC out: the swap keeps the IBC arrival, so the chain needs pfm_enabled", () => {
    const hops = (pfm: boolean) => [ibcHop("a-1", "b-1", "channel-0", true), swapHop("b-1", false), ibcHop("b-1", "c-1", "channel-1", !pfm)];
    for (const pfm of [false, true]) {
      const ask = answers(swapChains(pfm));
      expectBoth(ask.route(ref("a-1", "ua"), ref("c-1", ubOnC), swaps), { txs_required: pfm ? 1 : 2, bridges: ["IBC"], hops: hops(pfm) });
      expectBoth(ask.route(ref("a-1", "ua"), ref("c-1", ubOnC)), null);
    }
  });

  test("a swap on the source chain opens transaction 1 and the next hop continues it, with no flags at all", () => {
    const hops = [swapHop("b-1", true), ibcHop("b-1", "c-1", "channel-1", false)];
    expectBoth(answers(swapChains(false)).route(ref("b-1", uaOnB), ref("c-1", ubOnC), swaps), { txs_required: 1, bridges: ["IBC"], hops });
  });

  test("DIRECT counts a swap as a hop; swap_venues narrows by exact name and chain_id", () => {
    const ask = answers(swapChains(false));
    const request = { source_asset_denom: uaOnB, source_asset_chain_id: "b-1", recommendation_reason: "DIRECT" as const, allow_multi_tx: true };
    const ua = { ...derivedUa("a-1", "", "ua"), symbol: "A" };
    const ub = { denom: "ub", chain_id: "b-1", origin_denom: "ub", origin_chain_id: "b-1", trace: "", is_cw20: false, is_evm: false, is_svm: false, symbol: "B" };
    expectBoth(ask.fromSource({ ...request, ...swaps }), { dest_assets: { "a-1": { assets: [ua] }, "b-1": { assets: [ub] } } });
    expectBoth(ask.fromSource({ ...request, include_swaps: true, swap_venues: [{ name: "pool", chain_id: "a-1" }] }), { dest_assets: { "a-1": { assets: [ua] } } });
    expectBoth(ask.fromSource({ ...request, include_swaps: false, swap_venues: [{ name: "pool", chain_id: "b-1" }] }), { dest_assets: { "a-1": { assets: [ua] } } });
  });
});
