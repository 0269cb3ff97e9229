/**
 * The request path warmed at start-up, for runtimes that allow a program more CPU while it starts
 * than per request (Cloudflare Workers: up to 1 s at start-up, 10 ms per request on the free
 * plan). A first query otherwise pays what no later one does: V8 compiling each function of the
 * path on its first call, zod's first parse of each field, and the router's structures made on
 * first use (hop lists, the wire form of the assets an answer shows). `warmUp` runs that path
 * (./query-routes.ts `rehearseQuery`) for requests made from the data, by a fixed rule, and
 * answers nothing: no Response is made (Workers refuse one at module scope) and no handler keeps
 * anything. What stays is what any query leaves in the router: those structures, and the route
 * table of the one source asset it asks about.
 */
import { compareStrings } from "../compare.js";
import { isFungibleError } from "../errors.js";
import { routerArgument } from "../router/core.js";
import type { AssetRouter } from "../router/router.js";
import { isOwnOrigin } from "../registry/schema.js";
import { rehearseQuery } from "./query-routes.js";
import { PATHS } from "./routes.js";

/**
 * The GET query strings `warmUp` ran, by path (`answered`: the answer was computed too, not only
 * the request read; false too when the router refused the question, as a wrapper may).
 */
export interface WarmUpReport {
  requests: { path: string; query: string; answered: boolean }[];
}

/**
 * Runs the two queries' request path once before any request: assets_from_source (with
 * `allow_multi_tx`, the widest search) from the native asset of the chain with the most IBC
 * channels, answered; assets_between_chains read and validated only (answering it from that
 * chain would compute the route table of each of its assets: hundreds of searches). Costs tens of
 * milliseconds, once; changes no answer (the structures it builds are the ones a query builds).
 */
export function warmUp(routerArg: AssetRouter): WarmUpReport {
  const router = routerArgument(routerArg, "warmUp");
  const { assets, ibc_channels: channels } = router.registry;
  const ends = new Map<string, number>();
  for (const channel of channels) for (const { chain_id: chainId } of [channel.chain_1, channel.chain_2]) ends.set(chainId, (ends.get(chainId) ?? 0) + 1);
  // By channel count, then chain id: the same chains for the same data.
  const [hub, next] = [...ends].sort((a, b) => b[1] - a[1] || compareStrings(a[0], b[0])).map(([chainId]) => chainId);
  const source = assets.find((asset) => asset.chain_id === hub && !asset.is_cw20 && isOwnOrigin(asset));
  const requests: WarmUpReport["requests"] = [];
  if (source !== undefined) {
    const query = new URLSearchParams({ source_asset_denom: source.denom, source_asset_chain_id: source.chain_id, allow_multi_tx: "true" }).toString();
    requests.push({ path: PATHS.assetsFromSource, query, answered: answered(() => rehearseQuery(router, PATHS.assetsFromSource, query, true)) });
  }
  if (hub !== undefined && next !== undefined) {
    const query = new URLSearchParams({ source_chain_id: hub, dest_chain_id: next }).toString();
    rehearseQuery(router, PATHS.assetsBetweenChains, query, false);
    requests.push({ path: PATHS.assetsBetweenChains, query, answered: false });
  }
  return { requests };
}

/**
 * Whether the call answered: false when it threw a FungibleError (a router that refuses the
 * question, as a wrapper's access rule may), which is that request's answer, not a failed start.
 * Anything else (a bug) is thrown.
 */
function answered(call: () => void): boolean {
  try {
    call();
    return true;
  } catch (error) {
    if (isFungibleError(error)) return false;
    throw error;
  }
}
