/**
 * How the Skip Go API names each bridge type (./data/bridges.json, every fact with its source):
 * what /v2/info/bridges lists for the bridge types the data uses. Checked on first use, never at
 * import; every bridge type the router knows must have an entry.
 */
import * as z from "zod";
import { errorFromZod } from "../errors.js";
import { BRIDGE_TYPES, type BridgeType } from "../wire/schema.js";
import bridgesFile from "./data/bridges.json" with { type: "json" };

const BridgeFactSchema = z.strictObject({ name: z.string().min(1), logo_uri: z.url().optional(), source: z.string().min(10, "must name the public source of the fact") });
export type BridgeFact = z.infer<typeof BridgeFactSchema>;

const BridgesFileSchema = z.strictObject({
  about: z.string().min(1),
  bridges: z.strictObject(Object.fromEntries(BRIDGE_TYPES.map((type) => [type, BridgeFactSchema])) as Record<BridgeType, typeof BridgeFactSchema>),
});

let facts: Readonly<Record<BridgeType, BridgeFact>> | undefined;

/** Name, logo and source of every bridge type. */
export function bridgeFacts(): Readonly<Record<BridgeType, BridgeFact>> {
  if (facts === undefined) {
    const result = BridgesFileSchema.safeParse(bridgesFile);
    if (!result.success) throw errorFromZod("invalid_registry", "bridgeFacts: src/registry/data/bridges.json is invalid", result.error);
    facts = result.data.bridges;
  }
  return facts;
}
