/**
 * Decoding `ibc/` denoms the registry neither lists nor derives (src/model/ibc-decode.ts).
 *
 * Real denoms: the Nolus protocol's currency tables (github.com/nolus-protocol/nolus-money-market,
 * `define_symbol!` entries for `net_main`: the bank denom a lease holds on pirin-1, with its "full
 * ibc route" written beside it). Each hash is checked against its route here, so the pairs are
 * independent of the decoder; some are listed by chain-registry and some are not. As sources
 * (issue 25) their answers are checked against what the registry's channels give by hand. The
 * command line on one of them: ibc-decode-cli.test.ts (an integration suite: it runs the build).
 */
import fc from "fast-check";
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { buildRouter, ibcDenom, loadRouter, parseRegistry, type AssetRouter } from "../../src/index.js";
import { destinations, explain } from "../../src/entries/explain.js";
import { createFetchHandler } from "../../src/entries/http.js";
import { transferMessages } from "../../src/entries/msgs.js";
import { graphologyOf } from "../../src/entries/graphology.js";
import { addressesOf, deliver, NOW_MS } from "../msgs/world.js";
import { DECODE_MAX_HOPS, IbcDecoder } from "../../src/model/ibc-decode.js";
import { canonicalAssets, type Model } from "../../src/model/model.js";
import { skipIbcOriginAssets } from "../../src/router/skip.js";
import { ROUTER_BRAND } from "../../src/router/router.js";
import type { RouteIndex } from "../../src/query/route-index.js";
import { arbitraryRegistry, walkActiveChannels } from "../support/arbitrary-registry.js";
import { shippedDatasetText, shippedRouter } from "../support/shipped-router.js";

function modelOf(router: AssetRouter): Model {
  return (router[ROUTER_BRAND] as unknown as { routeIndex: RouteIndex }).routeIndex.model;
}

/** [full ibc route on pirin-1, bank denom, origin chain]: Nolus' mainnet currency tables. */
const NOLUS_MAINNET: [string, string, string][] = [
  ["transfer/channel-0/transfer/channel-0/uatom", "ibc/6CDD4663F2F09CD62285E2D45891FC149A3568E316CE3EBBE201A71A78A69388", "cosmoshub-4"],
  ["transfer/channel-0/transfer/channel-326/stuatom", "ibc/FCFF8B19C61677F3B78E2A5AE3B4A34A8D23858D16905F253B8438B3AFD07FF8", "stride-1"],
  ["transfer/channel-0/transfer/channel-208/weth-wei", "ibc/A7C4A3FB19E88ABE60416125F9189DA680800F4CDD14E3C10C874E022BEFF04C", "axelar-dojo-1"],
  ["transfer/channel-0/transfer/channel-1/uakt", "ibc/ADC63C00000CA75F909D2BE3ACB5A9980BED3A73B92746E0FCE6C67414055459", "akashnet-2"],
  ["transfer/channel-0/transfer/channel-522/uqatom", "ibc/317FCA2D7554F55BBCD0019AB36F7FEA18B6D161F462AF5E565068C719A29F20", "quicksilver-2"],
  ["transfer/channel-0/transfer/channel-4/stk/uatom", "ibc/DAAD372DB7DD45BBCFA4DDD40CA9793E9D265D1530083AB41A8A0C53C3EBE865", "core-1"],
  ["transfer/channel-0/transfer/channel-122/inj", "ibc/4DE84C92C714009D07AFEA7350AB3EC383536BB0FAAD7AF9C0F1A0BEA169304E", "injective-1"],
  ["transfer/channel-0/transfer/channel-42/ujuno", "ibc/4F3E83AB35529435E4BFEA001F5D935E7250133347C4E1010A9C77149EF0394C", "juno-1"],
  ["transfer/channel-0/transfer/channel-750/uusdc", "ibc/F5FABF52B54E65064B57BF6DBD8E5FAD22CEE9F4B8A57ADBB20CCD0173AA72A4", "noble-1"],
  ["transfer/channel-3839/transfer/channel-1/uatom", "ibc/74329D0B6EAA37AD07FF44EC40D998357D1478C504AB5A9C91C3F42F1078A226", "cosmoshub-4"],
  ["transfer/channel-3839/transfer/channel-30/uusdc", "ibc/18161D8EFBD00FF5B7683EF8E923B8913453567FBE3FB6672D75712B0DEB6682", "noble-1"],
  ["transfer/channel-3839/transfer/channel-2/uusdc", "ibc/076CF690A9912E0B7A2CCA75B719D68AF7C20E4B0B6460569B333DDEB19BBBA1", "axelar-dojo-1"],
];

