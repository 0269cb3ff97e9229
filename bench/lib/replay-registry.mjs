/**
 * A registry-sized network to replay (scenario 13): for every chain of a registry with channel
 * ends, the answers its node would give to the standard IBC core queries about the ends the
 * registry lists there, built from the recorded shapes (./replay-lcd.mjs). One connection and one
 * light client per counterparty chain (how most chain pairs are wired); the channel list is served
 * page by page. What the chains say follows the registry's own tags, so the snapshot is a
 * plausible picture: a channel tagged INACTIVE is CLOSED on both ends, every other one OPEN; a
 * seeded share of clients is Expired (consensus time past its trusting period), the rest Active.
 * Each IBC v2 client an Eureka link of the registry sends over (the first hop of its Cosmos side's
 * trace, `transfer/<client id>`) answers Active with an 08-wasm client state (no trusting period,
 * so no consensus state is asked). `minimumRequests` is what any reader of these facts must ask,
 * counted from this data alone.
 */
import { rng } from "../synthetic-registry.mjs";
import { channelEntry, clientState, CLIENT_STATUS, connection, consensusState, LATEST_BLOCK, latestBlock, pagedChannelList, wasmClientState } from "./replay-lcd.mjs";

const TRUSTING_MS = 1_209_600 * 1000; // the recorded client state's trusting period
const HEIGHT = "2030274"; // the recorded consensus state's height
const PAGE = 500; // the page size refreshState asks for (read-chain-state.ts); only the request count uses it

/** The revision number IBC reads from a chain id (`cosmoshub-4` -> 4), else 0. */
const revisionOf = (chainId) => /-(\d+)$/.exec(chainId)?.[1] ?? "0";

/**
 * @param {{ ibc_channels: { chain_1: { chain_id: string, port_id: string, channel_id: string }, chain_2: { chain_id: string, port_id: string, channel_id: string }, status?: string }[], assets?: { chain_id: string, denom: string, trace: string }[], bridge_links?: { bridge: string, from: { chain_id: string, denom: string }, to: { chain_id: string, denom: string } }[] }} registry
 * @param {{ now: number, seed?: number, expiredShare?: number }} options
 */
export function registryReplay(registry, { now, seed = 24, expiredShare = 0.03 }) {
  const next = rng(seed);
  const chains = new Map(); // chain id -> { entries, seen, peers: Map(counterparty -> { connection, client, expired }) }
  const chainOf = (id) => {
    let chain = chains.get(id);
    if (chain === undefined) chains.set(id, (chain = { entries: [], seen: new Set(), peers: new Map() }));
    return chain;
  };
  for (const channel of registry.ibc_channels) {
    const closed = channel.status === "INACTIVE";
    for (const [end, other] of [
      [channel.chain_1, channel.chain_2],
      [channel.chain_2, channel.chain_1],
    ]) {
      const chain = chainOf(end.chain_id);
      const key = `${end.port_id}/${end.channel_id}`;
      if (chain.seen.has(key)) continue;
      chain.seen.add(key);
      let peer = chain.peers.get(other.chain_id);
      if (peer === undefined) {
        const n = chain.peers.size;
        chain.peers.set(other.chain_id, (peer = { connection: `connection-${n}`, client: `07-tendermint-${n}`, expired: next() < expiredShare }));
      }
      chain.entries.push(
        channelEntry({ channel: end.channel_id, port: end.port_id, state: closed ? "STATE_CLOSED" : "STATE_OPEN", counterparty: other.channel_id, counterpartyPort: other.port_id, connection: peer.connection }),
      );
    }
  }
  const v2Clients = eurekaClients(registry);
  const routes = Object.create(null);
  const minimumRequests = Object.create(null);
  for (const [chainId, chain] of chains) {
    // Its latest block a few seconds before `now`: every chain live.
    const chainRoutes = { "/ibc/core/channel/v1/channels": pagedChannelList(chain.entries), [LATEST_BLOCK]: { body: latestBlock(chainId, new Date(now - 5_000).toISOString()) } };
    for (const [peerId, peer] of chain.peers) {
      const revision = revisionOf(peerId);
      // Active: last updated a day ago; Expired: its trusting period ran out a day ago.
      const updated = peer.expired ? now - TRUSTING_MS - 86_400_000 : now - 86_400_000;
      chainRoutes[`/ibc/core/connection/v1/connections/${peer.connection}`] = { body: connection(peer.client) };
      chainRoutes[`/ibc/core/client/v1/client_status/${peer.client}`] = { body: CLIENT_STATUS[peer.expired ? "Expired" : "Active"]() };
      chainRoutes[`/ibc/core/client/v1/client_states/${peer.client}`] = { body: clientState(peerId, revision, HEIGHT) };
      chainRoutes[`/ibc/core/client/v1/consensus_states/${peer.client}/revision/${revision}/height/${HEIGHT}`] = { body: consensusState(new Date(updated).toISOString()) };
    }
    const own = v2Clients.get(chainId) ?? new Set();
    for (const client of own) {
      chainRoutes[`/ibc/core/client/v1/client_status/${client}`] = { body: CLIENT_STATUS.Active() };
      chainRoutes[`/ibc/core/client/v1/client_states/${client}`] = { body: wasmClientState() };
    }
    routes[chainId] = chainRoutes;
    // node_info once, every page of the list, each connection once, each client's status, state and consensus once;
    // then the chain-wide facts: transfer params, latest block, module versions, and both rate-limit paths (neither runs).
    // and each IBC v2 client's status and state.
    minimumRequests[chainId] = 1 + Math.max(1, Math.ceil(chain.entries.length / PAGE)) + chain.peers.size * 4 + 5 + own.size * 2;
  }
  const ends = [...chains.values()].reduce((sum, chain) => sum + chain.entries.length, 0);
  const expired = [...chains.values()].reduce((sum, chain) => sum + [...chain.peers.values()].filter((peer) => peer.expired).length, 0);
  const clients = [...chains.values()].reduce((sum, chain) => sum + chain.peers.size, 0);
  return { routes, minimumRequests, ends, clients, expired };
}

/** The IBC v2 client ids Eureka links name, by chain: a side whose asset's trace starts `transfer/<id>` with `<id>` not a `channel-N`. */
function eurekaClients(registry) {
  const traces = new Map((registry.assets ?? []).map((asset) => [`${asset.chain_id}\u0000${asset.denom.toLowerCase()}`, asset.trace]));
  const byChain = new Map();
  for (const link of registry.bridge_links ?? []) {
    if (link.bridge !== "EUREKA") continue;
    for (const side of [link.to, link.from]) {
      const [port, id] = (traces.get(`${side.chain_id}\u0000${side.denom.toLowerCase()}`) ?? "").split("/");
      if (port !== "transfer" || id === undefined || /^channel-\d+$/.test(id)) continue;
      if (!byChain.has(side.chain_id)) byChain.set(side.chain_id, new Set());
      byChain.get(side.chain_id).add(id);
      break;
    }
  }
  return byChain;
}
