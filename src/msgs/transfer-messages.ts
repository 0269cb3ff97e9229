/**
 * The messages of a route: one message per transaction. A transaction of IBC hops carries the
 * route's hops from the one that starts it up to the next that starts another; its first hop is
 * an ICS-20 MsgTransfer, and each later hop a packet-forward `forward` in the memo, sent by the
 * chain the previous hop arrived on. A bridge leg whose source side is a Cosmos message (CCTP from
 * Noble, Eureka or Axelar from a Cosmos chain) is its own transaction (./bridge-messages.ts). Who receives: the user on the chain where a transaction ends
 * (the destination, or the chain the next transaction is signed on), "pfm" on a chain that
 * forwards (the middleware's README), unless that chain checks the receiver of the token (a
 * `receiver_account` transfer rule: Noble for USDC), where it is the user's address there too.
 * Nothing is guessed: each address is checked against its
 * chain's bech32 prefix (an EVM chain's by its EIP-55 checksum), the route against the registry,
 * and a leg this service does not build is refused.
 */
import { checkRateLimits } from "./rate-limit-check.js";
import * as z from "zod/mini";
import { parseArgument, safeParseArgument } from "../arguments.js";
import { isModelWireAsset } from "../model/canonical-assets.js";
import { FungibleError } from "../errors.js";
import type { AssetRouter } from "../router/router.js";
import { compiled } from "../wire/compiled.js";
import type { Route } from "../wire/route.js";
import { MSG_TRANSFER_TYPE_URL, TransferMessagesRequestSchema, transferMessagesRequestOver, type TransferMessagesOptions, type TransferMessagesRequest } from "../wire/msgs.js";
import { WireAssetSchema, type WireAsset } from "../wire/schema.js";
import { checkChainAddress } from "./address.js";
import { legMessage, type LegEncodeObject, type UnquotedFee } from "./bridge-messages.js";
import type { Leg } from "./bridge-legs.js";
import { checkRoute, registryFacts, type RegistryFacts } from "./check-route.js";
import { forwardMemo, INTERMEDIATE_RECEIVER, type ForwardStep } from "./forward-memo.js";
import { citeRule, type TransferRule } from "../registry/transfer-rules.js";
import { msgTransferBytes } from "./msg-transfer.js";

const FN = "transferMessages";

export interface TransferMessage {
  /** The transaction's place in signing order (0 first); sign one only after the previous one arrived. */
  tx_index: number;
  /** The chain the transaction is signed and broadcast on. */
  chain_id: string;
  /** The chains the tokens cross in this transaction, the signing chain first. */
  path: readonly string[];
  /** Indices into `route.hops` of the hops this transaction carries. */
  hops: readonly number[];
  /** The signer: the user's address on `chain_id` (the message's sender). */
  signer: string;
  /** cosmjs's EncodeObject: `{typeUrl, value}` (a MsgTransfer, or Noble's MsgDepositForBurn), 64-bit integers as decimal strings, bytes as base64. */
  encode_object: LegEncodeObject;
  /** The protobuf encoding of `encode_object.value` (the `value` of the transaction's Any). */
  bytes: Uint8Array;
  /** Fees the hosted API adds to a bridge leg from a quote of its own, left out here: what each pays for, what happens without it. Empty for IBC. */
  unquoted_fees: readonly UnquotedFee[];
}

export interface TransferMessages {
  route: Route;
  /** The chains whose address the messages use, in order of use: the source, each chain whose rule needs a real receiver, each later signing chain, the destination. */
  required_chain_addresses: readonly string[];
  messages: readonly TransferMessage[];
  /** The transfer rules the messages follow (a chain that checks the receiver), each with its sources. */
  applied_rules: readonly TransferRule[];
}

