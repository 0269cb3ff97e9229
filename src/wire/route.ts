/**
 * A chosen route as the library, the CLI (`route --json`) and HTTP return it. Each hop kind
 * carries exactly its own facts: a channel for IBC, a bridge type for a bridge, a venue for a swap.
 */
import * as z from "zod/mini";
import { BRIDGE_TYPES, BridgeTypeSchema, WireAssetSchema, type BridgeType, type WireAsset } from "./schema.js";

/**
 * The hops of a route over `asset`, the schema of each asset in it: `WireAssetSchema` for every
 * route the contract names; src/msgs reads a request's route over one that also takes the
 * router's own frozen asset objects as they are.
 */
function hopSchemaOver<A extends z.core.$ZodType<WireAsset>>(asset: A) {
  const hopFields = {
    from: asset,
    to: asset,
    /** A new transaction must be signed before this step (always true for the first). */
    starts_tx: z.boolean().check(z.describe("A new transaction is signed before this step (always true for the first)")),
  };

  const IbcHopSchema = z.readonly(
    z.object({
      kind: z.literal("ibc"),
      bridge: z.literal("IBC"),
      /** The sending chain's end of the channel. */
      port: z.string(),
      channel: z.string(),
      /**
       * Present when this IBC hop is the Cosmos leg of an Axelar transfer: the hop between
       * axelar-dojo-1 and the chain Axelar delivers to (or sends from). It opens no transaction at
       * axelar-dojo-1 and adds no `IBC` to the route's bridges.
       */
      part_of: z
        .optional(z.literal("AXELAR"))
        .check(z.describe("AXELAR when this IBC hop is the Cosmos leg of an Axelar transfer (no new transaction at axelar-dojo-1, no IBC in bridges)")),
      ...hopFields,
    }),
  );

  const BridgeHopSchema = z.readonly(z.object({ kind: z.literal("bridge"), bridge: z.enum(BRIDGE_TYPES.filter((type): type is Exclude<BridgeType, "IBC"> => type !== "IBC")), ...hopFields }));

  const SwapHopSchema = z.readonly(z.object({ kind: z.literal("swap"), venue: z.string(), ...hopFields }));

  return z.discriminatedUnion("kind", [IbcHopSchema, BridgeHopSchema, SwapHopSchema]);
}

export const RouteHopSchema = hopSchemaOver(WireAssetSchema);
export type RouteHop = z.infer<typeof RouteHopSchema>;
export type HopKind = RouteHop["kind"];

/** A route whose assets are read by `asset` (see hopSchemaOver); its hops by `hop`, made over the same one. */
export function routeSchemaOver<A extends z.core.$ZodType<WireAsset>>(asset: A, hop = hopSchemaOver(asset)) {
  return z.readonly(
    z.object({
      from: asset,
      to: asset,
      txs_required: z.number().check(z.int(), z.gte(0)),
      bridges: z.readonly(z.array(BridgeTypeSchema)),
      hops: z.readonly(z.array(hop)),
    }),
  );
}

export const RouteSchema = routeSchemaOver(WireAssetSchema, RouteHopSchema);
export type Route = z.infer<typeof RouteSchema>;
