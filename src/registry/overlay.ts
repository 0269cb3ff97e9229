/**
 * Facts the npm package `chain-registry` lacks, kept in the project as data (./data/overlay.json,
 * docs/data.md): chain ids for chains it lists without one (EVM chains, Solana), and the capability
 * flags that decide txs_required. Every fact names the public source it was read from; a fact
 * without a source is left out, so a missing flag means "not known", which the router treats as
 * false. The file is checked against the schema below the first time the adapter needs it (the
 * shipped datasets are compiled with it, so a broken file fails the build), never at import.
 */
import * as z from "zod/mini";
import { safeParseArgument } from "../arguments.js";
import { errorFromZod } from "../errors.js";
import overlayFile from "./data/overlay.json" with { type: "json" };
import { ChainSchema } from "./schema.js";

const Source = z.string().check(z.minLength(10, "must name the public source of the fact"));

const ChainTypeSchema = ChainSchema.shape.chain_type.def.innerType;
export type ChainType = z.infer<typeof ChainTypeSchema>;

const OverlayChainIdSchema = z.strictObject({ chain_id: z.string().check(z.minLength(1)), chain_type: ChainTypeSchema, source: Source });
export type OverlayChainId = z.infer<typeof OverlayChainIdSchema>;

const SourcedFlagSchema = z.strictObject({ value: z.boolean(), source: Source });
export type SourcedFlag = z.infer<typeof SourcedFlagSchema>;

/** The capability flags of a chain (registry `Chain`), each meaning what docs/behaviour.md says. */
export const CAPABILITY_FLAGS = ["pfm_enabled", "supports_memo", "ibc_hooks", "autopilot", "forwards_after_bridge"] as const;
export type CapabilityFlag = (typeof CAPABILITY_FLAGS)[number];
export type CapabilityFlags = Record<CapabilityFlag, boolean>;

const OverlayCapabilitiesSchema = z.strictObject(
  Object.fromEntries(CAPABILITY_FLAGS.map((flag) => [flag, z.optional(SourcedFlagSchema)])) as Record<CapabilityFlag, z.ZodMiniOptional<typeof SourcedFlagSchema>>,
);
export type OverlayCapabilities = z.infer<typeof OverlayCapabilitiesSchema>;

export const ChainRegistryOverlaySchema = z.strictObject({
  /** By chain-registry `chainName`; wins over the package's own chain id. */
  chainIds: z.record(z.string(), OverlayChainIdSchema),
  /** By chain id. */
  capabilities: z.record(z.string(), OverlayCapabilitiesSchema),
});
export type ChainRegistryOverlay = z.infer<typeof ChainRegistryOverlaySchema>;

/** The overlay file: the overlay with a line saying what it is. */
const OverlayFileSchema = z.extend(ChainRegistryOverlaySchema, { about: z.string().check(z.minLength(1)) });

/** An overlay file's JSON checked; throws `FungibleError("invalid_registry")` with every problem's path. */
export function parseOverlay(json: unknown): ChainRegistryOverlay {
  const result = safeParseArgument(OverlayFileSchema, json, { fn: "parseOverlay", arg: "json", code: "invalid_registry" });
  if (!result.success) throw errorFromZod("invalid_registry", "parseOverlay: the overlay is invalid", result.error);
  return { chainIds: result.data.chainIds, capabilities: result.data.capabilities };
}

let embedded: ChainRegistryOverlay | undefined;

/** The project's overlay (./data/overlay.json), checked once, on first use. */
export function defaultOverlay(): ChainRegistryOverlay {
  embedded ??= parseOverlay(overlayFile);
  return embedded;
}

/** The overlay's chain id entry for a chain-registry chain name; own keys only. */
export function overlayChainIdFor(overlay: ChainRegistryOverlay, chainName: string): OverlayChainId | undefined {
  return Object.hasOwn(overlay.chainIds, chainName) ? overlay.chainIds[chainName] : undefined;
}

/** The capability flags the overlay knows for a chain id; false where it has no sourced fact. */
export function overlayCapabilitiesFor(overlay: ChainRegistryOverlay, chainId: string): CapabilityFlags {
  const caps = Object.hasOwn(overlay.capabilities, chainId) ? overlay.capabilities[chainId] : undefined;
  return Object.fromEntries(CAPABILITY_FLAGS.map((flag) => [flag, caps?.[flag]?.value ?? false])) as CapabilityFlags;
}
