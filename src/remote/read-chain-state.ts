/**
 * One chain's facts from its REST endpoints (ibc-go's gRPC-gateway routes): the chain id its node
 * reports, its channel list (paginated), for each channel end the registry lists there its
 * connection, light client, the client's status and expiry, and the same of each IBC v2 client
 * the registry's Eureka links send over (src/state/eureka-links.ts). Endpoints are tried in order;
 * one that names another chain, or fails after its retries, is dropped for the rest of this chain's
 * refresh. Connections and clients shared by many channels are read once.
 */
import { unread, unreadChain, type ChainState, type ChannelEndState, type ChannelState, type ClientStatus, type EurekaClientState, CHANNEL_STATES, CLIENT_STATUSES } from "../state/format.js";
import { FetchProblem } from "./bounded-fetch.js";
import { readChainFacts } from "./read-chain-facts.js";

export interface ChainEnd {
  port_id: string;
  channel_id: string;
}

type Get = (url: string) => Promise<unknown>;
type Read<T> = { value: T; read_at: string; source: string };

/** Bounds: pages of the channel list and its page size. */
const PAGE_LIMIT = 500;
const MAX_PAGES = 40;

/** `clients`: the chain's IBC v2 client ids that Eureka links send over (read as channel ends' clients are). */
export async function readChainState(chainId: string, ends: readonly ChainEnd[], endpoints: readonly string[], get: Get, now: () => Date, clients: readonly string[] = []): Promise<ChainState> {
  const errors: string[] = [];
  const pool = endpoints.map((base) => base.replace(/\/+$/, ""));
  const verified = new Map<string, Promise<Read<string>>>();
  let nodeChainId: Read<string> | null = null;

  /** GET `path` from the first endpoint still trusted, verifying its chain id first. */
  const read = async (path: string): Promise<{ body: Record<string, unknown>; read_at: string; source: string }> => {
    while (pool.length > 0) {
      const base = pool[0]!;
      try {
        let check = verified.get(base);
        if (check === undefined) verified.set(base, (check = readNodeChainId(base, get, now)));
        const reported = await check;
        if (reported.value !== chainId) throw new FetchProblem("wrong_chain", reported.source, `the node reports chain id ${JSON.stringify(reported.value.slice(0, 80))}, not ${chainId}`);
        nodeChainId ??= reported;
        const url = base + path;
        const body = await get(url);
        if (typeof body !== "object" || body === null || Array.isArray(body)) throw new FetchProblem("malformed", url, "the body is not a JSON object");
        return { body: body as Record<string, unknown>, read_at: now().toISOString(), source: url };
      } catch (error) {
        // A 404 names a missing object (a channel, a client), a 501 a route the node lacks: the endpoint itself is fine.
        if (error instanceof FetchProblem && error.kind === "http" && (error.status === 404 || error.status === 501)) throw error;
        errors.push(error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500));
        if (pool[0] === base) pool.shift();
      }
    }
    throw new FetchProblem("network", chainId, "every endpoint failed or was refused");
  };

  const channels = new Map<string, Record<string, unknown>>();
  let channelsAt: { read_at: string; source: string } | null = null;
  let complete = false;
  let cut = false;
  const states: ChannelEndState[] = [];
  try {
    let key: string | null = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query: string = `?pagination.limit=${PAGE_LIMIT}` + (key === null ? "" : `&pagination.key=${encodeURIComponent(key)}`);
      const { body, read_at, source } = await read(`/ibc/core/channel/v1/channels${query}`);
      channelsAt ??= { read_at, source };
      for (const channel of Array.isArray(body.channels) ? body.channels : []) {
        if (typeof channel === "object" && channel !== null) {
          const c = channel as Record<string, unknown>;
          if (typeof c.port_id === "string" && typeof c.channel_id === "string") channels.set(`${c.port_id}/${c.channel_id}`, c);
        }
      }
      const next = (body.pagination as { next_key?: unknown } | undefined)?.next_key;
      if (typeof next !== "string" || next === "") {
        complete = true;
        break;
      }
      key = next;
    }
    cut = !complete;
  } catch (error) {
    if (!errors.includes((error as Error).message)) errors.push((error as Error).message.slice(0, 500));
  }

  const connections = new Map<string, Promise<Read<string | null>>>();
  const clientFacts = new Map<string, Promise<ClientFacts>>();
  /** A client's facts, read once however many ends and links use it. */
  const factsOf = (clientId: string): Promise<ClientFacts> => {
    let facts = clientFacts.get(clientId);
    if (facts === undefined) clientFacts.set(clientId, (facts = readClient(clientId, read, errors)));
    return facts;
  };
  for (const end of ends) {
    const state = unreadEnd(end);
    states.push(state);
    const channel = channels.get(`${end.port_id}/${end.channel_id}`);
    if (channel === undefined || channelsAt === null) continue;
    const at = channelsAt;
    const stateValue = channelState(channel.state);
    state.state = { value: stateValue, ...at };
    const counterparty = channel.counterparty as { port_id?: unknown; channel_id?: unknown } | undefined;
    const [port, other] = [idText(counterparty?.port_id), counterparty?.channel_id === "" ? "" : idText(counterparty?.channel_id)];
    if (port !== null && other !== null) {
      state.counterparty = { value: { port_id: port, channel_id: other }, ...at };
    }
    const connectionId = Array.isArray(channel.connection_hops) ? idText(channel.connection_hops[0]) : null;
    state.connection_id = { value: connectionId, ...at };
    if (connectionId === null) continue;
    try {
      let connection = connections.get(connectionId);
      if (connection === undefined) {
        connections.set(connectionId, (connection = read(`/ibc/core/connection/v1/connections/${encodeURIComponent(connectionId)}`).then(({ body, read_at, source }) => {
          const clientId = (body.connection as { client_id?: unknown } | undefined)?.client_id;
          return { value: idText(clientId), read_at, source };
        })));
      }
      const clientId = await connection;
      state.client_id = clientId;
      if (clientId.value === null) continue;
      Object.assign(state, await factsOf(clientId.value));
    } catch (error) {
      const message = (error as Error).message.slice(0, 500);
      if (!errors.includes(message)) errors.push(message);
    }
  }
  const note = (message: string) => {
    if (!errors.includes(message)) errors.push(message);
  };
  if (cut) note(`the channel listing goes on past ${MAX_PAGES} pages of ${PAGE_LIMIT}: recorded as incomplete, the ends past it unread`);
  const chainFacts = nodeChainId === null && pool.length === 0 ? {} : await readChainFacts(read, now, note);
  const eurekaClients: EurekaClientState[] = [];
  for (const clientId of clients) {
    const facts = await factsOf(clientId);
    eurekaClients.push({ client_id: clientId, status: facts.client_status, expires_at: facts.client_expires_at });
  }
  return {
    ...unreadChain(),
    ...chainFacts,
    eureka_clients: eurekaClients,
    node_chain_id: nodeChainId ?? unread(null),
    errors: errors.slice(0, 100),
    ends: states,
    channels_complete: channelsAt === null ? unread(null) : { value: complete, ...channelsAt },
  };
}

