/**
 * A route checked before messages are built from it, hop by hop against the router's registry:
 * each hop starting where the previous one ended; an IBC hop over the ICS-20 `transfer` port, over
 * a channel the registry has between those two chains and not INACTIVE, arriving with the denom
 * the ICS-20 rules give, and forwarded without a new transaction only by a chain with the
 * packet-forward middleware; a bridge hop over a link the registry has, that way; no hop a chain's
 * transfer rules or the state's refusals stop (the rule book the model routes by, so a route the
 * router gives passes and a route kept from before a state refresh is refused as the chains would
 * refuse it); then each transaction a leg this service builds (./bridge-legs.ts: plain IBC, or
 * CCTP, Eureka or Axelar from a Cosmos chain); a swap or another leg is refused, naming it.
 */
import { FungibleError } from "../errors.js";
import { isEvmAddress } from "../denom/evm-address.js";
import { forwardTrace, unwindTrace, voucherDenom } from "../denom/trace.js";
import { channelKey, indexChannelsByEnd, type ChannelView } from "../registry/channel-ends.js";
import { assetKey, type AssetRef, type Chain, type Registry } from "../registry/schema.js";
import { citeRule } from "../registry/transfer-rules.js";
import { describeRefusal, type TransferRefusal } from "../registry/transfer-refusals.js";
import { transferRuleBook, type TransferRuleBook } from "../model/transfer-rule-book.js";
import type { Route, RouteHop } from "../wire/route.js";
import type { WireAsset } from "../wire/schema.js";
import { hopName, legOf, type Leg } from "./bridge-legs.js";

export interface RegistryFacts {
  chains: Map<string, Chain>;
  /** `channelKey` of one end -> both ends (the one channel index, `channelIndex`). */
  channels: ReadonlyMap<string, ChannelView>;
  /**
   * Every spelling the registry gives each EVM address (key: lower case). Answers write EIP-55,
   * but an IBC denom hashes the text the chain wrote, so a voucher's denom is checked against these.
   */
  evmSpellings: Map<string, Set<string>>;
  /** What each chain's transfer stack accepts (receivers it checks), from the registry's transfer rules. */
  rules: TransferRuleBook;
  /** Each way a bridge link of the registry carries tokens: `bridgeWay(bridge, from, to)`. */
  bridgeWays: ReadonlySet<string>;
}

const factsOfRegistry = new WeakMap<Registry, RegistryFacts>();

export function registryFacts(registry: Registry): RegistryFacts {
  let facts = factsOfRegistry.get(registry);
  if (facts === undefined) {
    const channels = indexChannelsByEnd(registry.ibc_channels);
    const evmSpellings = new Map<string, Set<string>>();
    for (const asset of registry.assets) {
      for (const denom of [asset.denom, asset.origin_denom]) {
        if (!isEvmAddress(denom)) continue;
        const key = denom.toLowerCase();
        evmSpellings.set(key, (evmSpellings.get(key) ?? new Set()).add(denom));
      }
    }
    const bridgeWays = new Set<string>();
    for (const link of registry.bridge_links) {
      bridgeWays.add(bridgeWay(link.bridge, link.from, link.to));
      if (link.bidirectional) bridgeWays.add(bridgeWay(link.bridge, link.to, link.from));
    }
    facts = { chains: new Map(registry.chains.map((chain) => [chain.chain_id, chain])), channels, evmSpellings, rules: transferRuleBook(registry), bridgeWays };
    factsOfRegistry.set(registry, facts);
  }
  return facts;
}

/** A bridge link's direction as a key; denoms as the registry's asset keys compare them (EVM addresses folded). */
function bridgeWay(bridge: string, from: AssetRef, to: AssetRef): string {
  return `${bridge}\u0001${assetKey(from.chain_id, from.denom)}\u0001${assetKey(to.chain_id, to.denom)}`;
}

const sameAsset = (a: WireAsset, b: WireAsset) => a.chain_id === b.chain_id && a.denom === b.denom;

/** The checked route's transactions, each as its hop indices. */
export function transactions(route: Route): number[][] {
  const txs: number[][] = [];
  route.hops.forEach((hop, i) => (hop.starts_tx || i === 0 ? txs.push([i]) : txs.at(-1)!.push(i)));
  return txs;
}