/** "transfer/channel-0/transfer/channel-1/uakt" -> its trace and base denom (the base may contain "/"). */
function splitRoute(route: string): { trace: string; base: string } {
  const parts = route.split("/");
  return { trace: parts.slice(0, 4).join("/"), base: parts.slice(4).join("/") };
}

describe("real multi-hop denoms held on pirin-1 (Nolus' currency tables)", () => {
  let router: AssetRouter;
  beforeAll(async () => {
    router = await shippedRouter("mainnet");
  });

  test("each denom is the hash of its route (the source is self-consistent)", () => {
    for (const [route, denom] of NOLUS_MAINNET) {
      const { trace, base } = splitRoute(route);
      expect(ibcDenom(trace, base)).toBe(denom);
    }
  });

  test("ibc_origin_assets finds the origin of every one, listed or not", () => {
    const answer = skipIbcOriginAssets(router, { assets: NOLUS_MAINNET.map(([, denom]) => ({ chain_id: "pirin-1", denom })) });
    answer.origin_assets.forEach((found, i) => {
      const [route, , originChain] = NOLUS_MAINNET[i]!;
      expect(found, route).toEqual({ asset: expect.objectContaining({ chain_id: originChain, denom: splitRoute(route).base, trace: "" }), asset_found: true });
    });
    // Some of them are not listed: those are the decoded ones (and the reason this exists).
    const model = modelOf(router);
    const unlisted = NOLUS_MAINNET.filter(([, denom]) => model.assetIndexOf("pirin-1", denom) === undefined);
    expect(unlisted.length).toBeGreaterThan(0);
    for (const [route, denom] of unlisted) {
      const decoded = model.decodeIbcDenom("pirin-1", denom)!;
      expect(decoded.trace).toBe(splitRoute(route).trace);
    }
  });

  test("a decoded denom is matched ignoring the case of its hash, as listed ones are", () => {
    const [, denom, origin] = NOLUS_MAINNET[9]!;
    const answer = skipIbcOriginAssets(router, { assets: [{ chain_id: "pirin-1", denom: `ibc/${denom.slice(4).toLowerCase()}` }] });
    expect(answer.origin_assets[0]!.asset).toMatchObject({ chain_id: origin, denom: "uatom" });
  });

  test("too deep, off the registry's channels, or no hash at all: asset_found false, and unknown_asset as a source", () => {
    const tooDeep = ibcDenom("transfer/channel-0/transfer/channel-0/transfer/channel-141/transfer/channel-0", "uatom");
    const offChannels = ibcDenom("transfer/channel-999999/transfer/channel-0", "uatom");
    const answer = skipIbcOriginAssets(router, {
      assets: [tooDeep, offChannels, `ibc/${"0".repeat(64)}`, "ibc/XYZ"].map((denom) => ({ chain_id: "pirin-1", denom })),
    });
    expect(answer.origin_assets).toEqual(Array.from({ length: 4 }, () => ({ asset_found: false })));
    for (const denom of [tooDeep, offChannels]) {
      expect(() => router.assetsFromSource({ source_asset_chain_id: "pirin-1", source_asset_denom: denom })).toThrow(/is not in the registry$|did you mean/);
    }
  });
});