type ClientFacts = Pick<ChannelEndState, "client_status" | "client_chain_id" | "client_expires_at">;

/**
 * A client's status, the chain it tracks and when it expires (latest consensus time + trusting
 * period), from a Tendermint client's state. An 08-wasm client's state (the Hub's Eureka clients:
 * ibc-go proto/ibc/lightclients/wasm/v1/wasm.proto @485bb40b, ClientState {data, checksum,
 * latest_height}) carries its light client's fields in opaque `data`, no `chain_id` or
 * `trusting_period`: its status is read, its tracked chain and expiry stay unknown.
 */
async function readClient(clientId: string, read: (path: string) => Promise<{ body: Record<string, unknown>; read_at: string; source: string }>, errors: string[]): Promise<ClientFacts> {
  const facts: ClientFacts = { client_status: unread("Unknown"), client_chain_id: unread(null), client_expires_at: unread(null) };
  const id = encodeURIComponent(clientId);
  const note = (error: unknown) => {
    const message = (error as Error).message.slice(0, 500);
    if (!errors.includes(message)) errors.push(message);
  };
  try {
    const { body, read_at, source } = await read(`/ibc/core/client/v1/client_status/${id}`);
    facts.client_status = { value: clientStatus(body.status), read_at, source };
  } catch (error) {
    note(error);
  }
  try {
    const { body, read_at, source } = await read(`/ibc/core/client/v1/client_states/${id}`);
    const clientState = body.client_state as { chain_id?: unknown; trusting_period?: unknown; latest_height?: { revision_number?: unknown; revision_height?: unknown } } | undefined;
    const tracked = idText(clientState?.chain_id);
    if (tracked !== null) facts.client_chain_id = { value: tracked, read_at, source };
    const trusting = /^(\d+(?:\.\d+)?)s$/.exec(String(clientState?.trusting_period ?? ""));
    const revision = String(clientState?.latest_height?.revision_number ?? "");
    const height = String(clientState?.latest_height?.revision_height ?? "");
    if (trusting !== null && /^\d+$/.test(revision) && /^\d+$/.test(height) && height !== "0") {
      const consensus = await read(`/ibc/core/client/v1/consensus_states/${id}/revision/${revision}/height/${height}`);
      const timestamp = Date.parse(String((consensus.body.consensus_state as { timestamp?: unknown } | undefined)?.timestamp ?? ""));
      if (Number.isFinite(timestamp)) {
        const expires = new Date(timestamp + Number(trusting[1]) * 1000).toISOString();
        facts.client_expires_at = { value: expires, read_at: consensus.read_at, source: consensus.source };
      }
    }
  } catch (error) {
    note(error);
  }
  return facts;
}

