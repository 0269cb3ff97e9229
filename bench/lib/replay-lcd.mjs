/**
 * Local REST (LCD) endpoints on 127.0.0.1 replaying recorded answers (fixtures/lcd/, sources kept
 * there), shared by the state tests (test/state/) and the state bench (scenario 13): never the
 * network. Faults for the tests: slow, 5xx, truncated, endless, redirected and wrong-chain answers.
 * A paginated list answers `pagination.limit` / `pagination.key` as ibc-go does: entries in store
 * key order (`/ports/<port>/channels/<channel>`), `next_key` the base64 key of the next entry (the
 * recorded channel list shows that shape).
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const NODE_INFO = "/cosmos/base/tendermint/v1beta1/node_info";
export const TRANSFER_PARAMS = "/ibc/apps/transfer/v1/params";
export const LATEST_BLOCK = "/cosmos/base/tendermint/v1beta1/blocks/latest";
export const MODULE_VERSIONS = "/cosmos/upgrade/v1beta1/module_versions";
export const RATE_LIMITS = { ibcGo: "/ibc/apps/rate-limiting/v1/ratelimits", ibcApps: "/Stride-Labs/ibc-rate-limiting/ratelimit/ratelimits" };

/**
 * The transfer module's params as the gateway writes them (ibc-go
 * proto/ibc/applications/transfer/v1/query.proto QueryParamsResponse {params: Params{send_enabled, receive_enabled}}).
 */
export const transferParams = (send = true, receive = true) => ({ params: { send_enabled: send, receive_enabled: receive } });

/**
 * The latest block as the gateway writes it (cosmos-sdk proto/cosmos/base/tendermint/v1beta1/query.proto
 * GetLatestBlockResponse: block_id, block (tendermint types.Block) and, since v0.47, sdk_block; the
 * header's `time` is RFC 3339). Only the fields a reader needs besides the header's identity.
 */
export const latestBlock = (chainId, time, height = "1000") => {
  const header = { version: { block: "11", app: "0" }, chain_id: chainId, height, time };
  return { block_id: { hash: "", part_set_header: { total: 1, hash: "" } }, block: { header, data: { txs: [] } }, sdk_block: { header, data: { txs: [] } } };
};

/**
 * module_versions as the gateway writes it (cosmos-sdk proto/cosmos/upgrade/v1beta1/query.proto
 * QueryModuleVersionsResponse {module_versions: [{name, version (uint64, a string)}]}); with the
 * packet-forward middleware's registered name `packetfowardmiddleware` (sic; ibc-apps and ibc-go keys.go) when `forwards`.
 */
export const moduleVersions = (forwards = true, extra = []) => ({
  module_versions: [
    { name: "auth", version: "4" },
    { name: "bank", version: "4" },
    { name: "ibc", version: "6" },
    ...(forwards ? [{ name: "packetfowardmiddleware", version: "2" }] : []),
    { name: "transfer", version: "4" },
    ...extra.map((name) => ({ name, version: "1" })),
  ],
});

/**
 * The all-rate-limits answer (cosmos/ibc-apps modules/rate-limiting/proto/ratelimit/v1/ratelimit.proto
 * RateLimit {path{denom, channel_or_client_id}, quota{max_percent_send, max_percent_recv, duration_hours},
 * flow{inflow, outflow, channel_value}}; math.Int and uint64 as strings). No recorded body exists
 * (fixtures README section C): the shape is the proto's.
 */
export const rateLimits = (limits) => ({
  rate_limits: limits.map((l) => ({
    path: { denom: l.denom, channel_or_client_id: l.channel },
    quota: { max_percent_send: String(l.maxSend), max_percent_recv: String(l.maxRecv ?? l.maxSend), duration_hours: String(l.hours ?? 24) },
    flow: { inflow: String(l.inflow), outflow: String(l.outflow), channel_value: String(l.channelValue) },
  })),
});

/** What grpc-gateway answers for a route the node does not register (a module it does not run): 501, code 12. */
const NOT_IMPLEMENTED = { status: 501, body: { code: 12, message: "Not Implemented", details: [] } };

/**
 * Answers to the chain-wide queries a node gives unless a test's routes say otherwise: transfers on,
 * a block made a minute before the request, packet forwarding, no rate-limit module.
 */
