/**
 * The chains' own REST (LCD) endpoints as the execution endpoints read them: an interface the
 * embedding program passes (`FetchHandlerOptions.chainRest`), so this layer stays runtime-neutral.
 * The Node server's one (./chain-rest-client.ts) goes through the bounded reader of
 * `refresh-state` (time, size, same-origin redirects only). Paths and shapes are the Cosmos SDK's
 * gRPC-gateway routes: cosmos/bank/v1beta1/query.proto (balances), cosmos/tx/v1beta1/service.proto
 * (GetTx, GetTxsEvent, BroadcastTx).
 */
import { FungibleError } from "../errors.js";

export interface ChainRest {
  /** The chains it has endpoints for. */
  has(chainId: string): boolean;
  /** GET `path` (with its query) on the chain: the JSON body; `undefined` when the chain answers 404. */
  get(chainId: string, path: string): Promise<unknown>;
  /** POST `body` as JSON to `path` on the chain: the JSON body of its answer. */
  post(chainId: string, path: string, body: unknown): Promise<unknown>;
}

/** A chain answered a status other than 2xx or 404: what it said is in the message. */
export class ChainAnswerError extends FungibleError {
  constructor(
    readonly chainStatus: number,
    message: string,
  ) {
    super("fetch_failed", message);
  }
}

export const LIVE_OPTION_HINT =
  "start the service with `fungible-graph serve --live-endpoints FILE` (FILE: {\"<chain_id>\": [\"<REST base URL>\", ...]}, the format of refresh-state --endpoints), or pass `chainRest` to createFetchHandler";

/** The chain's endpoints, or a 404 as the hosted API answers an unsupported chain. */
export function requireChain(rest: ChainRest, chainId: string, path: string): void {
  if (!rest.has(chainId)) throw new FungibleError("unknown_chain", `${path}: chain "${chainId}" has no REST endpoint in this service's --live-endpoints file`);
}

/** The value of an event attribute (abci.proto Event: `{type, attributes: [{key, value}]}`). */
export interface ChainEvent {
  type: string;
  attributes: ReadonlyMap<string, string>;
}

interface TxResponseShape {
  txhash?: unknown;
  code?: unknown;
  raw_log?: unknown;
  timestamp?: unknown;
  events?: unknown;
}

export interface ChainTx {
  hash: string;
  code: number;
  rawLog: string;
  timestamp: string | undefined;
  events: readonly ChainEvent[];
}

/** A TxResponse (cosmos/base/abci/v1beta1/abci.proto) read defensively: a lying node gives junk, never a crash. */
export function chainTxOf(value: unknown): ChainTx | null {
  if (typeof value !== "object" || value === null) return null;
  const tx = value as TxResponseShape;
  if (typeof tx.txhash !== "string") return null;
  const events: ChainEvent[] = [];
  for (const event of Array.isArray(tx.events) ? (tx.events as unknown[]).slice(0, 10_000) : []) {
    const { type, attributes } = (event ?? {}) as { type?: unknown; attributes?: unknown };
    if (typeof type !== "string" || !Array.isArray(attributes)) continue;
    const map = new Map<string, string>();
    for (const attribute of attributes as unknown[]) {
      const { key, value: text } = (attribute ?? {}) as { key?: unknown; value?: unknown };
      if (typeof key === "string" && typeof text === "string" && !map.has(key)) map.set(key, text);
    }
    events.push({ type, attributes: map });
  }
  return {
    hash: tx.txhash.toUpperCase(),
    code: typeof tx.code === "number" ? tx.code : Number(tx.code ?? 0) || 0,
    rawLog: typeof tx.raw_log === "string" ? tx.raw_log.slice(0, 2000) : "",
    timestamp: typeof tx.timestamp === "string" && tx.timestamp !== "" ? tx.timestamp : undefined,
    events,
  };
}

/** GET /cosmos/tx/v1beta1/txs/{hash}: the transaction, or null while the chain does not have it. */
export async function getTx(rest: ChainRest, chainId: string, hash: string): Promise<ChainTx | null> {
  const body = (await rest.get(chainId, `/cosmos/tx/v1beta1/txs/${hash}`)) as { tx_response?: unknown } | undefined;
  return body === undefined ? null : chainTxOf(body.tx_response);
}

/**
 * GET /cosmos/tx/v1beta1/txs with the conditions: `query` (Cosmos SDK v0.50 and later), and
 * `events` repeated for a chain that refuses `query` with a 400 (v0.47 and before).
 */
export async function searchTxs(rest: ChainRest, chainId: string, conditions: readonly string[]): Promise<ChainTx[]> {
  const query = `query=${encodeURIComponent(conditions.join(" AND "))}&pagination.limit=10`;
  let body: unknown;
  try {
    body = await rest.get(chainId, `/cosmos/tx/v1beta1/txs?${query}`);
  } catch (error) {
    if (!(error instanceof ChainAnswerError && error.chainStatus === 400)) throw error;
    body = await rest.get(chainId, `/cosmos/tx/v1beta1/txs?${conditions.map((c) => `events=${encodeURIComponent(c)}`).join("&")}&pagination.limit=10`);
  }
  const responses = (body as { tx_responses?: unknown } | undefined)?.tx_responses;
  return (Array.isArray(responses) ? responses.slice(0, 10) : []).map(chainTxOf).filter((tx): tx is ChainTx => tx !== null);
}
