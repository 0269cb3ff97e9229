/**
 * The chains' REST for the execution endpoints (`serve --live-endpoints FILE`), through the one
 * bounded reader of refresh-state (./lcd-fetch.ts: a deadline per attempt, a body limit, redirects
 * only within the endpoint's origin). A chain's endpoints are tried in the file's order until one
 * answers; a 404 is an answer (the chain does not have it), other failures move to the next one.
 */
import { FungibleError } from "../errors.js";
import { ChainAnswerError, type ChainRest } from "./chain-rest.js";
import { FetchProblem } from "./bounded-fetch.js";
import { lcdRequester, type LcdFetchOptions } from "./lcd-fetch.js";

export function chainRestClient(endpoints: Record<string, readonly string[]>, options: LcdFetchOptions = {}): ChainRest {
  // Status is polled every second or two by a wallet: a short deadline and one retry, not refresh-state's patience.
  const request = lcdRequester({ timeoutMs: 5_000, retries: 1, maxBodyBytes: 2 * 1024 * 1024, ...options });
  const bases = new Map(Object.entries(endpoints).map(([chainId, urls]) => [chainId, urls.map((url) => url.replace(/\/+$/, ""))]));
  const call = async (chainId: string, path: string, body?: unknown): Promise<unknown> => {
    const urls = bases.get(chainId) ?? [];
    let last: unknown = new FungibleError("fetch_failed", `chain "${chainId}" has no endpoint`);
    for (const base of urls) {
      try {
        return await request(`${base}${path}`, body);
      } catch (error) {
        if (!(error instanceof FetchProblem)) throw error;
        if (error.kind === "http" && error.status === 404) return undefined;
        // A 4xx other than 404 is the chain's answer to this request (a bad query, a refused broadcast): another endpoint would say the same.
        if (error.kind === "http" && (error.status ?? 0) < 500 && error.status !== 429) throw new ChainAnswerError(error.status!, `${chainId}: ${error.message}`);
        last = error;
      }
    }
    const problem = last as FetchProblem | FungibleError;
    throw problem instanceof FetchProblem ? new FungibleError(problem.kind === "timeout" ? "timeout" : "fetch_failed", `${chainId}: ${problem.message}`) : problem;
  };
  return {
    has: (chainId) => (bases.get(chainId)?.length ?? 0) > 0,
    get: (chainId, path) => call(chainId, path),
    post: (chainId, path, body) => call(chainId, path, body),
  };
}