function chainDefault(network, bare) {
  switch (bare) {
    case NODE_INFO:
      // node_info has no recording among the fixtures: the documented shape (cosmos-sdk GetNodeInfoResponse), its one field we read.
      return { body: { default_node_info: { network } } };
    case TRANSFER_PARAMS:
      return { body: transferParams() };
    case LATEST_BLOCK:
      return { body: latestBlock(network, new Date(Date.now() - 60_000).toISOString()) };
    case MODULE_VERSIONS:
      return { body: moduleVersions() };
    case RATE_LIMITS.ibcGo:
    case RATE_LIMITS.ibcApps:
      return NOT_IMPLEMENTED;
  }
  return undefined;
}

/** A recording of fixtures/lcd/ by file name (without `.json`). */
export function recording(name) {
  return JSON.parse(readFileSync(new URL(`../../fixtures/lcd/${name}.json`, import.meta.url), "utf8"));
}

/** The request handler of one chain's endpoint: `routes` (path with query -> answer; a path without query also matches any query). */
function lcdHandler(network, routes, requests) {
  const failedOnce = new Set();
  return (req, res) => {
    const path = req.url ?? "/";
    requests.push(path);
    const bare = path.split("?")[0];
    const answer = routes[path] ?? routes[bare] ?? chainDefault(network, bare);
    const json = (status, body) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (answer === undefined) return json(404, { code: 5, message: "not found", details: [] });
    if ("page" in answer) return json(200, pageOf(answer.page, new URL(path, "http://x").searchParams));
    if ("fault" in answer) {
      switch (answer.fault) {
        case "slow":
          return void setTimeout(() => json(200, answer.body), answer.ms).unref();
        case "503-once":
          if (!failedOnce.has(path)) {
            failedOnce.add(path);
            return json(503, { message: "unavailable" });
          }
          return json(200, answer.body);
        case "truncated":
          res.writeHead(200, { "content-type": "application/json", "content-length": "400" });
          // The connection drops mid-body, as a proxy that dies does.
          res.write('{"channels": [{"state": "STATE_OP');
          return void setTimeout(() => res.socket?.destroy(), 20).unref();
        case "garbage":
          res.writeHead(200, { "content-type": "application/json" });
          return void res.end("<html>gateway error</html>");
        case "endless": {
          res.writeHead(200, { "content-type": "application/json" });
          res.write('{"channels": [');
          const chunk = `${JSON.stringify({ state: "STATE_OPEN", port_id: "transfer", channel_id: "channel-0" })},`.repeat(200);
          const pump = () => {
            if (res.destroyed) return;
            if (res.write(chunk)) setImmediate(pump);
            else res.once("drain", pump);
          };
          return pump();
        }
        case "redirect":
          res.writeHead(302, { location: answer.location });
          return void res.end();
      }
    }
    json(answer.status ?? 200, answer.body ?? {});
  };
}

/** The store key of a channel, as ibc-go's pagination keys name it. */
const channelKey = (entry) => `/ports/${entry.port_id}/channels/${entry.channel_id}`;

/** One page of a channel list: the recorded page's shape, entries from `pagination.key` on, at most `pagination.limit` (default 100). */
function pageOf(list, query) {
  const sorted = list.sorted ?? (list.sorted = [...list.entries].sort((a, b) => (channelKey(a) < channelKey(b) ? -1 : 1)));
  const limit = Math.max(1, Math.min(Number(query.get("pagination.limit")) || 100, 10_000));
  const key = query.get("pagination.key");
  const at = key === null ? 0 : sorted.findIndex((entry) => channelKey(entry) >= Buffer.from(key, "base64").toString());
  const from = at < 0 ? sorted.length : at;
  const next = sorted[from + limit];
  return {
    ...list.head,
    channels: sorted.slice(from, from + limit),
    pagination: { next_key: next === undefined ? null : Buffer.from(channelKey(next)).toString("base64"), total: String(sorted.length) },
  };
}

async function listen(handler) {
  const server = createServer(handler);
  // Keep-alive sockets are closed by close() below; a bench's client may hold many.
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

function closeAll(servers) {
  return Promise.all(
    servers.map(
      (server) =>
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve(undefined));
        }),
    ),
  ).then(() => undefined);
}

