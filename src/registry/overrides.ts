/**
 * Metadata overrides: corrections a deployer layers over any registry source (a newer symbol, a
 * logo of their own CDN, decimals the package gets wrong) without editing the source.
 *
 * Format (JSON):
 *
 *     { "about": "optional text",
 *       "overrides": [
 *         { "chain_id": "osmosis-1", "denom": "uosmo", "symbol": "OSMO", "logo_uri": "https://..." },
 *         { "chain_id": "1", "denom": "0xA0b8...eB48", "description": null } ] }
 *
 * Each entry names one asset the registry lists by `chain_id` + `denom` (EVM addresses in any
 * case) and sets any of `symbol`, `name`, `decimals` (integer 0-255), `logo_uri`,
 * `recommended_symbol`, `coingecko_id`, `description`. A field left out keeps the registry's
 * value; a field given as `null` removes it (a `symbol: null` makes the asset one without
 * metadata). Fields are independent: a new `symbol` does not change `recommended_symbol`. Unknown
 * fields are errors (a misspelt field must not pass silently), so is an entry that sets nothing,
 * two entries for one asset, and an entry for an asset the registry does not list (derived
 * vouchers included: to give one metadata, list it in the registry).
 */
import { terminalText } from "../wire/safe-text.js";
import * as z from "zod/mini";
import { safeParseArgument } from "../arguments.js";
import { errorFromZod, FungibleError, type ErrorDetail } from "../errors.js";
import { assetKey, type Asset, type Registry } from "./schema.js";

const NonEmpty = z.string().check(z.minLength(1, "must be a non-empty string; null removes the field"));

/** The metadata fields an override may set (`null`: remove). */
const OVERRIDE_FIELDS = [
  "symbol",
  "name",
  "decimals",
  "logo_uri",
  "recommended_symbol",
  "coingecko_id",
  "description",
] as const;

export const AssetOverrideSchema = z
  .strictObject({
    chain_id: z.string().check(z.minLength(1, "must be a non-empty string")),
    denom: z.string().check(z.minLength(1, "must be a non-empty string")),
    symbol: z.optional(z.nullable(NonEmpty)),
    name: z.optional(z.nullable(NonEmpty)),
    decimals: z.optional(z.nullable(z.number().check(z.int(), z.gte(0), z.lte(255)))),
    logo_uri: z.optional(z.nullable(NonEmpty)),
    recommended_symbol: z.optional(z.nullable(NonEmpty)),
    coingecko_id: z.optional(z.nullable(NonEmpty)),
    description: z.optional(z.nullable(NonEmpty)),
  })
  .check(
    z.refine((entry) => OVERRIDE_FIELDS.some((field) => entry[field] !== undefined), {
      message: `an override sets at least one of ${OVERRIDE_FIELDS.join(", ")}`,
    }),
  );
export type AssetOverride = z.infer<typeof AssetOverrideSchema>;

export const OverridesSchema = z
  .strictObject({
    about: z.optional(z.string()),
    overrides: z.array(AssetOverrideSchema),
  })
  .check(
    z.superRefine((file, ctx) => {
      for (const detail of duplicateDetails(file.overrides)) ctx.addIssue({ code: "custom", ...detail });
    }),
  );
export type Overrides = z.infer<typeof OverridesSchema>;

function duplicateDetails(overrides: readonly AssetOverride[]): ErrorDetail[] {
  const first = new Map<string, number>();
  const details: ErrorDetail[] = [];
  overrides.forEach((entry, i) => {
    const key = assetKey(entry.chain_id, entry.denom);
    const j = first.get(key);
    if (j === undefined) first.set(key, i);
    else {
      details.push({
        path: ["overrides", i],
        message: `"${terminalText(entry.denom)}" on "${terminalText(entry.chain_id)}" is already overridden at overrides[${j}]; give one entry per asset`,
      });
    }
  });
  return details;
}

/** Validates an overrides file (JSON already parsed). Throws `FungibleError("invalid_overrides")` with every path. */
export function parseOverrides(json: unknown): Overrides {
  const result = safeParseArgument(OverridesSchema, json, { fn: "parseOverrides", arg: "json", code: "invalid_overrides" });
  if (result.success) return result.data;
  throw errorFromZod("invalid_overrides", "parseOverrides: the overrides file is invalid", result.error);
}

function overridden(asset: Asset, entry: AssetOverride): Asset {
  const next: Record<string, unknown> = { ...asset };
  for (const field of OVERRIDE_FIELDS) {
    const value = entry[field];
    if (value === null) delete next[field];
    else if (value !== undefined) next[field] = value;
  }
  return next as Asset;
}

/**
 * A new registry with the overrides applied; `registry` is not changed. Throws
 * `FungibleError("invalid_overrides")` naming every entry whose asset the registry does not list
 * (path `overrides[i]`) and every second entry for one asset.
 */
export function applyOverrides(registry: Registry, overrides: Overrides): Registry {
  const indexByKey = new Map(registry.assets.map((asset, i) => [assetKey(asset.chain_id, asset.denom), i]));
  const byIndex = new Map<number, AssetOverride>();
  const problems = duplicateDetails(overrides.overrides);
  overrides.overrides.forEach((entry, i) => {
    const index = indexByKey.get(assetKey(entry.chain_id, entry.denom));
    if (index === undefined) {
      problems.push({
        path: ["overrides", i],
        message: `asset "${terminalText(entry.denom)}" on chain "${terminalText(entry.chain_id)}" is not listed in the registry`,
      });
    } else if (!byIndex.has(index)) byIndex.set(index, entry);
  });
  if (problems.length > 0) {
    problems.sort((a, b) => (a.path[1] as number) - (b.path[1] as number));
    const lines = problems.map((p) => `  overrides[${p.path[1]}]: ${p.message}`);
    throw new FungibleError(
      "invalid_overrides",
      `applyOverrides: ${problems.length === 1 ? "an override does" : `${problems.length} overrides do`} not apply\n${lines.join("\n")}`,
      problems,
    );
  }
  return { ...registry, assets: registry.assets.map((asset, i) => (byIndex.has(i) ? overridden(asset, byIndex.get(i)!) : asset)) };
}
