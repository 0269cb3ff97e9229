/**
 * The request path warmed at start-up, for runtimes that allow a program more CPU while it starts
 * than per request (Cloudflare Workers: up to 1 s at start-up, 10 ms per request on the free
 * plan). A first request otherwise pays what no later one does: V8 compiling (and later
 * optimising) each function of the path on its first calls, Hono's first dispatch, zod's first
 * parse of each field, and the router's structures made on first use (hop lists, derived
 * vouchers' records, the wire form of the assets an answer shows). `warmUp` makes every asset's
 * record, then sends requests made from the data, by a fixed rule, through a handler of its own
 * over the same router: the pipeline a request runs, routing, parsing, the search, the JSON, the
 * headers. That handler is then dropped, with whatever it kept.
 * Then, given the handler that will serve, through it too: what is its own (its Hono app, its kept
 * answers) runs before a client's request (under workerd that halved what the first request paid
 * beyond a later one: bench scenario 15). Workers refuse to build a Response at module scope, the
 * very last step: the request ran up to it, and its refusal is caught (`status` null in the report).
 */
import { compareStrings } from "../compare.js";
import { canonicalAssets } from "../model/model.js";
import { routeIndexOfRouter, routerArgument } from "../router/core.js";
import type { AssetRouter } from "../router/router.js";
import { isOwnOrigin } from "../registry/schema.js";
import { describeValue } from "../arguments.js";
import { FungibleError } from "../errors.js";
import { createService, type FetchHandler } from "./handler.js";
import { PATHS } from "./routes.js";

/**
 * Each request is sent this many times: V8 runs a function's first calls in its interpreter and
 * compiles it to faster code only once it has been called a few times (one pass left the first
 * real request about 2.3-2.5x a later one under workerd, three 1.7-2.3x, bench scenario 15); the
 * later passes cost little (the router's structures are built by then).
 */
const PASSES = 3;

/** The GET requests `warmUp` ran, with the status answered (null where the runtime refused to make the Response). */
export interface WarmUpReport {
  requests: { path: string; query: string; status: number | null }[];
}

/**
 * Runs two GETs through a handler's pipeline before any request, PASSES times, then as many times
 * through `handler` when given (the one that will serve; its kept answers then hold those two, as
 * after a client asked them): assets_from_source with
 * `allow_multi_tx` (the widest search) from the native asset of the chain with the most IBC
 * channels (the hub), and assets_between_chains to the hub from its counterparty listing the
 * fewest assets (a small answer: between computes the routes of every asset of its source chain,
 * which from the hub itself is hundreds of searches). Tens of milliseconds, once; changes no
 * answer (what stays in the router is what any query leaves there). A router that refuses a
 * question (a wrapper's rule) gives that request's error status; a bug of the router is thrown.
 */
export async function warmUp(routerArg: AssetRouter, handler?: FetchHandler): Promise<WarmUpReport> {
  const router = routerArgument(routerArg, "warmUp");
  if (handler !== undefined && typeof handler !== "function") throw new FungibleError("invalid_config", `warmUp: handler must be the fetch handler that will serve (createFetchHandler), got ${describeValue(handler)}`);
  let bug: unknown = null;
  // Every canonical asset's record: a derived voucher's is made on first read, so a first request
  // reaching vouchers the requests below do not would otherwise make theirs (a few milliseconds).
  canonicalAssets(routeIndexOfRouter(router, "warmUp").model);
  // Keeping no answer: each pass runs the search and the JSON again, as a first request does.
  const scratch = createService(router, { answerCacheBytes: 0, compressedCacheBytes: 0, onInternalError: (error) => (bug ??= error) }, "warmUp").fetch;
  const asked = requestsOf(router).map(([path, params]) => ({ path, query: new URLSearchParams(params).toString() }));
  /** One pass of the requests through `fetch`: each one's status, null where the Response was refused. */
  const pass = async (fetch: FetchHandler): Promise<(number | null)[]> => {
    const statuses: (number | null)[] = [];
    for (const { path, query } of asked) {
      bug = null;
      try {
        statuses.push((await fetch(new Request(`http://warm-up.invalid${path}?${query}`))).status);
      } catch {
        // Workers at module scope: the Response itself is refused (the handler reports that as an
        // internal error, then fails to answer it too); everything before it ran. A bug of the router
        // cannot be told apart here: it shows at the first request, as it would without warmUp.
        statuses.push(null);
        bug = null;
      }
      if (bug !== null) throw bug;
    }
    return statuses;
  };
  let statuses: (number | null)[] = [];
  for (let i = 0; i < PASSES; i++) statuses = await pass(scratch);
  // Then the handler that will serve: its own pieces (its Hono app, its kept answers) run too. Its
  // errors are its own to report; what it keeps is what the same requests from a client would leave.
  if (handler !== undefined) for (let i = 0; i < PASSES; i++) statuses = await pass(handler);
  return { requests: asked.map((request, i) => ({ ...request, status: statuses[i] ?? null })) };
}

/** The requests of the rule above, for this data (none without channels). */
function requestsOf(router: AssetRouter): [string, Record<string, string>][] {
  const { assets, ibc_channels: channels } = router.registry;
  const ends = new Map<string, number>();
  const peers = new Map<string, Set<string>>();
  for (const { chain_1, chain_2 } of channels) {
    for (const [end, other] of [
      [chain_1.chain_id, chain_2.chain_id],
      [chain_2.chain_id, chain_1.chain_id],
    ] as const) {
      ends.set(end, (ends.get(end) ?? 0) + 1);
      if (!peers.has(end)) peers.set(end, new Set());
      peers.get(end)!.add(other);
    }
  }
  // By channel count, then chain id: the same chains for the same data.
  const hub = [...ends].sort((a, b) => b[1] - a[1] || compareStrings(a[0], b[0]))[0]?.[0];
  if (hub === undefined) return [];
  const listed = new Map<string, number>();
  for (const asset of assets) listed.set(asset.chain_id, (listed.get(asset.chain_id) ?? 0) + 1);
  const smallest = [...peers.get(hub)!].filter((peer) => peer !== hub).sort((a, b) => (listed.get(a) ?? 0) - (listed.get(b) ?? 0) || compareStrings(a, b))[0];
  const source = assets.find((asset) => asset.chain_id === hub && !asset.is_cw20 && isOwnOrigin(asset));
  const requests: [string, Record<string, string>][] = [];
  if (source !== undefined) requests.push([PATHS.assetsFromSource, { source_asset_denom: source.denom, source_asset_chain_id: source.chain_id, allow_multi_tx: "true" }]);
  if (smallest !== undefined) requests.push([PATHS.assetsBetweenChains, { source_chain_id: smallest, dest_chain_id: hub }]);
  return requests;
}
