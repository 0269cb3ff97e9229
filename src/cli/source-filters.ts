/**
 * The filters of an assets_from_source request as flags, and the request they spell: shared by
 * `from-source` and `destinations`, whose requests are the same (DestinationsRequest is the
 * assets_from_source request).
 */
import type { AssetRef } from "../registry/schema.js";
import type { AssetsFromSourceRequest } from "../wire/schema.js";
import { parseAssetArg, parseVenueArg } from "./asset-arg.js";
import type { OptionSpecs } from "./command.js";

export const SOURCE_FILTER_OPTIONS = {
  "allow-multi-tx": { type: "boolean", help: "include assets that need more than one transaction" },
  "native-only": { type: "boolean", help: "only native assets (empty trace)" },
  "include-cw20-assets": { type: "boolean", help: "include CW20 tokens" },
  "include-swaps": { type: "boolean", help: "let routes swap on the registry's swap venues" },
  "swap-venue": { type: "string", multiple: true, arg: "CHAIN:NAME", help: "with --include-swaps, only this venue" },
  "recommendation-reason": { type: "string", arg: "R", help: "UNKNOWN (default), DIRECT, BASE_TOKEN or MOST_LIQUID" },
} as const satisfies OptionSpecs;

interface SourceFilterFlags {
  "allow-multi-tx"?: boolean | undefined;
  "native-only"?: boolean | undefined;
  "include-cw20-assets"?: boolean | undefined;
  "include-swaps"?: boolean | undefined;
  "swap-venue"?: string[] | undefined;
  "recommendation-reason"?: string | undefined;
}

/** The request of `<chain_id>:<denom>` and the filter flags; the source as parsed, for the caller's own use. */
export function sourceRequest(command: string, sourceText: string, values: SourceFilterFlags): { ref: AssetRef; request: AssetsFromSourceRequest } {
  const ref = parseAssetArg(command, sourceText);
  const request: AssetsFromSourceRequest = {
    source_asset_denom: ref.denom,
    source_asset_chain_id: ref.chain_id,
    allow_multi_tx: values["allow-multi-tx"] ?? false,
    native_only: values["native-only"] ?? false,
    include_cw20_assets: values["include-cw20-assets"] ?? false,
    include_swaps: values["include-swaps"] ?? false,
    // Passed through as text: the request schema validates it, so CLI and HTTP reject the same values.
    recommendation_reason: (values["recommendation-reason"] ?? null) as AssetsFromSourceRequest["recommendation_reason"],
    swap_venues: values["swap-venue"]?.map((text) => parseVenueArg(command, text)) ?? null,
  };
  return { ref, request };
}
