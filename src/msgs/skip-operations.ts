/**
 * A checked route as the Skip Go API's `operations` (skip-mev/skip-go docs/swagger.yml Operation;
 * `@skip-go/client` 1.6.1 TransferJson, CCTPTransferJson, EurekaTransferJson, AxelarTransferJson):
 * a `transfer` per IBC hop, a `cctp_transfer` or `eureka_transfer` per bridge leg, and one
 * `axelar_transfer` for an Axelar leg's IBC hop and its Axelar transfer together (as the hosted
 * API writes it, its IBC hop under `ibc_transfer_to_axelar`). Fields that need a hosted quote
 * (fees, smart relay quotes) are left out, not invented.
 */
import type { Route, RouteHop } from "../wire/route.js";
import type { SkipOperation } from "../wire/msgs.js";
import type { Leg } from "./bridge-legs.js";
import type { RegistryFacts } from "./check-route.js";

type IbcHop = Extract<RouteHop, { kind: "ibc" }>;

export interface RouteOperations {
  operations: SkipOperation[];
  /** Each transaction's operation indices (what `operations_indices` holds). */
  indicesByTx: number[][];
}

function ibcTransfer(hop: IbcHop, facts: RegistryFacts) {
  const chain = facts.chains.get(hop.from.chain_id)!;
  return {
    port: hop.port,
    channel: hop.channel,
    from_chain_id: hop.from.chain_id,
    to_chain_id: hop.to.chain_id,
    pfm_enabled: chain.pfm_enabled,
    // The wire meaning (SEMANTICS rev 4): the chain's transfer accepts a memo, always so where PFM runs.
    supports_memo: chain.supports_memo || chain.pfm_enabled,
    denom_in: hop.from.denom,
    denom_out: hop.to.denom,
    bridge_id: "IBC" as const,
    smart_relay: false as const,
    chain_id: hop.from.chain_id,
    dest_denom: hop.to.denom,
  };
}

function legOperations(route: Route, tx: readonly number[], leg: Leg, facts: RegistryFacts) {
  if (leg.kind === "ibc") return tx.map((i) => ({ transfer: ibcTransfer(route.hops[i] as IbcHop, facts) }));
  const { from, to } = leg.kind === "axelar" ? { from: leg.ibc.from, to: leg.bridge.to } : leg.hop;
  const ends = { from_chain_id: from.chain_id, to_chain_id: to.chain_id, smart_relay: false as const };
  if (leg.kind === "cctp") return [{ cctp_transfer: { ...ends, burn_token: leg.burnToken, denom_in: from.denom, denom_out: to.denom, bridge_id: "CCTP" as const } }];
  if (leg.kind === "eureka") {
    const chain = facts.chains.get(from.chain_id)!;
    const eureka = { destination_port: "transfer", source_client: leg.clientId, ...ends, pfm_enabled: chain.pfm_enabled, supports_memo: chain.supports_memo || chain.pfm_enabled, denom_in: from.denom, denom_out: to.denom };
    return [{ eureka_transfer: { ...eureka, bridge_id: "EUREKA" as const } }];
  }
  const axelarDenom = leg.ibc.to.denom;
  const testnet = facts.chains.get(leg.ibc.to.chain_id)?.is_testnet === true;
  const axelar = { ...ends, to_chain: leg.chainName, asset: axelarDenom, should_unwrap: false as const, denom_in: axelarDenom, denom_out: to.denom, is_testnet: testnet };
  return [{ axelar_transfer: { ...axelar, ibc_transfer_to_axelar: ibcTransfer(leg.ibc, facts), bridge_id: "AXELAR" as const } }];
}

export function routeOperations(route: Route, legs: readonly { tx: number[]; leg: Leg }[], amount: string, facts: RegistryFacts): RouteOperations {
  const operations: SkipOperation[] = [];
  const indicesByTx = legs.map(({ tx, leg }, txIndex) =>
    legOperations(route, tx, leg, facts).map((operation) => operations.push({ ...operation, tx_index: txIndex, amount_in: amount, amount_out: amount }) - 1),
  );
  return { operations, indicesByTx };
}

const KEYS = ["from_chain_id", "to_chain_id", "denom_in", "denom_out", "port", "channel", "source_client", "burn_token", "to_chain"] as const;

/** An operation a client sends back is ours when its kind and the fields that name the move are ours (what it adds, such as quotes, is ignored). */
export function sameOperation(given: unknown, ours: SkipOperation): boolean {
  if (typeof given !== "object" || given === null) return false;
  const op = given as Record<string, unknown>;
  const [kind, body] = Object.entries(ours).find(([key]) => key.endsWith("transfer"))! as [string, Record<string, unknown>];
  const theirs = op[kind];
  if (typeof theirs !== "object" || theirs === null) return false;
  return KEYS.every((key) => (theirs as Record<string, unknown>)[key] === body[key]) && (op.tx_index === undefined || op.tx_index === ours.tx_index);
}