/** Routes to what a router needs; refused here, where a look-alike enters, not deep inside. */
function checkRouter(router: AssetRouter): void {
  if (typeof router !== "object" || router === null || typeof router.route !== "function" || typeof router.registry !== "object") {
    throw new FungibleError("invalid_config", `${FN}: \`router\` must be a router made by loadRouter, buildRouter or loadDataset`);
  }
}

export function transferMessages(router: AssetRouter, request: TransferMessagesRequest): TransferMessages {
  checkRouter(router);
  const options = parseRequest(request);
  const route = "route" in options ? options.route : routeOf(router, options.from, options.to);
  checkRateLimits(FN, router, route, options.amount);
  return messagesOfRoute(route, registryFacts(router.registry), options);
}

const REQUEST = { fn: FN, arg: "request", expected: "an object {route | from, to; amount; addresses}" };

/**
 * The request whose route's assets, when they are a router's own wire objects (a route as
 * `router.route` answered it), are taken as they are: the library made them to WireAssetSchema,
 * frozen, and parsing them again was most of the parse. Every other part, and any other asset, is
 * parsed. A refused request is parsed again by the plain schema, whose errors name the field (the
 * union's would not); both accept the same requests (test/msgs/shared-assets-parse.test.ts).
 */
const RequestSharingAssets = transferMessagesRequestOver(z.union([z.custom<WireAsset>(isModelWireAsset), WireAssetSchema]));

export function parseRequest(request: unknown): TransferMessagesOptions {
  const shared = safeParseArgument(compiled(RequestSharingAssets), request, REQUEST);
  return shared.success ? (shared.data as TransferMessagesOptions) : parseArgument(compiled(TransferMessagesRequestSchema), request, REQUEST);
}

function routeOf(router: AssetRouter, from: { chain_id: string; denom: string }, to: { chain_id: string; denom: string }): Route {
  const found = router.route(from, to);
  if (found === null) throw new FungibleError("not_found", `${FN}: no route from ${from.chain_id} ${from.denom} to ${to.chain_id} ${to.denom}`);
  return found;
}

/**
 * The chains whose address the messages use, once each in order of use: the source, each later
 * signing chain, each chain a packet is forwarded through whose transfer rule checks the
 * receiver (`receiverRuleAt`), the destination.
 */
export function requiredChainIds(route: Route, facts: RegistryFacts): string[] {
  const ids: string[] = [];
  route.hops.forEach((hop, i) => {
    if (hop.starts_tx || i === 0) ids.push(hop.from.chain_id);
    if (receiverRuleAt(route, i, facts) !== undefined) ids.push(hop.to.chain_id);
  });
  return [...new Set([...ids, route.to.chain_id])];
}

/**
 * The rule by which the chain hop `i` arrives on checks the packet's receiver, when that chain
 * forwards the packet on in the same transaction (elsewhere the receiver is the user anyway).
 */
function receiverRuleAt(route: Route, i: number, facts: RegistryFacts): TransferRule | undefined {
  const hop = route.hops[i]!;
  const next = route.hops[i + 1];
  if (next === undefined || next.starts_tx || hop.kind !== "ibc") return undefined;
  return facts.rules.receiverRule(hop.to.chain_id, hop.from.origin_denom);
}

