/**
 * transferMessages reads a route's assets that are the router's own wire objects (frozen, made by
 * the model) as they are, and parses every other asset (src/msgs/transfer-messages.ts,
 * `parseRequest`). That must change nothing a caller sees: the same requests accepted, the same
 * data, the same errors as zod's parse of the plain request schema, on real routes of the shipped
 * dataset, whole and with one part replaced by a value near its edge.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseArgument } from "../../src/arguments.js";
import { transferMessages } from "../../src/entries/msgs.js";
import { isModelWireAsset } from "../../src/model/canonical-assets.js";
import { parseRequest } from "../../src/msgs/transfer-messages.js";
import { TransferMessagesRequestSchema } from "../../src/wire/msgs.js";
import { WireAssetSchema, type WireAsset } from "../../src/wire/schema.js";
import { shippedRouter } from "../support/shipped-router.js";

const router = await shippedRouter();
const ATOM_ON_OSMOSIS = "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2";
const routes = [
  router.route({ chain_id: "cosmoshub-4", denom: "uatom" }, { chain_id: "osmosis-1", denom: ATOM_ON_OSMOSIS }),
  router.route({ chain_id: "osmosis-1", denom: "uosmo" }, { chain_id: "cosmoshub-4", denom: "ibc/14F9BC3E44B8A9C1BE1FB08980FAB87034C9905EF17CF2F5008FC085218811CC" }),
].filter((route) => route !== null);
const ADDRESSES = { "cosmoshub-4": "cosmos1x", "osmosis-1": "osmo1x" };
const SITE = { fn: "transferMessages", arg: "request", expected: "an object {route | from, to; amount; addresses}" };

/** The plain parse's answer: its data, or the error a caller gets. */
function outcome(parse: () => unknown) {
  try {
    return { data: parse() };
  } catch (error) {
    return { error: String(error), details: (error as { details?: unknown }).details };
  }
}

describe("a route's own assets, read as they are", () => {
  it("are the model's wire objects, each exactly what WireAssetSchema makes of it, in its key order", () => {
    expect(routes.length).toBe(2);
    const wires = new Set<WireAsset>(routes.flatMap((route) => [route.from, route.to, ...route.hops.flatMap((hop) => [hop.from, hop.to])]));
    // Listed assets, derived vouchers and multi-hop ones: what a source reaches, from the first asset of every chain.
    for (const chainId of router.chainIds()) {
      const first = router.assetsOnChain(chainId)[0];
      if (first === undefined) continue;
      const reach = router.assetsFromSource({ source_asset_chain_id: chainId, source_asset_denom: first.denom, allow_multi_tx: true });
      for (const group of Object.values(reach.dest_assets)) for (const asset of group.assets) wires.add(asset);
    }
    expect(wires.size).toBeGreaterThan(1000);
    for (const wire of wires) {
      expect(isModelWireAsset(wire)).toBe(true);
      expect(Object.isFrozen(wire)).toBe(true);
      const parsed = WireAssetSchema.parse(wire);
      expect(parsed).toEqual(wire);
      expect(Object.keys(parsed)).toEqual(Object.keys(wire));
    }
  });

  it("are kept by identity; a caller's copy, even frozen, is parsed", () => {
    const route = routes[0]!;
    const request = { route, amount: "1000", addresses: ADDRESSES };
    const parsed = parseRequest(request);
    expect("route" in parsed && parsed.route.from).toBe(route.from);
    expect(parsed).toEqual(parseArgument(TransferMessagesRequestSchema, request, SITE));
    const copy = Object.freeze({ ...route.from });
    expect(isModelWireAsset(copy)).toBe(false);
    const withCopy = parseRequest({ ...request, route: { ...route, from: copy } });
    expect("route" in withCopy && withCopy.route.from).not.toBe(copy);
    expect("route" in withCopy && withCopy.route.from).toEqual(route.from);
    const forged = Object.freeze({ ...route.from, denom: 5 });
    expect(outcome(() => transferMessages(router, { ...request, route: { ...route, from: forged as unknown as WireAsset } }))).toEqual(
      outcome(() => parseArgument(TransferMessagesRequestSchema, { ...request, route: { ...route, from: forged } }, SITE)),
    );
  });
});

const edge = fc.oneof(
  fc.constantFrom(undefined, null, true, 0, -1, 1.5, 256, 1e14, "", "x", "1000", [], {}, { __proto__: null }),
  fc.string({ maxLength: 4 }),
  fc.dictionary(fc.constantFrom("cosmoshub-4", "osmosis-1", "__proto__"), fc.oneof(fc.string({ maxLength: 3 }), fc.constant(1))),
);
const field = fc.constantFrom("route", "amount", "addresses", "timeout_seconds", "forward_retries", "now_ms", "from", "to", "extra");
const assetField = fc.constantFrom("denom", "chain_id", "trace", "is_cw20", "is_svm", "symbol", "decimals", "token_contract", "extra");
// Each edit is left out half the time (fast-check's default is a fifth), so about one run in eight
// is a request as the router gave it and the accepted side is always exercised.
const request = fc.record({
  route: fc.constantFrom(...routes),
  replaced: fc.option(fc.tuple(field, edge), { nil: undefined, freq: 2 }),
  hopField: fc.option(fc.tuple(fc.constantFrom("kind", "port", "channel", "starts_tx", "from"), edge), { nil: undefined, freq: 2 }),
  asset: fc.option(fc.tuple(fc.constantFrom("from", "to"), assetField, edge), { nil: undefined, freq: 2 }),
});

describe("the request read with the route's own assets", () => {
  it("answers exactly as the plain schema's parse, data and errors alike", () => {
    let accepted = 0;
    fc.assert(
      fc.property(request, ({ route, replaced, hopField, asset }) => {
        const body: Record<string, unknown> = { route, amount: "1000", addresses: ADDRESSES };
        let hop: Record<string, unknown> = { ...route.hops[0] };
        if (hopField !== undefined) hop = { ...hop, [hopField[0]]: hopField[1] };
        // A caller's asset edited in place of the router's own: parsed, and judged as before.
        if (asset !== undefined) hop = { ...hop, [asset[0]]: { ...(hop[asset[0]] as object), [asset[1]]: asset[2] } };
        if (hopField !== undefined || asset !== undefined) body.route = { ...route, hops: [hop, ...route.hops.slice(1)] };
        if (replaced !== undefined) body[replaced[0]] = replaced[1];
        const shared = outcome(() => parseRequest(body));
        expect(shared).toEqual(outcome(() => parseArgument(TransferMessagesRequestSchema, body, SITE)));
        if ("data" in shared) accepted++;
      }),
    );
    expect(accepted).toBeGreaterThan(0);
  });
});
