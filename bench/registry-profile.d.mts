import type { Registry } from "../src/registry/schema.js";

export interface RegistryProfile {
  chains: { chain_type: string; pfm_enabled: boolean; forwards_after_bridge: boolean; degree: number; assets: unknown[] }[];
  pairChannels: unknown[][];
  bridgeComponents: { members: unknown[]; edges: unknown[] }[];
  swapVenues: { size: number }[];
  counts: {
    chains: number;
    assets: number;
    natives: number;
    vouchers: number;
    ibc_channels: number;
    connected_pairs: number;
    bridge_links: number;
    swap_venues: number;
  };
}
export function registryProfile(registry: Registry): RegistryProfile;
