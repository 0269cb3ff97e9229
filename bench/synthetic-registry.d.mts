import type { RegistryInput } from "../src/registry/schema.js";
import type { RegistryProfile } from "./registry-profile.mjs";

export interface Random {
  (): number;
  int(n: number): number;
  pick<T>(list: readonly T[]): T;
}
export function rng(seed: number): Random;

export interface SyntheticStats {
  scale: number;
  seed: number;
  chains: number;
  assets: number;
  ibc_channels: number;
  connected_pairs: number;
  bridge_links: number;
  swap_venues: number;
  droppedVouchers: number;
}
export function syntheticRegistry(profile: RegistryProfile, options?: { scale?: number; seed?: number }): { registry: RegistryInput; stats: SyntheticStats };
