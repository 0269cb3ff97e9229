/**
 * The fast path of request parsing: a plain, well-formed request object (the common case, and what
 * the HTTP handler passes) checked by hand in well under a microsecond, against several for the
 * zod parse, which dominated a typical small answer. Anything else (an unknown or extra key, a
 * wrong type, swaps, a getter that throws, a Proxy, a null-prototype object) returns `null`, and
 * the caller parses with the schema, which gives the errors. So this accepts a subset of what the
 * schemas in src/wire/schema.ts accept and returns exactly what they would
 * (test/query/plain-request.test.ts compares the two).
 */
import {
  RECOMMENDATION_REASONS,
  type AssetsBetweenChainsOptions,
  type AssetsFromSourceOptions,
} from "../wire/schema.js";

const FROM_SOURCE_KEYS = new Set([
  "source_asset_denom",
  "source_asset_chain_id",
  "allow_multi_tx",
  "recommendation_reason",
  "include_swaps",
  "swap_venues",
  "native_only",
  "group_by",
  "include_cw20_assets",
]);
const BETWEEN_KEYS = new Set([
  "source_chain_id",
  "dest_chain_id",
  "include_no_metadata_assets",
  "include_cw20_assets",
  "include_evm_assets",
  "allow_multi_tx",
]);
const REASONS: ReadonlySet<unknown> = new Set(RECOMMENDATION_REASONS);

/** An assets_from_source request without swaps, as the schema would parse it; `null`: parse it. */
export function plainFromSourceOptions(request: unknown): AssetsFromSourceOptions | null {
  try {
    const r = plainObject(request, FROM_SOURCE_KEYS);
    if (r === null) return null;
    const denom = r.source_asset_denom;
    const chainId = r.source_asset_chain_id;
    if (!nonEmptyString(denom) || !nonEmptyString(chainId)) return null;
    // swap_venues is ignored (unchecked) without include_swaps; with it, the schema checks the venues.
    if (r.include_swaps != null && r.include_swaps !== false) return null;
    const reason = r.recommendation_reason ?? "UNKNOWN";
    if (!REASONS.has(reason)) return null;
    if (r.group_by != null && r.group_by !== "chain_id") return null;
    const allowMultiTx = flag(r.allow_multi_tx);
    const nativeOnly = flag(r.native_only);
    const cw20 = flag(r.include_cw20_assets);
    if (allowMultiTx === null || nativeOnly === null || cw20 === null) return null;
    return {
      source_asset_denom: denom,
      source_asset_chain_id: chainId,
      allow_multi_tx: allowMultiTx,
      recommendation_reason: reason as AssetsFromSourceOptions["recommendation_reason"],
      include_swaps: false,
      swap_venues: null,
      native_only: nativeOnly,
      group_by: "chain_id",
      include_cw20_assets: cw20,
    };
  } catch {
    return null; // a getter or Proxy trap that throws: the schema's parse reports it
  }
}

/** An assets_between_chains request, as the schema would parse it; `null`: parse it. */
export function plainBetweenOptions(request: unknown): AssetsBetweenChainsOptions | null {
  try {
    const r = plainObject(request, BETWEEN_KEYS);
    if (r === null) return null;
    const source = r.source_chain_id;
    const dest = r.dest_chain_id;
    if (!nonEmptyString(source) || !nonEmptyString(dest) || source === dest) return null;
    const noMetadata = flag(r.include_no_metadata_assets);
    const cw20 = flag(r.include_cw20_assets);
    const evm = flag(r.include_evm_assets);
    const multiTx = flag(r.allow_multi_tx);
    if (noMetadata === null || cw20 === null || evm === null || multiTx === null) return null;
    return {
      source_chain_id: source,
      dest_chain_id: dest,
      include_no_metadata_assets: noMetadata,
      include_cw20_assets: cw20,
      include_evm_assets: evm,
      allow_multi_tx: multiTx,
    };
  } catch {
    return null;
  }
}

/** `value` as a record when it is an ordinary object whose enumerable keys are all `known`. */
function plainObject(value: unknown, known: ReadonlySet<string>): Record<string, unknown> | null {
  if (typeof value !== "object" || value === null || Object.getPrototypeOf(value) !== Object.prototype) return null;
  for (const key in value) if (!known.has(key)) return null;
  return value as Record<string, unknown>;
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === "string" && value.length > 0;
}

/** A flag as the schema reads it (absent or null: false), or `null` when it is not one. */
function flag(value: unknown): boolean | null {
  if (value === true) return true;
  if (value === false || value === undefined || value === null) return false;
  return null;
}