describe("real multi-hop denoms held on pirin-1 as sources (Nolus' currency tables)", () => {
  let router: AssetRouter;
  beforeAll(async () => {
    router = await shippedRouter("mainnet");
  });

  /** The denoms no listing or derivation gives: the ones decoding admits. */
  const decodedOnly = () => NOLUS_MAINNET.filter(([, denom]) => modelOf(router).assetIndexOf("pirin-1", denom) === undefined);

  /** Hand-derived from the registry's channels: where the first unwind of `route` lands (ICS-20: back over its trace's first channel). */
  function firstUnwind(route: string): { chain_id: string; denom: string; trace: string; channel: string } {
    const { trace, base } = splitRoute(route);
    const [port, channel, ...rest] = trace.split("/");
    const row = router.registry.ibc_channels.find((c) => [c.chain_1, c.chain_2].some((end) => end.chain_id === "pirin-1" && end.port_id === port && end.channel_id === channel))!;
    const far = row.chain_1.chain_id === "pirin-1" && row.chain_1.channel_id === channel ? row.chain_2 : row.chain_1;
    return { chain_id: far.chain_id, denom: ibcDenom(rest.join("/"), base), trace: rest.join("/"), channel: channel! };
  }

  const keys = (answer: { dest_assets: Record<string, { assets: readonly { chain_id: string; denom: string }[] }> }) =>
    Object.values(answer.dest_assets).flatMap((group) => group.assets.map((asset) => `${asset.chain_id} ${asset.denom}`)).sort();

  test("each is a source of assets_from_source: what its first unwind reaches, and that voucher itself", () => {
    expect(decodedOnly().length).toBeGreaterThan(0);
    for (const [route, denom] of NOLUS_MAINNET) {
      const request = { source_asset_chain_id: "pirin-1", source_asset_denom: denom, allow_multi_tx: true };
      const answer = router.assetsFromSource(request);
      const next = firstUnwind(route);
      const fromNext = router.assetsFromSource({ ...request, source_asset_chain_id: next.chain_id, source_asset_denom: next.denom });
      // A voucher has one hop of its own (ICS-20 lets it only go back): listed or decoded alike.
      const expected = keys(fromNext).filter((key) => key !== `pirin-1 ${denom}`);
      expect(keys(answer), route).toEqual([...expected, `${next.chain_id} ${next.denom}`].sort());
    }
  });

  test("route, explain, destinations and HTTP agree: the route unwinds hop by hop, and its messages deliver", async () => {
    const [route, denom] = NOLUS_MAINNET[9]!; // ATOM over Neutron: transfer/channel-3839/transfer/channel-1/uatom
    expect(modelOf(router).assetIndexOf("pirin-1", denom)).toBeUndefined();
    const version = router.dataVersion;
    const from = { chain_id: "pirin-1", denom };
    const found = router.route(from, { chain_id: "cosmoshub-4", denom: "uatom" })!;
    const next = firstUnwind(route);
    const neutron = router.registry.chains.find((chain) => chain.chain_id === next.chain_id)!;
    expect(found.hops.map((hop) => [hop.from.chain_id, hop.kind === "ibc" ? hop.channel : "", hop.to.chain_id, hop.to.trace, hop.starts_tx])).toEqual([
      ["pirin-1", "channel-3839", "neutron-1", "transfer/channel-1", true],
      ["neutron-1", "channel-1", "cosmoshub-4", "", !neutron.pfm_enabled],
    ]);
    expect(found.hops[0]!.to.denom).toBe(next.denom);
    // The origin's metadata where the registry lists a version of it on pirin-1, none otherwise.
    const hubAtom = router.registry.assets.find((a) => a.chain_id === "cosmoshub-4" && a.denom === "uatom")!;
    const listsVersion = router.registry.assets.some((a) => a.chain_id === "pirin-1" && a.origin_chain_id === "cosmoshub-4" && a.origin_denom === "uatom");
    expect(found.from).toMatchObject({ chain_id: "pirin-1", denom, trace: "transfer/channel-3839/transfer/channel-1", origin_denom: "uatom", origin_chain_id: "cosmoshub-4" });
    expect(found.from.symbol).toBe(listsVersion ? hubAtom.symbol : undefined);

    const why = explain(router, { source_asset_chain_id: "pirin-1", source_asset_denom: denom, dest_chain_id: "cosmoshub-4", dest_asset_denom: "uatom", allow_multi_tx: true });
    expect(why.reachable).toBe(true);
    expect(why.routes[0]).toEqual(found);
    const everywhere = destinations(router, { source_asset_chain_id: "pirin-1", source_asset_denom: denom, allow_multi_tx: true });
    const answer = router.assetsFromSource({ source_asset_chain_id: "pirin-1", source_asset_denom: denom, allow_multi_tx: true });
    for (const destination of everywhere.destinations) expect(destination.assets).toEqual(answer.dest_assets[destination.chain_id]?.assets ?? []);

    const response = await createFetchHandler(router)(
      new Request("http://127.0.0.1/v2/fungible/assets_from_source", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ source_asset_chain_id: "pirin-1", source_asset_denom: denom.toLowerCase(), allow_multi_tx: true }),
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(answer)));

    const chainIds = [...new Set([found.from.chain_id, ...found.hops.map((hop) => hop.to.chain_id)])];
    const addresses = addressesOf(router, chainIds);
    const built = transferMessages(router, { route: found, amount: "5000", addresses, now_ms: NOW_MS });
    expect(built.messages).toHaveLength(found.txs_required);
    expect(Object.fromEntries(deliver(router, found, built, addresses, 5000n).received)).toEqual({ uatom: 5000n });
    // The registry defines the answer: asking changed no data.
    expect(router.dataVersion).toBe(version);
  });

  test("what was asked before changes no answer: a fresh router answers alike, and other sources answer as before", async () => {
    const fresh = await loadRouter({ dataset: await shippedDatasetText("mainnet") });
    const neutronAtom = { source_asset_chain_id: "neutron-1", source_asset_denom: ibcDenom("transfer/channel-1", "uatom"), allow_multi_tx: true };
    const before = fresh.assetsFromSource(neutronAtom);
    const graphBefore = graphologyOf(fresh).order;
    for (const [, denom] of [...decodedOnly()].reverse()) {
      const request = { source_asset_chain_id: "pirin-1", source_asset_denom: denom };
      expect(fresh.assetsFromSource(request)).toEqual(router.assetsFromSource(request));
    }
    expect(fresh.assetsFromSource(neutronAtom)).toEqual(before);
    expect(fresh.assetsOnChain("pirin-1")).toEqual(router.assetsOnChain("pirin-1"));
    expect(graphologyOf(fresh).order).toBe(graphBefore);
  });
});

