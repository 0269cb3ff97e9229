/**
 * The wire format of `destinations`: for one source asset, every chain of the registry but the
 * source's, each with what the source becomes there (exactly the assets_from_source group of that
 * chain) or the explain verdict and reasons saying why nothing passes. The request is the
 * assets_from_source request, so its filters mean what they mean there.
 */
import * as z from "zod/mini";
import { ReasonSchema, VerdictSchema } from "./explain.js";
import { AssetsFromSourceRequestSchema, WireAssetSchema, type AssetsFromSourceOptions, type AssetsFromSourceRequest } from "./schema.js";

/** The assets_from_source request: the source asset and its filters (`group_by` is accepted and changes nothing). */
export const DestinationsRequestSchema = AssetsFromSourceRequestSchema;
export type DestinationsRequest = AssetsFromSourceRequest;
export type DestinationsOptions = AssetsFromSourceOptions;

export const DestinationSchema = z.readonly(
  z.object({
    chain_id: z.string(),
    /** As explain answers for this chain with the request's filters (and EVM and no-metadata assets counted, as assets_from_source does). */
    verdict: VerdictSchema,
    /** At least one asset passes the filters (`verdict.kind` is `reachable`). */
    reachable: z.boolean(),
    /** The chain's group of the assets_from_source answer, in its order; empty when not reachable. */
    assets: z.readonly(z.array(WireAssetSchema)).check(z.describe("What the source becomes on this chain, as assets_from_source lists it")),
    /** Why nothing passes, as explain gives them for this chain; empty when reachable. */
    reasons: z.readonly(z.array(ReasonSchema)),
  }),
);
export type Destination = z.infer<typeof DestinationSchema>;

export const DestinationsResponseSchema = z.readonly(
  z.object({
    /** The source asset as the registry spells it. */
    source: WireAssetSchema,
    /** Every chain of the registry except the source's (killed chains included, with `chain_killed`), sorted by chain id. */
    destinations: z.readonly(z.array(DestinationSchema)),
  }),
);
export type DestinationsResponse = z.infer<typeof DestinationsResponseSchema>;
