/**
 * The fungible-graph HTTP service as a Cloudflare Worker (workerd): the same fetch handler the
 * Node server runs, over the mainnet dataset shipped in the package (bundled into the Worker).
 * No option is needed: the handler compresses nothing unless given a compressor, and Cloudflare
 * compresses every response itself, as the client accepts.
 *
 * With the variables DATASET_URL and PUBLIC_KEY set (wrangler.toml `[vars]`), it also follows a
 * published dataset (`fungible-graph publish`; docs/operations.md "Publishing datasets"): after
 * answering, at most every POLL_SECONDS (default 60), it revalidates the signed pointer and swaps a
 * newer verified dataset in. Nothing unverified is served; a refusal shows in /health.
 *
 * Run it: see README.md next to this file.
 */
import { loadRouter } from "fungible-graph";
import { createFetchHandler, followDataset, LiveRouter, warmUp, type DatasetFollower } from "fungible-graph/http";

/** The Worker's variables (all optional). */
interface Env {
  DATASET_URL?: string;
  PUBLIC_KEY?: string;
  POLL_SECONDS?: string;
}

/** The part of Workers' ExecutionContext used here. */
interface Context {
  waitUntil(promise: Promise<unknown>): void;
}

// Loaded at module scope (top-level await), once per isolate, before the first request arrives:
// parsing the dataset is the costliest step of a cold start, and Workers allow start-up up to 1 s
// of CPU but a request only 10 ms on the free plan. No request parses it then
// (test/integration/runtimes/worker-first-request.test.ts counts the parses).
// A dataset that fails to load fails the Worker's start (the deployment), not a request.
const router = await loadRouter();
const live = new LiveRouter(router);
const fetchHandler = createFetchHandler(live);
// What the first request would still pay for running code the first time is paid here too:
// warmUp sends two requests made from the data through a handler of its own, then through this
// one (up to the Response, which Workers refuse at module scope; no answer changes), and the
// handler built Hono's matcher when it was made. Bench scenario 15 measures the first request's
// CPU under workerd.
await warmUp(router, fetchHandler);

/** Made on the first request (a Worker's variables arrive with it); null when not configured or refused. */
let follower: DatasetFollower | null | undefined;

function followerOf(env: Env): DatasetFollower | null {
  if (follower !== undefined) return follower;
  follower = null;
  if (env.DATASET_URL === undefined || env.PUBLIC_KEY === undefined) return follower;
  try {
    const everyMs = env.POLL_SECONDS === undefined ? undefined : Number(env.POLL_SECONDS) * 1000;
    follower = followDataset(live, { url: env.DATASET_URL, publicKey: env.PUBLIC_KEY, ...(everyMs === undefined ? {} : { everyMs }) });
  } catch (error) {
    // A wrong key or URL: serve the bundled data and say why in /health, rather than fail every request.
    live.recordReload({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
  return follower;
}

export default {
  fetch(request: Request, env: Env = {}, ctx?: Context): Promise<Response> {
    const following = followerOf(env);
    // After the answer: the check (one small conditional request most of the time) never delays it.
    if (following !== null && ctx !== undefined) ctx.waitUntil(following.check());
    return fetchHandler(request);
  },
};