/** The legs of `route`'s transactions, checked; a FungibleError naming the first hop that is not right. */
export function checkRoute(fn: string, route: Route, facts: RegistryFacts): readonly { tx: number[]; leg: Leg }[] {
  if (route.hops.length === 0) throw new FungibleError("invalid_request", `${fn}: the route has no hop (from and to are the same asset): there is nothing to transfer`);
  // Which legs are built first: a leg that is not (501) says so before the facts of its hops are looked at.
  const legs = transactions(route).map((tx) => ({ tx, leg: legOf(fn, route, tx, facts) }));
  let at = route.from;
  route.hops.forEach((hop, i) => {
    if (!sameAsset(hop.from, at)) throw new FungibleError("invalid_request", `${fn}: ${hopName(hop, i)} starts from ${hop.from.chain_id} ${hop.from.denom}, but the route is at ${at.chain_id} ${at.denom} there`);
    if (i === 0 && !followsFrom(hop.from.denom, hop.from.trace, hop.from.origin_denom, facts)) {
      throw new FungibleError("invalid_request", `${fn}: the source asset's denom ${hop.from.denom} does not follow from its trace "${hop.from.trace}" and origin denom ${hop.from.origin_denom}`);
    }
    if (i === 0 && !hop.starts_tx) throw new FungibleError("invalid_request", `${fn}: hop 1 must start a transaction (starts_tx true)`);
    if (hop.kind === "ibc") checkIbcHop(fn, hop, i, facts);
    else if (hop.kind === "bridge") checkBridgeHop(fn, hop, i, facts);
    at = hop.to;
  });
  if (!sameAsset(at, route.to)) throw new FungibleError("invalid_request", `${fn}: the last hop ends at ${at.chain_id} ${at.denom}, not at the route's destination`);
  const starts = route.hops.filter((hop) => hop.starts_tx).length;
  if (starts !== route.txs_required) throw new FungibleError("invalid_request", `${fn}: the route says txs_required ${route.txs_required}, but ${starts} of its hops start a transaction`);
  return legs;
}

/** An IBC hop (an Axelar transfer's IBC leg too): the transfer port, a channel the registry has, the denom ICS-20 gives. */
function checkIbcHop(fn: string, hop: Extract<RouteHop, { kind: "ibc" }>, i: number, facts: RegistryFacts): void {
  // Named only in a refusal: most hops pass.
  const where = () => hopName(hop, i);
  if (hop.port !== "transfer") {
    throw new FungibleError("not_implemented", `${fn}: ${where()} sends over port "${hop.port}" (a CW20 leaves through its ICS-20 contract, a contract call, not a MsgTransfer); messages are built for the transfer port only`);
  }
  if (i > 0 && !hop.starts_tx && facts.chains.get(hop.from.chain_id)?.pfm_enabled !== true) {
    throw new FungibleError("invalid_request", `${fn}: ${where()} forwards without a new transaction, but chain "${hop.from.chain_id}" has no packet-forward middleware in the data`);
  }
  const end = facts.channels.get(channelKey(hop.from.chain_id, hop.port, hop.channel));
  if (end === undefined || end.counterparty.chain_id !== hop.to.chain_id) {
    throw new FungibleError("invalid_request", `${fn}: ${where()}: the registry has no channel ${hop.port}/${hop.channel} on "${hop.from.chain_id}" to "${hop.to.chain_id}"`);
  }
  if (end.status === "INACTIVE") throw new FungibleError("invalid_request", `${fn}: ${where()}: channel ${hop.channel} is INACTIVE in the data`);
  const expected = arrivingTrace(hop, end);
  if (hop.to.trace !== expected || hop.to.origin_denom !== hop.from.origin_denom || !followsFrom(hop.to.denom, expected, hop.from.origin_denom, facts)) {
    throw new FungibleError("invalid_request", `${fn}: ${where()}: ${hop.from.denom} arrives as ${voucherDenom(expected, hop.from.origin_denom)} (trace "${expected}"), not ${hop.to.denom}`);
  }
  // A forward hop (its trace grows; an unwind shortens it) into a chain that takes only its own tokens home.
  const arrivals = expected.length > hop.from.trace.length ? facts.rules.refusesArrivals(hop.to.chain_id) : undefined;
  if (arrivals !== undefined) {
    throw new FungibleError("invalid_request", `${fn}: ${where()}: ${hop.to.chain_id} accepts only tokens returning home over the channel they left by (${citeRule(arrivals)}); ${hop.from.denom} would be refused and sent back`);
  }
  const refusal = facts.rules.refusesHop({ chainId: hop.from.chain_id, channelId: hop.channel, denom: hop.from.denom }, { chainId: hop.to.chain_id, channelId: end.counterparty.channel_id, denom: hop.to.denom });
  if (refusal !== undefined) throw refusedHop(fn, where(), refusal);
}

