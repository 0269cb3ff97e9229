/**
 * What finishes a transfer: the Skip Go API's execution calls answered from the chains' own REST
 * (opt-in: `chainRest`, the Node server's `serve --live-endpoints FILE`; without it they are 501
 * saying how to turn them on), and this service's own resume (offline, always on).
 * - POST /v2/info/balances: GET /cosmos/bank/v1beta1/balances/{address} on each chain;
 * - POST /v2/tx/submit: POST /cosmos/tx/v1beta1/txs, mode BROADCAST_MODE_SYNC;
 * - POST /v2/tx/track: accepted for a chain with endpoints (stateless: status reads the chains);
 * - GET /v2/tx/status: the transaction and its packets followed hop by hop (../remote/tx-status.ts);
 * - POST /fungible-graph/v1/resume: the rest of a route from where the funds are (../msgs/resume.ts).
 */
import { channelKey, indexChannelsByEnd } from "../registry/channel-ends.js";
import { explorerLink } from "../registry/explorer-links.js";
import type { Registry } from "../registry/schema.js";
import { FungibleError } from "../errors.js";
import type { ResumeRequest } from "../wire/msgs.js";
import { parseRequest } from "../wire/schema.js";
import { BalancesRequestSchema, StatusTxRequestSchema, SubmitTxRequestSchema, TrackTxRequestSchema, type BalancesResponse, type TxHashResponse } from "../wire/skip-tx.js";
import { jsonAnswer, queryString, type AppContext, type RouteHandler } from "./app-env.js";
import { LIVE_OPTION_HINT, requireChain, type ChainRest } from "../remote/chain-rest.js";
import { EXTENSION_PREFIX } from "./explorer-schemas.js";
import { jsonContent, pickErrors, queryOf, queryParameters } from "./openapi-parts.js";
import { queryToBody } from "./query-params.js";
import { assertJsonContentType, readJsonBody } from "./read-json.js";

/** The calls' own code (messages, addresses, transaction status), imported on the first call, not at a server's start. */
const calls = () => import("./execution-calls.js");

export const RESUME_PATH = `${EXTENSION_PREFIX}/resume`;
export const TX_STATUS_PATH = "/v2/tx/status";

const live = (summary: string, request: string | null, response: string, extra: Record<string, string> = {}) => () => ({
  summary: `${summary} (opt-in: serve --live-endpoints FILE)`,
  tags: ["Skip Go execution"],
  ...(request === null ? { parameters: queryParameters(queryOf(StatusTxRequestSchema)) } : { requestBody: { required: true, content: jsonContent(request) } }),
  responses: {
    "200": { description: "As the hosted Skip Go API answers, read from the chains' own REST", content: jsonContent(response) },
    ...pickErrors(["400", "405", "413", "415", "500"], {
      "404": "A chain without an endpoint in the live endpoints file (gRPC code 5)",
      "501": `Not turned on: ${LIVE_OPTION_HINT} (gRPC code 12)`,
      "502": "The chain's endpoints could not be read (gRPC code 14)",
      "504": "The chain's endpoints did not answer in time (gRPC code 4)",
      ...extra,
    }),
  },
});
const withId = (operationId: string, doc: () => Record<string, unknown>) => () => ({ operationId, ...doc() });

export const EXECUTION_ROUTES = [
  { method: "POST", path: "/v2/info/balances", operationId: "skipBalances", doc: withId("skipBalances", live("Balances of addresses by chain (Skip Go /v2/info/balances; amounts only)", "BalancesRequest", "BalancesResponse")) },
  { method: "POST", path: "/v2/tx/submit", operationId: "skipTxSubmit", doc: withId("skipTxSubmit", live("Broadcast a signed transaction (Skip Go /v2/tx/submit)", "SubmitTxRequest", "TxHashResponse")) },
  { method: "POST", path: "/v2/tx/track", operationId: "skipTxTrack", doc: withId("skipTxTrack", live("Track a transaction (Skip Go /v2/tx/track; stateless: status reads the chains)", "TrackTxRequest", "TxHashResponse")) },
  { method: "GET", path: TX_STATUS_PATH, operationId: "skipTxStatus", doc: withId("skipTxStatus", live("A transaction and its IBC packets followed across every hop (Skip Go /v2/tx/status)", null, "StatusTxResponse")) },
  {
    method: "POST",
    path: RESUME_PATH,
    operationId: "resume",
    doc: () => ({
      operationId: "resume",
      summary: "The rest of an interrupted transfer from where the funds are now, with its messages (offline)",
      tags: ["Transfers"],
      requestBody: { required: true, content: jsonContent("ResumeRequest") },
      responses: {
        "200": { description: "The route from where the funds are and one MsgTransfer per transaction", content: jsonContent("ResumeResponse") },
        ...pickErrors(["400", "405", "413", "415", "500"], { "404": "No route from where the funds are (gRPC code 5)", "501": "The rest needs a leg other than an IBC transfer (gRPC code 12)" }),
      },
    }),
  },
] as const;

type ExecutionOperation = (typeof EXECUTION_ROUTES)[number]["operationId"];

