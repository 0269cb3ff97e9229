import type { Answer } from "./replay-lcd.mjs";
export interface RegistryReplay {
  /** Per chain id, the routes its endpoint answers. */
  routes: Record<string, Record<string, Answer>>;
  /** Per chain id, the requests any reader of its facts must make. */
  minimumRequests: Record<string, number>;
  ends: number;
  clients: number;
  expired: number;
}
export function registryReplay(
  registry: { ibc_channels: readonly { chain_1: { chain_id: string; port_id: string; channel_id: string }; chain_2: { chain_id: string; port_id: string; channel_id: string }; status?: string }[] },
  options: { now: number; seed?: number; expiredShare?: number },
): RegistryReplay;