export function messagesOfRoute(route: Route, facts: RegistryFacts, options: Omit<TransferMessagesOptions, "route" | "from" | "to">): TransferMessages {
  const legs = checkRoute(FN, route, facts);
  const required = requiredChainIds(route, facts);
  const applied = new Set<TransferRule>();
  // Each chain's address is checked once: a chain that receives one transaction signs the next.
  const checked = new Map<string, string>();
  const address = (chainId: string, role: string) => {
    const known = checked.get(chainId);
    if (known !== undefined) return known;
    const chain = facts.chains.get(chainId);
    if (chain === undefined) throw new FungibleError("unknown_chain", `${FN}: chain "${chainId}" is not in the registry`);
    const valid = checkChainAddress(FN, chain, options.addresses.get(chainId), role);
    checked.set(chainId, valid);
    return valid;
  };
  // Every address given is checked, used or not: a wrong one is a mistake worth hearing about.
  for (const chainId of options.addresses.keys()) {
    if (!facts.chains.has(chainId)) throw new FungibleError("invalid_request", `${FN}: an address is given for chain "${chainId}", which is not in the registry`);
    if (!required.includes(chainId)) address(chainId, "given, though this route does not use it");
  }
  const nowMs = options.now_ms ?? Date.now();
  const messages = legs.map(({ tx, leg }, txIndex): TransferMessage => {
    const first = route.hops[tx[0]!]!;
    const last = route.hops[tx.at(-1)!]!;
    const sender = address(first.from.chain_id, txIndex === 0 ? "the source" : `signs transaction ${txIndex + 1}`);
    const receiver = address(last.to.chain_id, txIndex === legs.length - 1 ? "the destination" : `receives transaction ${txIndex + 1} and signs the next`);
    const built =
      leg.kind === "ibc"
        ? ibcMessage(route, tx, { facts, options, sender, receiver, nowMs, address, applied })
        : legMessage(leg as Exclude<Leg, { kind: "ibc" }>, { fn: FN, amount: options.amount, sender, receiver, nowMs, timeoutSeconds: options.timeout_seconds });
    return { tx_index: txIndex, chain_id: first.from.chain_id, path: [first.from.chain_id, ...tx.map((i) => route.hops[i]!.to.chain_id)], hops: tx, signer: sender, ...built };
  });
  return { route, required_chain_addresses: required, messages, applied_rules: [...applied] };
}

interface IbcContext {
  facts: RegistryFacts;
  options: Omit<TransferMessagesOptions, "route" | "from" | "to">;
  sender: string;
  /** The user on the chain where the transaction ends. */
  receiver: string;
  nowMs: number;
  address: (chainId: string, role: string) => string;
  applied: Set<TransferRule>;
}

/** A transaction of IBC hops: a MsgTransfer whose memo forwards each later hop. */
function ibcMessage(route: Route, tx: readonly number[], { facts, options, sender, receiver, nowMs, address, applied }: IbcContext): Pick<TransferMessage, "encode_object" | "bytes" | "unquoted_fees"> {
  const hops = route.hops as readonly Extract<Route["hops"][number], { kind: "ibc" }>[];
  const first = hops[tx[0]!]!;
  const timeoutNs = options.timeout_seconds * 1e9;
  // Who receives on the chain hop `i` arrives on, when that chain forwards: "pfm", or the user where the chain's rule checks the receiver.
  const forwarderReceiver = (i: number) => {
    const rule = receiverRuleAt(route, i, facts);
    if (rule === undefined) return INTERMEDIATE_RECEIVER;
    applied.add(rule);
    return address(hops[i]!.to.chain_id, `receives ${hops[i]!.from.origin_denom} there (${citeRule(rule)}: the chain checks the receiver of that token)`);
  };
  const forwards: ForwardStep[] = tx.slice(1).map((i, k) => ({ port: hops[i]!.port, channel: hops[i]!.channel, receiver: k === tx.length - 2 ? receiver : forwarderReceiver(i) }));
  const value = {
    sourcePort: first.port,
    sourceChannel: first.channel,
    token: { denom: first.from.denom, amount: options.amount },
    sender,
    receiver: forwards.length === 0 ? receiver : forwarderReceiver(tx[0]!),
    timeoutHeight: { revisionNumber: "0", revisionHeight: "0" },
    timeoutTimestamp: (BigInt(nowMs) * 1_000_000n + BigInt(timeoutNs)).toString(),
    memo: forwardMemo(forwards, timeoutNs, options.forward_retries),
  };
  return { encode_object: { typeUrl: MSG_TRANSFER_TYPE_URL, value }, bytes: msgTransferBytes(value), unquoted_fees: [] };
}
