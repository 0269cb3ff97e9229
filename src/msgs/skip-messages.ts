/**
 * The Skip Go API's `/v2/fungible/route`, `/v2/fungible/msgs` and `/v2/fungible/msgs_direct` for
 * transfers, in the hosted API's wire format (src/wire/msgs.ts): the route as `operations`
 * (./skip-operations.ts), and its messages as `multi_chain_msg` and `cosmos_tx`, with the fees a
 * bridge leg leaves to a hosted quote named in `unquoted_fees`. A route that needs a swap, a
 * contract call or a leg this service does not build is refused (501, naming the leg).
 */
import { checkRateLimits } from "./rate-limit-check.js";
import { parseRequest } from "../wire/schema.js";
import { FungibleError } from "../errors.js";
import type { AssetRouter } from "../router/router.js";
import type { Route } from "../wire/route.js";
import {
  DEFAULT_FORWARD_RETRIES,
  DEFAULT_TIMEOUT_SECONDS,
  MSG_TRANSFER_TYPE_URL,
  SkipMsgsDirectRequestSchema,
  SkipMsgsRequestSchema,
  SkipRouteRequestSchema,
  type SkipMsgsDirectRequest,
  type SkipMsgsDirectResponse,
  type SkipMsgsRequest,
  type SkipMsgsResponse,
  type SkipRouteRequest,
  type SkipRouteResponse,
} from "../wire/msgs.js";
import { checkRoute, registryFacts, type RegistryFacts } from "./check-route.js";
import { skipMsgText } from "./msg-transfer.js";
import { depositForBurnText } from "./msg-deposit-for-burn.js";
import { routeOperations, sameOperation } from "./skip-operations.js";
import { estimatedRouteSeconds } from "./route-duration.js";
import { messagesOfRoute, requiredChainIds, type TransferMessage, type TransferMessages } from "./transfer-messages.js";

interface RouteAssets {
  source_asset_denom: string;
  source_asset_chain_id: string;
  dest_asset_denom: string;
  dest_asset_chain_id: string;
  amount_in?: string | undefined;
  amount_out?: string | undefined;
}

interface RouteOptions {
  allow_multi_tx?: boolean | null | undefined;
  bridges?: readonly string[] | null | undefined;
}

function amountOf(fn: string, request: RouteAssets): string {
  const { amount_in, amount_out } = request;
  if (amount_in === undefined && amount_out === undefined) throw new FungibleError("invalid_request", `${fn}: give amount_in (or amount_out: without a swap they are equal)`);
  if (amount_in !== undefined && amount_out !== undefined && amount_in !== amount_out) {
    throw new FungibleError("invalid_request", `${fn}: amount_in ${amount_in} and amount_out ${amount_out} differ; a transfer without a swap delivers what it sends`);
  }
  return (amount_in ?? amount_out)!;
}

interface Chosen {
  route: Route;
  legs: ReturnType<typeof checkRoute>;
}

/** The route the request asks for, checked: legs this service builds, within the bridges and transaction count it allows. */
function chosenRoute(fn: string, router: AssetRouter, request: RouteAssets & RouteOptions, facts: RegistryFacts): Chosen {
  const from = { chain_id: request.source_asset_chain_id, denom: request.source_asset_denom };
  const to = { chain_id: request.dest_asset_chain_id, denom: request.dest_asset_denom };
  const route = router.route(from, to);
  if (route === null) throw new FungibleError("not_found", `${fn}: no route from ${from.chain_id} ${from.denom} to ${to.chain_id} ${to.denom} without a swap`);
  const legs = checkRoute(fn, route, facts);
  const outside = route.bridges.filter((bridge) => request.bridges != null && !request.bridges.includes(bridge));
  if (outside.length > 0) throw new FungibleError("not_found", `${fn}: the route this service finds uses ${outside.join(", ")}, which bridges ${JSON.stringify(request.bridges)} leave out`);
  if (route.txs_required > 1 && request.allow_multi_tx !== true) {
    throw new FungibleError("not_found", `${fn}: the route needs ${route.txs_required} transactions; set allow_multi_tx to accept it`);
  }
  return { route, legs };
}

function routeAnswer({ route, legs }: Chosen, amount: string, facts: RegistryFacts): SkipRouteResponse {
  const chainIds = [route.from.chain_id, ...route.hops.map((hop) => hop.to.chain_id)];
  return {
    source_asset_denom: route.from.denom,
    source_asset_chain_id: route.from.chain_id,
    dest_asset_denom: route.to.denom,
    dest_asset_chain_id: route.to.chain_id,
    amount_in: amount,
    amount_out: amount,
    operations: routeOperations(route, legs, amount, facts).operations,
    chain_ids: chainIds,
    required_chain_addresses: requiredChainIds(route, facts),
    does_swap: false,
    estimated_amount_out: amount,
    swap_venues: [],
    txs_required: route.txs_required,
    estimated_route_duration_seconds: estimatedRouteSeconds(route),
  };
}