async function readNodeChainId(base: string, get: Get, now: () => Date): Promise<Read<string>> {
  const url = `${base}/cosmos/base/tendermint/v1beta1/node_info`;
  const body = (await get(url)) as { default_node_info?: { network?: unknown }; node_info?: { network?: unknown } } | null;
  const network = body?.default_node_info?.network ?? body?.node_info?.network;
  if (idText(network) === null) throw new FetchProblem("malformed", url, "no chain id (default_node_info.network) in the answer");
  return { value: network as string, read_at: now().toISOString(), source: url };
}

/** An end of which nothing was read. */
export function unreadEnd(end: ChainEnd): ChannelEndState {
  return {
    port_id: end.port_id,
    channel_id: end.channel_id,
    state: unread("UNKNOWN"),
    counterparty: unread(null),
    connection_id: unread(null),
    client_id: unread(null),
    client_chain_id: unread(null),
    client_status: unread("Unknown"),
    client_expires_at: unread(null),
  };
}

/** An IBC v2 client of which nothing was read. */
export function unreadEurekaClient(clientId: string): EurekaClientState {
  return { client_id: clientId, status: unread("Unknown"), expires_at: unread(null) };
}

/** `STATE_OPEN` -> `OPEN`; anything else ibc-go does not define -> `UNKNOWN`. */
function channelState(value: unknown): ChannelState {
  const name = String(value).replace(/^STATE_/, "").replace(/^UNINITIALIZED_UNSPECIFIED$/, "UNINITIALIZED");
  return (CHANNEL_STATES as readonly string[]).includes(name) ? (name as ChannelState) : "UNKNOWN";
}

function clientStatus(value: unknown): ClientStatus {
  return (CLIENT_STATUSES as readonly string[]).includes(String(value)) ? (value as ClientStatus) : "Unknown";
}

/** An id from an endpoint: a non-empty string of at most 256 characters, else null (never stored clipped). */
function idText(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 && value.length <= 256 ? value : null;
}
