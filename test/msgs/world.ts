/** A simulator world made from a router's registry, users' addresses, and delivery of built messages. */
import { randomBytes } from "node:crypto";
import { bech32 } from "bech32";
import { buildRouter, ibcDenom, parseRegistry, type AssetRouter } from "../../src/index.js";
import type { Route } from "../../src/wire/route.js";
import { transferMessages, type TransferMessages } from "../../src/msgs/transfer-messages.js";
import { hashDenom, Ics20World } from "./ics20-simulator.js";
import { transferRulesOf } from "../../src/registry/transfer-rules.js";

export const NOW_MS = 1_800_000_000_000;

/** A chain's transfer switches as a state snapshot reports them (`transfer.value`). */
export type Switches = Record<string, { send_enabled: boolean; receive_enabled: boolean }>;

export function worldOf(router: AssetRouter, nowMs = NOW_MS, switches: Switches = {}): Ics20World {
  const { chains, ibc_channels } = router.registry;
  // Which chain runs which middleware: the registry's rules as data; what each middleware does is the simulator's own.
  const rules = transferRulesOf(router.registry);
  const blockIbc = (id: string) => rules.flatMap((rule) => (rule.kind === "receiver_account" && rule.chain_id === id ? rule.base_denoms : []));
  const filters = (id: string) => rules.some((rule) => rule.kind === "inbound_returning_only" && rule.chain_id === id);
  return new Ics20World(
    chains.map((chain) => ({ chain_id: chain.chain_id, bech32_prefix: chain.bech32_prefix ?? "", pfm: chain.pfm_enabled, blockIbcDenoms: blockIbc(chain.chain_id), tokenFilter: filters(chain.chain_id), sendEnabled: switches[chain.chain_id]?.send_enabled ?? true, receiveEnabled: switches[chain.chain_id]?.receive_enabled ?? true })),
    ibc_channels.map(({ chain_1: a, chain_2: b }) => ({ a: { chain_id: a.chain_id, port: a.port_id, channel: a.channel_id }, b: { chain_id: b.chain_id, port: b.port_id, channel: b.channel_id } })),
    BigInt(nowMs) * 1_000_000n,
  );
}

/** What transferMessages throws for `request` (the test fails when it builds messages instead). */
export function refusal(router: AssetRouter, request: unknown): { code: string; message: string } {
  try {
    transferMessages(router, request as never);
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error("not refused");
}

/** A fresh random account address on each chain that has a prefix. */
export function addressesOf(router: AssetRouter, chainIds: readonly string[]): Record<string, string> {
  const prefixes = new Map(router.registry.chains.map((chain) => [chain.chain_id, chain.bech32_prefix]));
  return Object.fromEntries(chainIds.map((id) => [id, bech32.encode(prefixes.get(id)!, bech32.toWords(randomBytes(20)))]));
}

/** Funds the source account, executes every message in order, and returns what the destination account holds of each denom. */
export function deliver(router: AssetRouter, route: Route, built: TransferMessages, addresses: Record<string, string>, amount: bigint, switches: Switches = {}): { world: Ics20World; received: Map<string, bigint> } {
  const world = worldOf(router, NOW_MS, switches);
  const source = addresses[route.from.chain_id]!;
  world.seedVoucher(route.from.chain_id, source, sourcePath(route), amount);
  for (const message of built.messages) world.executeTransfer(message.chain_id, message.bytes, message.signer);
  const receiver = addresses[route.to.chain_id]!;
  const received = new Map<string, bigint>();
  for (const [key, value] of world.balances) {
    const [chain, owner, denom] = key.split("|");
    if (chain === route.to.chain_id && owner === receiver) received.set(denom!, value);
  }
  return { world, received };
}

/**
 * The full ICS-20 path of the route's source as its chain holds it. Answers write an EVM address
 * EIP-55 checksummed, but a voucher's denom hashes the text its chain received (Eureka's vouchers:
 * lower case), so the spelling whose hash is the source's denom is the one the chain holds.
 */
function sourcePath(route: Route): string {
  const { trace, origin_denom: origin, denom } = route.from;
  if (trace === "") return origin;
  const spellings = [origin, origin.toLowerCase()];
  return spellings.map((spelling) => `${trace}/${spelling}`).find((path) => hashDenom(path) === denom) ?? `${trace}/${origin}`;
}

/** a-1 -> b-1 -> c-1 over channel-0/channel-1, with no packet forwarding: `ua` of a-1 reaches c-1 (`TWO_HOPS`) in two transactions. */
export const TWO_HOPS = "transfer/channel-0/transfer/channel-0";
export function lineWithoutForwarding(): AssetRouter {
  return buildRouter(
    parseRegistry({
      chains: ["a-1", "b-1", "c-1"].map((chain_id, i) => ({ chain_id, bech32_prefix: ["pa", "pb", "pc"][i], pfm_enabled: false })),
      assets: [
        { chain_id: "a-1", denom: "ua" },
        { chain_id: "c-1", denom: ibcDenom(TWO_HOPS, "ua"), trace: TWO_HOPS, origin_chain_id: "a-1", origin_denom: "ua" },
      ],
      ibc_channels: [
        { chain_1: { chain_id: "a-1", channel_id: "channel-0" }, chain_2: { chain_id: "b-1", channel_id: "channel-0" }, status: "ACTIVE" },
        { chain_1: { chain_id: "b-1", channel_id: "channel-1" }, chain_2: { chain_id: "c-1", channel_id: "channel-0" }, status: "ACTIVE" },
      ],
    }),
  );
}