describe("the table is built only when an unknown ibc/ denom is asked", () => {
  afterEach(() => vi.restoreAllMocks());

  test("listed look-ups and queries build nothing; the first miss builds one chain's table, once", async () => {
    const build = vi.spyOn(IbcDecoder.prototype as unknown as { build: (chain: string) => unknown }, "build");
    const router = buildRouter(parseRegistry({
      chains: [{ chain_id: "a-1" }, { chain_id: "b-1" }, { chain_id: "c-1" }],
      assets: [
        { chain_id: "a-1", denom: "ua" },
        { chain_id: "b-1", denom: "ub" },
      ],
      ibc_channels: [
        { chain_1: { chain_id: "a-1", channel_id: "channel-0" }, chain_2: { chain_id: "b-1", channel_id: "channel-5" }, status: "ACTIVE" },
        { chain_1: { chain_id: "b-1", channel_id: "channel-6" }, chain_2: { chain_id: "c-1", channel_id: "channel-9" }, status: "ACTIVE" },
      ],
    }));
    router.assetsFromSource({ source_asset_chain_id: "a-1", source_asset_denom: "ua" });
    const oneHop = ibcDenom("transfer/channel-5", "ua");
    skipIbcOriginAssets(router, { assets: [{ chain_id: "b-1", denom: oneHop }] });
    expect(build).not.toHaveBeenCalled();
    const twoHops = ibcDenom("transfer/channel-9/transfer/channel-5", "ua");
    const answer = skipIbcOriginAssets(router, { assets: [{ chain_id: "c-1", denom: twoHops }, { chain_id: "c-1", denom: twoHops }] });
    expect(answer.origin_assets.map((found) => found.asset?.denom)).toEqual(["ua", "ua"]);
    expect(build).toHaveBeenCalledTimes(1);
  });
});

