/**
 * Resume a transfer that stopped half way (a quote expired, the page was closed): given where the
 * funds are now (chain, denom, amount: from /v2/tx/status's `transfer_asset_release` or from the
 * user), the rest of the route and its messages, offline. When the interrupted route is given and
 * the funds sit at one of its hops, the rest is that route from there on (its first hop now starts
 * a transaction); otherwise the router searches a route from where the funds are. The messages are
 * the ones `transferMessages` builds (messagesOfRoute), so every chain's transfer rules hold.
 */
import { base64 } from "@scure/base";
import { parseArgument } from "../arguments.js";
import { FungibleError } from "../errors.js";
import type { AssetRouter } from "../router/router.js";
import { compiled } from "../wire/compiled.js";
import { ResumeRequestSchema, type ResumeRequest } from "../wire/msgs.js";
import type { Route, RouteHop } from "../wire/route.js";
import type { BridgeType } from "../wire/schema.js";
import { registryFacts } from "./check-route.js";
import { messagesOfRoute, type TransferMessages } from "./transfer-messages.js";
import { checkRateLimits } from "./rate-limit-check.js";

const FN = "resumeTransfer";

export interface Resumed extends TransferMessages {
  /** `rest_of_route`: the given route from the hop the funds sit at; `searched`: a route from where they are. */
  resumed_from: "rest_of_route" | "searched";
  /** The hops of the given route already done (0 when the funds are back at its source); null when searched. */
  hops_done: number | null;
}

const sameAsset = (a: { chain_id: string; denom: string }, b: { chain_id: string; denom: string }) => a.chain_id === b.chain_id && a.denom === b.denom;

export function resumeTransfer(router: AssetRouter, request: ResumeRequest): Resumed {
  if (typeof router !== "object" || router === null || typeof router.route !== "function") {
    throw new FungibleError("invalid_config", `${FN}: \`router\` must be a router made by loadRouter, buildRouter or loadDataset`);
  }
  const options = parseArgument(compiled(ResumeRequestSchema), request, { fn: FN, arg: "request", expected: "an object {at: {chain_id, denom, amount}, to, addresses, route?}" });
  const { at, to } = options;
  if (sameAsset(at, to)) throw new FungibleError("invalid_request", `${FN}: the funds are already ${to.denom} on ${to.chain_id}, the destination: nothing is left to send`);
  if (options.route !== undefined && !sameAsset(options.route.to, to)) {
    throw new FungibleError("invalid_request", `${FN}: the given route ends at ${options.route.to.chain_id} ${options.route.to.denom}, not at ${to.chain_id} ${to.denom}`);
  }
  const done = options.route === undefined ? -1 : options.route.hops.findIndex((hop) => sameAsset(hop.from, at));
  const route = done >= 0 ? restOf(options.route!, done) : searched(router, at, to);
  // The amount against the state's rate limits on the rest of the way, as transferMessages checks it.
  checkRateLimits(FN, router, route, at.amount);
  const built = messagesOfRoute(route, registryFacts(router.registry), { ...options, amount: at.amount });
  return { ...built, resumed_from: done >= 0 ? "rest_of_route" : "searched", hops_done: done >= 0 ? done : null };
}

function searched(router: AssetRouter, at: { chain_id: string; denom: string }, to: { chain_id: string; denom: string }): Route {
  const found = router.route({ chain_id: at.chain_id, denom: at.denom }, to);
  if (found === null) throw new FungibleError("not_found", `${FN}: no route from ${at.chain_id} ${at.denom} to ${to.chain_id} ${to.denom}`);
  return found;
}

/** The route from hop `index` on: that hop now starts a transaction; the count and bridges follow. */
function restOf(route: Route, index: number): Route {
  const hops: RouteHop[] = route.hops.slice(index).map((hop, i) => (i === 0 ? { ...hop, starts_tx: true } : hop));
  const bridges: BridgeType[] = [];
  for (const hop of hops) {
    const bridge = hop.kind === "bridge" ? hop.bridge : hop.kind === "ibc" && hop.part_of === undefined ? "IBC" : null;
    if (bridge !== null && !bridges.includes(bridge)) bridges.push(bridge);
  }
  return { from: hops[0]!.from, to: route.to, txs_required: hops.filter((hop) => hop.starts_tx).length, bridges, hops };
}

/** The JSON form of a resumed transfer (HTTP and `--json`): bytes as base64. */
export function resumedJson(resumed: Resumed) {
  return {
    resumed_from: resumed.resumed_from,
    hops_done: resumed.hops_done,
    route: resumed.route,
    required_chain_addresses: resumed.required_chain_addresses,
    txs: resumed.messages.map((message) => ({
      tx_index: message.tx_index,
      chain_id: message.chain_id,
      path: message.path,
      hops: message.hops,
      signer: message.signer,
      encode_object: message.encode_object,
      bytes_base64: base64.encode(message.bytes),
      unquoted_fees: message.unquoted_fees,
    })),
  };
}
