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
import { ADDRESSES, edge, maybe, replacedField, replacedHopField, sampleRoutes } from "./request-edits.js";

const router = await shippedRouter();
const routes = sampleRoutes(router);
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

const assetField = fc.constantFrom("denom", "chain_id", "trace", "is_cw20", "is_svm", "symbol", "decimals", "token_contract", "extra");
const request = fc.record({
  route: fc.constantFrom(...routes),
  replaced: replacedField,
  hopField: replacedHopField,
  asset: maybe(fc.tuple(fc.constantFrom("from", "to"), assetField, edge)),
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