/** How long balances and status wait for one chain before the answer is refused; the reader bounds each fetch too. */
export function executionHandlers(bodyLimit: number, rest: ChainRest | undefined, now: () => number = Date.now): Record<ExecutionOperation, RouteHandler> {
  const post = async (c: AppContext) => {
    assertJsonContentType(c.req.header("content-type") ?? null);
    return readJsonBody(c.req.raw, bodyLimit);
  };
  const need = (path: string): ChainRest => {
    if (rest === undefined) throw new FungibleError("not_implemented", `${path} is not turned on in this service: ${LIVE_OPTION_HINT}`);
    return rest;
  };
  return {
    resume: async (c) => {
      const request = (await post(c)) as ResumeRequest;
      const { resumedJson, resumeTransfer } = await calls();
      return jsonAnswer(c, resumedJson(resumeTransfer(c.var.router, request)));
    },
    skipBalances: async (c) => {
      const chainRest = need("/v2/info/balances");
      const body = parseRequest(BalancesRequestSchema, await post(c), "balances");
      const chains = new Map(c.var.router.registry.chains.map((chain) => [chain.chain_id, chain]));
      const { checkAddress } = await calls();
      const answer: Record<string, { address: string; denoms: Record<string, { amount: string }> }> = {};
      for (const [chainId, { address, denoms }] of Object.entries(body.chains)) {
        requireChain(chainRest, chainId, "/v2/info/balances");
        const chain = chains.get(chainId);
        if (chain === undefined) throw new FungibleError("unknown_chain", `balances: chain "${chainId}" is not in the registry`);
        checkAddress("balances", chain, address, "the address whose balances are asked");
        const held = await balancesOf(chainRest, chainId, address);
        const wanted = denoms ?? [...held.keys()];
        answer[chainId] = { address, denoms: Object.fromEntries(wanted.map((denom) => [denom, { amount: held.get(denom) ?? "0" }])) };
      }
      return jsonAnswer(c, { chains: answer } satisfies BalancesResponse);
    },
    skipTxSubmit: async (c) => {
      const chainRest = need("/v2/tx/submit");
      const body = parseRequest(SubmitTxRequestSchema, await post(c), "submit");
      requireChain(chainRest, body.chain_id, "/v2/tx/submit");
      const { base64 } = await calls();
      if (base64.decode(body.tx).length === 0) throw new FungibleError("invalid_request", "submit: tx is empty");
      const answer = (await chainRest.post(body.chain_id, "/cosmos/tx/v1beta1/txs", { tx_bytes: body.tx, mode: "BROADCAST_MODE_SYNC" })) as { tx_response?: { txhash?: unknown; code?: unknown; raw_log?: unknown } };
      const response = answer?.tx_response;
      if (typeof response?.txhash !== "string") throw new FungibleError("fetch_failed", `submit: ${body.chain_id} answered without a tx_response.txhash`);
      if (Number(response.code ?? 0) !== 0) throw new FungibleError("invalid_request", `submit: ${body.chain_id} refused the transaction (code ${String(response.code)}): ${String(response.raw_log ?? "").slice(0, 500)}`);
      const hash = response.txhash.toUpperCase();
      return jsonAnswer(c, { tx_hash: hash, explorer_link: explorerLinks(c.var.router.registry)(body.chain_id, hash) } satisfies TxHashResponse);
    },
    skipTxTrack: async (c) => {
      const chainRest = need("/v2/tx/track");
      const body = parseRequest(TrackTxRequestSchema, await post(c), "track");
      requireChain(chainRest, body.chain_id, "/v2/tx/track");
      const hash = body.tx_hash.toUpperCase();
      return jsonAnswer(c, { tx_hash: hash, explorer_link: explorerLinks(c.var.router.registry)(body.chain_id, hash) } satisfies TxHashResponse);
    },
    skipTxStatus: async (c) => {
      const chainRest = need(TX_STATUS_PATH);
      const query = parseRequest(StatusTxRequestSchema, queryToBody(new URLSearchParams(queryString(c.req.url)), StatusTxRequestSchema.shape), "status");
      requireChain(chainRest, query.chain_id, TX_STATUS_PATH);
      // The one channel index (registry/channel-ends.ts): which chain is on the far side of an end.
      const channels = indexChannelsByEnd(c.var.router.registry.ibc_channels);
      const counterparty = (chainId: string, port: string, channel: string) => channels.get(channelKey(chainId, port, channel))?.counterparty.chain_id;
      const { txStatus } = await calls();
      const known = { counterparty, explorerLink: explorerLinks(c.var.router.registry) };
      const status = await txStatus(chainRest, query.chain_id, query.tx_hash.toUpperCase(), known, now());
      return c.body(JSON.stringify(status), 200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
    },
  };
}

/** A transaction's page on its chain's block explorer (the registry's `explorer_tx_page`), "" for a chain without one. */
function explorerLinks(registry: Registry): (chainId: string, txHash: string) => string {
  const pages = new Map(registry.chains.map((chain) => [chain.chain_id, chain.explorer_tx_page]));
  return (chainId, txHash) => explorerLink(pages.get(chainId), txHash);
}

/** GET /cosmos/bank/v1beta1/balances/{address}: denom -> amount (one page of up to 1,000 coins). */
async function balancesOf(rest: ChainRest, chainId: string, address: string): Promise<Map<string, string>> {
  const body = (await rest.get(chainId, `/cosmos/bank/v1beta1/balances/${address}?pagination.limit=1000`)) as { balances?: unknown } | undefined;
  const held = new Map<string, string>();
  for (const coin of Array.isArray(body?.balances) ? (body.balances as unknown[]).slice(0, 1000) : []) {
    const { denom, amount } = (coin ?? {}) as { denom?: unknown; amount?: unknown };
    if (typeof denom === "string" && typeof amount === "string" && /^[0-9]{1,78}$/.test(amount)) held.set(denom, amount);
  }
  return held;
}