/** A bridge hop: a way a link of the registry carries tokens (a state snapshot leaves out a link it finds dead), not refused by the bridge's rule. */
function checkBridgeHop(fn: string, hop: Extract<RouteHop, { kind: "bridge" }>, i: number, facts: RegistryFacts): void {
  if (!facts.bridgeWays.has(bridgeWay(hop.bridge, hop.from, hop.to))) {
    const dead = hop.bridge === "EUREKA" ? " (a state snapshot leaves out an Eureka link whose IBC v2 client is not Active or whose chain is halted)" : "";
    throw new FungibleError("invalid_request", `${fn}: ${hopName(hop, i)}: the registry has no ${hop.bridge} link from ${hop.from.chain_id} ${hop.from.denom} to ${hop.to.chain_id} ${hop.to.denom}${dead}`);
  }
  const rule = facts.rules.refusesOverBridge(hop.bridge, hop.from.origin_denom);
  if (rule !== undefined) {
    throw new FungibleError("invalid_request", `${fn}: ${hopName(hop, i)}: ${rule.summary} (${citeRule(rule)}); the base denom ${hop.from.origin_denom} has "${rule.refused_character}"`);
  }
  const side = (asset: WireAsset) => ({ chainId: asset.chain_id, denom: asset.denom, trace: asset.trace });
  const refusal = facts.rules.refusesBridgeHop(hop.bridge, side(hop.from), side(hop.to));
  if (refusal !== undefined) throw refusedHop(fn, hopName(hop, i), refusal);
}

/** A refusal of the router's state (a switch off, a rate limit with nothing left) stopping a hop, as the chain would. */
function refusedHop(fn: string, where: string, refusal: TransferRefusal): FungibleError {
  const message = `${fn}: ${where}: ${describeRefusal(refusal)}`;
  if (refusal.code === "transfers_disabled") return new FungibleError("invalid_request", message);
  return rateLimitedError(message, { chain: refusal.chain_id, channel: refusal.channel_id ?? "", denom: refusal.denom ?? "", direction: refusal.direction, remaining: refusal.value ?? "unknown" });
}

/** A rate limit stopping a hop (with nothing left, or less than the amount), its detail naming the limit and what remains. */
export function rateLimitedError(message: string, limit: { chain: string; channel: string; denom: string; direction: string; remaining: string }): FungibleError {
  const { chain, channel, denom, direction, remaining } = limit;
  return new FungibleError("rate_limited", message, [{ path: ["rate_limited", chain, channel, denom], message: `remaining ${direction} flow ${remaining}` }]);
}

/** `denom` is the voucher of `trace` over `originDenom` as given or as the registry spells that EVM address. */
function followsFrom(denom: string, trace: string, originDenom: string, facts: RegistryFacts): boolean {
  if (denom === voucherDenom(trace, originDenom)) return true;
  if (!isEvmAddress(originDenom)) return false;
  const spellings = facts.evmSpellings.get(originDenom.toLowerCase()) ?? [];
  for (const spelling of [originDenom.toLowerCase(), ...spellings]) if (denom === voucherDenom(trace, spelling)) return true;
  return false;
}

/** ICS-20: sent back over the channel its trace starts with, a voucher unwinds; otherwise the receiving end is prefixed. */
function arrivingTrace(hop: RouteHop & { port: string; channel: string }, end: ChannelView): string {
  const unwound = unwindTrace(hop.from.trace);
  if (unwound !== null && unwound.hop.port === hop.port && unwound.hop.channel === hop.channel) return unwound.rest;
  return forwardTrace(hop.from.trace, end.counterparty.port_id, end.counterparty.channel_id);
}