describe("decoding follows ibc-go's trace grammar (src/denom/trace.ts)", () => {
  test("an IBC v2 client id hop decodes; an end no trace can name (not a channel or client id) is never walked", () => {
    const router = buildRouter(parseRegistry({
      chains: [{ chain_id: "a-1" }, { chain_id: "b-1" }, { chain_id: "c-1" }, { chain_id: "d-1" }],
      assets: [{ chain_id: "a-1", denom: "ua" }],
      ibc_channels: [
        { chain_1: { chain_id: "a-1", channel_id: "channel-0" }, chain_2: { chain_id: "b-1", channel_id: "channel-5" }, status: "ACTIVE" },
        // 09-localhost and a light-client type ibc-go's client id format admits (`{client-type}-{N}`).
        { chain_1: { chain_id: "b-1", channel_id: "channel-6" }, chain_2: { chain_id: "c-1", channel_id: "10-ethereum-3" }, status: "ACTIVE" },
        // "chan-x" is neither: ibc-go's ExtractDenomFromPath would read it as part of the base denom.
        { chain_1: { chain_id: "b-1", channel_id: "channel-7" }, chain_2: { chain_id: "d-1", channel_id: "chan-x" }, status: "ACTIVE" },
      ],
    }));
    const model = modelOf(router);
    const viaClient = "transfer/10-ethereum-3/transfer/channel-5";
    expect(model.decodeIbcDenom("c-1", ibcDenom(viaClient, "ua"))).toMatchObject({ trace: viaClient, chains: ["b-1", "a-1"] });
    expect(model.decodeIbcDenom("d-1", ibcDenom("transfer/chan-x/transfer/channel-5", "ua"))).toBeUndefined();
  });
});

describe("property: every native forwarded along at most DECODE_MAX_HOPS channels is decoded", () => {
  test("to its trace and origin; one hop more is not", () => {
    fc.assert(
      fc.property(arbitraryRegistry(), fc.array(fc.nat(), { minLength: 1, maxLength: DECODE_MAX_HOPS + 1 }), fc.nat(), (registry, steps, pick) => {
        const router = buildRouter(parseRegistry(registry));
        const model = modelOf(router);
        const natives = canonicalAssets(model).filter((a) => a.listed && a.isBaseToken && !a.isEvm);
        if (natives.length === 0) return;
        const native = natives[pick % natives.length]!;
        // A walk that visits no chain twice, as the decoder's table does.
        const { at, trace, visited } = walkActiveChannels(router.registry.ibc_channels, native.chainId, steps);
        if (trace === "") return;
        const denom = ibcDenom(trace, native.denom);
        const known = model.assetIndexOf(at, denom);
        const decoded = model.decodeIbcDenom(at, denom);
        const hops = visited.size - 1;
        if (hops <= DECODE_MAX_HOPS) {
          expect(decoded).toEqual({ trace, origin: native.index, chains: expect.any(Array) });
          // The chains it unwinds through: each step over the channel its trace names, ending at the origin.
          const segments = trace.split("/");
          let from = at;
          decoded!.chains.forEach((to, i) => {
            const [port, channel] = [segments[2 * i], segments[2 * i + 1]];
            const over = (a: (typeof router.registry.ibc_channels)[number]["chain_1"], b: typeof a) => a.chain_id === from && a.port_id === port && a.channel_id === channel && b.chain_id === to;
            expect(router.registry.ibc_channels.some((c) => c.status === "ACTIVE" && (over(c.chain_1, c.chain_2) || over(c.chain_2, c.chain_1)))).toBe(true);
            from = to;
          });
          expect(decoded!.chains).toHaveLength(hops);
          expect(from).toBe(native.chainId);
          const answer = skipIbcOriginAssets(router, { assets: [{ chain_id: at, denom }] });
          expect(answer.origin_assets[0]!.asset).toBe(native.wire);
        } else {
          expect(decoded).toBeUndefined();
          expect(known).toBeUndefined();
        }
        if (known !== undefined) expect(model.asset(known)).toMatchObject({ trace, originChainId: native.chainId, originDenom: native.denom });
      }),
    );
  });
});