/** One chain's endpoint: `routes` served with `node_info` naming `network`; counts the requests it served. */
export async function replayLcd(network, routes) {
  const requests = [];
  const server = await listen(lcdHandler(network, routes, requests));
  return { url: `http://127.0.0.1:${server.address().port}`, requests, close: () => closeAll([server]) };
}

/**
 * Many chains' endpoints, one port each on 127.0.0.1 (so a client's per-host bounds act as they do
 * against separate nodes), all in this process. `requests` lists every request as `<url><path>`.
 */
export async function replayChains(chains) {
  const requests = [];
  const urls = Object.create(null);
  const servers = [];
  for (const [chainId, routes] of Object.entries(chains)) {
    const log = { push: (path) => requests.push(`${urls[chainId]}${path}`) };
    const server = await listen(lcdHandler(chainId, routes, log));
    servers.push(server);
    urls[chainId] = `http://127.0.0.1:${server.address().port}`;
  }
  return { urls, requests, close: () => closeAll(servers) };
}

/** A recorded channel-list entry (cosmoshub-4's, blockpi_cosmoshub-4_channels) rewritten to another channel end. */
export function channelEntry({ channel, state, counterparty, connection, port = "transfer", counterpartyPort = "transfer" }) {
  const entry = recording("blockpi_cosmoshub-4_channels").response.channels[0];
  return {
    ...entry,
    state,
    ordering: "ORDER_UNORDERED",
    counterparty: { port_id: counterpartyPort, channel_id: counterparty },
    connection_hops: [connection],
    version: "ics20-1",
    port_id: port,
    channel_id: channel,
  };
}

/** The recorded list page with these entries and no next page. */
export function channelList(...entries) {
  const page = recording("blockpi_cosmoshub-4_channels").response;
  return { ...page, channels: entries, pagination: { next_key: null, total: String(entries.length) } };
}

/** A channel list answered page by page as the client asks (`pagination.limit`, `pagination.key`). */
export function pagedChannelList(entries) {
  const { channels, pagination, ...head } = recording("blockpi_cosmoshub-4_channels").response;
  return { page: { head, entries } };
}

/** The recorded connection (cosmoshub-4 connection-188) on another client. */
export function connection(clientId) {
  const body = recording("blockpi_cosmoshub-4_connection_connection-188").response;
  return { ...body, connection: { ...body.connection, client_id: clientId } };
}

/** The recorded client state (cosmoshub-4 07-tendermint-0, trusting period 1209600s) tracking `chainId` at `height`. */
export function clientState(chainId, revision, height) {
  const body = recording("blockpi_cosmoshub-4_client_state_07-tendermint-0").response;
  return { ...body, client_state: { ...body.client_state, chain_id: chainId, latest_height: { revision_number: revision, revision_height: height } } };
}

/**
 * The recorded client_states answer with an 08-wasm client state in place of the Tendermint one, as
 * ibc-go's proto gives it (proto/ibc/lightclients/wasm/v1/wasm.proto @485bb40b: ClientState {data,
 * checksum, latest_height}; bytes as base64 in the gateway's JSON). No recording of one exists: its
 * `data` bytes (the wrapped light client's own state) are not a recording, and no reader opens them.
 */
export function wasmClientState(height = "22845111") {
  const body = recording("blockpi_cosmoshub-4_client_state_07-tendermint-0").response;
  return {
    ...body,
    client_state: {
      "@type": "/ibc.lightclients.wasm.v1.ClientState",
      data: Buffer.from("opaque light client state").toString("base64"),
      checksum: Buffer.alloc(32, 7).toString("base64"),
      latest_height: { revision_number: "0", revision_height: height },
    },
  };
}

/** The recorded consensus state (cosmoshub-4 07-tendermint-1001), at another time when given. */
export function consensusState(timestamp) {
  const body = recording("blockpi_cosmoshub-4_consensus_state_07-tendermint-1001_rev1_h2030274").response;
  return timestamp === undefined ? body : { ...body, consensus_state: { ...body.consensus_state, timestamp } };
}

/** The recorded client statuses: noble-1's Active, cosmoshub-4's Expired. */
export const CLIENT_STATUS = {
  Active: () => recording("relayooor_noble-1_client_status_07-tendermint-74").response,
  Expired: () => recording("blockpi_cosmoshub-4_client_status_07-tendermint-0").response,
};
