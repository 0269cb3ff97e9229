/**
 * The msgs request is parsed by zod's compiled parser where the runtime allows it (src/wire/
 * compiled.ts) and by zod's own parse where it does not (Workers, zod's jitless setting): both
 * must give the same answer, and the same errors, on any request. Checked on real routes of the
 * shipped dataset, whole and with one part of the request replaced by a value near its edge.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeParse } from "../../src/errors.js";
import { compiled } from "../../src/wire/compiled.js";
import { TransferMessagesRequestSchema } from "../../src/wire/msgs.js";
import { shippedRouter } from "../support/shipped-router.js";

const router = await shippedRouter();
const ATOM_ON_OSMOSIS = "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2";
const routes = [
  router.route({ chain_id: "cosmoshub-4", denom: "uatom" }, { chain_id: "osmosis-1", denom: ATOM_ON_OSMOSIS }),
  router.route({ chain_id: "osmosis-1", denom: "uosmo" }, { chain_id: "cosmoshub-4", denom: "ibc/14F9BC3E44B8A9C1BE1FB08980FAB87034C9905EF17CF2F5008FC085218811CC" }),
].filter((route) => route !== null);

const edge = fc.oneof(
  fc.constantFrom(undefined, null, true, 0, -1, 1.5, 256, 1e14, "", "x", "1000", [], {}, { __proto__: null }),
  fc.string({ maxLength: 4 }),
  fc.dictionary(fc.constantFrom("cosmoshub-4", "osmosis-1", "__proto__"), fc.oneof(fc.string({ maxLength: 3 }), fc.constant(1))),
);
const field = fc.constantFrom("route", "amount", "addresses", "timeout_seconds", "forward_retries", "now_ms", "from", "to", "extra");
const request = fc.record({
  route: fc.constantFrom(...routes),
  replaced: fc.option(fc.tuple(field, edge), { nil: undefined }),
  hopField: fc.option(fc.tuple(fc.constantFrom("kind", "port", "channel", "starts_tx", "from"), edge), { nil: undefined }),
});

describe("the msgs request's compiled parse", () => {
  it("is compiled here (Node allows new Function), so the property below compares two parsers", () => {
    expect(compiled(TransferMessagesRequestSchema)).not.toBe(TransferMessagesRequestSchema);
  });

  it("answers exactly as zod's own parse, data and errors alike", () => {
    let accepted = 0;
    fc.assert(
      fc.property(request, ({ route, replaced, hopField }) => {
        const body: Record<string, unknown> = { route, amount: "1000", addresses: { "cosmoshub-4": "cosmos1x", "osmosis-1": "osmo1x" } };
        if (hopField !== undefined) body.route = { ...route, hops: [{ ...route.hops[0], [hopField[0]]: hopField[1] }, ...route.hops.slice(1)] };
        if (replaced !== undefined) body[replaced[0]] = replaced[1];
        // A check may throw (the amount's BigInt on text the regex refused): the same throw, then.
        const outcome = (schema: typeof TransferMessagesRequestSchema) => {
          try {
            const result = safeParse(schema, body);
            return result.success ? { data: result.data } : { issues: result.error.issues };
          } catch (error) {
            return { threw: String(error) };
          }
        };
        const fast = outcome(compiled(TransferMessagesRequestSchema));
        expect(fast).toEqual(outcome(TransferMessagesRequestSchema));
        if ("data" in fast) accepted++;
      }),
    );
    expect(accepted).toBeGreaterThan(0);
  });
});
