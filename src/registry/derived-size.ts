/**
 * What a registry grows into, bounded before it is built. Each native asset derives a voucher on
 * every chain one ACTIVE transfer channel away (docs/behaviour.md §2), so a small registry of many
 * natives on densely joined chains derives millions of assets: a 6.7 MB mesh registry derived 3.6
 * million, took 12 s and 1.2 GB to load, and its every-asset answer outgrew a JavaScript string.
 * The count is bounded above cheaply (natives per chain times the chains it is joined to, one
 * pass over assets and channels) and refused past the larger of a fixed floor and a multiple of
 * the registry's own records: data grows by at most that factor. The shipped mainnet registry
 * derives about 10 vouchers per record (its upper bound: 10.2); the bench's 100x registries keep that ratio.
 */
import { isOwnOrigin, type Registry } from "./schema.js";

/** Derived vouchers any registry may have, however small. */
export const MAX_DERIVED_FLOOR = 250_000;
/** Past the floor: derived vouchers per record of the registry (listed asset or IBC channel). */
export const MAX_DERIVED_PER_RECORD = 32;

export interface DerivedSize {
  /** An upper bound of the vouchers the registry derives. */
  bound: number;
  /** The most it may derive. */
  limit: number;
}

export function derivedSize(registry: Pick<Registry, "assets" | "ibc_channels">): DerivedSize {
  const partners = new Map<string, Set<string>>();
  const join = (from: string, to: string) => {
    let set = partners.get(from);
    if (set === undefined) partners.set(from, (set = new Set()));
    set.add(to);
  };
  for (const { chain_1: a, chain_2: b, status } of registry.ibc_channels) {
    if (status !== "ACTIVE" || a.port_id !== "transfer" || b.port_id !== "transfer" || a.chain_id === b.chain_id) continue;
    join(a.chain_id, b.chain_id);
    join(b.chain_id, a.chain_id);
  }
  let bound = 0;
  for (const asset of registry.assets) {
    if (asset.is_cw20 || !isOwnOrigin(asset)) continue;
    bound += partners.get(asset.chain_id)?.size ?? 0;
  }
  const records = registry.assets.length + registry.ibc_channels.length;
  return { bound, limit: Math.max(MAX_DERIVED_FLOOR, MAX_DERIVED_PER_RECORD * records) };
}

/** Why the registry is too large to build, or undefined. */
export function derivedSizeProblem(registry: Pick<Registry, "assets" | "ibc_channels">): string | undefined {
  const { bound, limit } = derivedSize(registry);
  if (bound <= limit) return undefined;
  const records = registry.assets.length + registry.ibc_channels.length;
  return (
    `its natives would derive up to ${bound} IBC vouchers from ${records} listed assets and channels, past the bound of ${limit} ` +
    `(the larger of ${MAX_DERIVED_FLOOR} and ${MAX_DERIVED_PER_RECORD} per listed asset or channel); list fewer natives or fewer ACTIVE transfer channels`
  );
}