/** POST /v2/fungible/route, for transfers without swaps. */
export function skipRoute(router: AssetRouter, request: SkipRouteRequest): SkipRouteResponse {
  const fn = "skipRoute";
  const body = parseRequest(SkipRouteRequestSchema, request, fn);
  const facts = registryFacts(router.registry);
  const amount = amountOf(fn, body);
  const chosen = chosenRoute(fn, router, body, facts);
  checkRateLimits(fn, router, chosen.route, amount);
  return routeAnswer(chosen, amount, facts);
}

function timeoutSeconds(fn: string, value: string | number | null | undefined): number {
  if (value == null) return DEFAULT_TIMEOUT_SECONDS;
  const seconds = Number(value);
  if (!Number.isSafeInteger(seconds) || seconds < 1 || seconds > 7 * 24 * 3600) throw new FungibleError("invalid_request", `${fn}: timeout_seconds must be whole seconds from 1 to 604800`);
  return seconds;
}

/** The `msg` text of a message, as the hosted API writes it. */
function msgText(message: TransferMessage): string {
  const object = message.encode_object;
  return object.typeUrl === MSG_TRANSFER_TYPE_URL ? skipMsgText(object.value) : depositForBurnText(object.value);
}

function msgsAnswer(built: TransferMessages, chosen: Chosen, amount: string, facts: RegistryFacts): SkipMsgsResponse {
  const { indicesByTx } = routeOperations(chosen.route, chosen.legs, amount, facts);
  const entries = built.messages.map((message) => ({ message, msg: msgText(message), type: message.encode_object.typeUrl }));
  return {
    msgs: entries.map(({ message, msg, type }) => ({ multi_chain_msg: { chain_id: message.chain_id, path: message.path, msg, msg_type_url: type } })),
    txs: entries.map(({ message, msg, type }) => ({
      cosmos_tx: { chain_id: message.chain_id, path: message.path, msgs: [{ msg, msg_type_url: type }], signer_address: message.signer },
      operations_indices: indicesByTx[message.tx_index]!,
    })),
    unquoted_fees: built.messages.flatMap((message) => message.unquoted_fees.map((fee) => ({ tx_index: message.tx_index, ...fee }))),
  };
}

/** POST /v2/fungible/msgs: the messages of a route answer, with an address for each of its required_chain_addresses. */
export function skipMsgs(router: AssetRouter, request: SkipMsgsRequest): SkipMsgsResponse {
  const fn = "skipMsgs";
  const body = parseRequest(SkipMsgsRequestSchema, request, fn);
  const facts = registryFacts(router.registry);
  const amount = amountOf(fn, body);
  const chosen = chosenRoute(fn, router, { ...body, allow_multi_tx: true }, facts);
  checkRateLimits(fn, router, chosen.route, amount);
  const answer = routeAnswer(chosen, amount, facts);
  if (body.operations.length !== answer.operations.length || !body.operations.every((op, i) => sameOperation(op, answer.operations[i]!))) {
    throw new FungibleError("invalid_request", `${fn}: operations are not the route this service finds between these assets (ask /v2/fungible/route here, or use msgs_direct)`);
  }
  const required = answer.required_chain_addresses;
  if (body.address_list.length !== required.length) {
    throw new FungibleError("invalid_request", `${fn}: address_list has ${body.address_list.length} addresses; the route needs one for each of required_chain_addresses ${JSON.stringify(required)}`);
  }
  const addresses = new Map(required.map((chainId, i) => [chainId, body.address_list[i]!]));
  return msgsAnswer(messagesOfRoute(chosen.route, facts, { amount, addresses, timeout_seconds: timeoutSeconds(fn, body.timeout_seconds), forward_retries: DEFAULT_FORWARD_RETRIES }), chosen, amount, facts);
}

/** POST /v2/fungible/msgs_direct: route and messages in one call, addresses by chain id. */
export function skipMsgsDirect(router: AssetRouter, request: SkipMsgsDirectRequest): SkipMsgsDirectResponse {
  const fn = "skipMsgsDirect";
  const body = parseRequest(SkipMsgsDirectRequestSchema, request, fn);
  const facts = registryFacts(router.registry);
  const amount = amountOf(fn, body);
  const chosen = chosenRoute(fn, router, body, facts);
  checkRateLimits(fn, router, chosen.route, amount);
  const answer = routeAnswer(chosen, amount, facts);
  // Addresses for chains off this route are the caller's guess at the path: left out, as the hosted API asks for them.
  // The request's own keys (zod's record drops a `__proto__` key; the body, checked above, keeps it).
  const given = (request as { chain_ids_to_addresses: Record<string, unknown> }).chain_ids_to_addresses;
  const addresses = new Map<string, string>();
  for (const chainId of answer.required_chain_addresses) {
    const address = Object.hasOwn(given, chainId) ? given[chainId] : undefined;
    if (typeof address === "string") addresses.set(chainId, address);
  }
  const built = messagesOfRoute(chosen.route, facts, { amount, addresses, timeout_seconds: timeoutSeconds(fn, body.timeout_seconds), forward_retries: DEFAULT_FORWARD_RETRIES });
  return { ...msgsAnswer(built, chosen, amount, facts), route: answer };
}
