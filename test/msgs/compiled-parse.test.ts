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
import { ADDRESSES, replacedField, replacedHopField, sampleRoutes } from "./request-edits.js";

const router = await shippedRouter();
const routes = sampleRoutes(router);
const request = fc.record({ route: fc.constantFrom(...routes), replaced: replacedField, hopField: replacedHopField });

describe("the msgs request's compiled parse", () => {
  it("is compiled here (Node allows new Function), so the property below compares two parsers", () => {
    expect(compiled(TransferMessagesRequestSchema)).not.toBe(TransferMessagesRequestSchema);
  });

  it("answers exactly as zod's own parse, data and errors alike", () => {
    let accepted = 0;
    fc.assert(
      fc.property(request, ({ route, replaced, hopField }) => {
        const body: Record<string, unknown> = { route, amount: "1000", addresses: ADDRESSES };
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
