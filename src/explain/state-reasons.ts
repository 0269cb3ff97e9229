/**
 * Reasons from a state snapshot's verdicts (src/state/apply.ts, kept as the router's notes): a hop the router lacks because
 * the chains say its channel is dead, or because an untagged channel could not be vouched for,
 * named with the fact, its date and its source.
 */
import { channelKey, indexChannelsByEnd } from "../registry/channel-ends.js";
import { ibcV2ClientOf } from "../denom/trace.js";
import { STATE_REASON_CODES, type StateVerdict } from "../state/apply.js";
import { citeReading, describeRefusal, refusalFact, type TransferRefusal } from "../registry/transfer-refusals.js";
import type { BridgeLink } from "../registry/schema.js";
import type { Reason, RegistryNote } from "../wire/explain.js";
import type { Route } from "../wire/route.js";
import type { ExplainInput } from "./input.js";

/**
 * The state verdicts among the router's notes (router/state-router.ts writes them), under the key
 * of both ends of their channel: a hop may cross from either side.
 */
export function stateVerdictsByEnd(input: ExplainInput): Map<string, StateVerdict> {
  const byEnd = new Map<string, StateVerdict>();
  const codes: ReadonlySet<string> = new Set(STATE_REASON_CODES);
  // A note naming a bridge (`provider`) is a bridge link's verdict (`deadBridgeLinks`), not a channel's.
  const states = input.notes.filter((note) => codes.has(note.code) && note.state !== undefined && note.chain_id !== undefined && note.provider === undefined);
  if (states.length === 0) return byEnd;
  const ends = indexChannelsByEnd(input.registry.ibc_channels);
  for (const note of states) {
    const state = note.state!;
    const view = ends.get(channelKey(note.chain_id!, state.port, state.channel));
    if (view === undefined) continue;
    const verdict = verdictOfNote(note, state, note.chain_id!, note.counterparty_chain_id ?? view.counterparty.chain_id);
    for (const end of [view.self, view.counterparty]) {
      const key = channelKey(end.chain_id, end.port_id, end.channel_id);
      if (!byEnd.has(key)) byEnd.set(key, verdict);
    }
  }
  return byEnd;
}

/** A bridge link a state verdict took out of the router (an Eureka link whose IBC v2 client is dead), with that verdict. */
export interface DeadBridgeLink {
  link: BridgeLink;
  verdict: StateVerdict;
}

/**
 * The bridge links the snapshot took out, rebuilt from their verdict notes (router/state-router.ts
 * writes the link's bridge and denoms): the Cosmos side (`chain_id`, `denom`) and the token's home.
 * The note keeps no direction: the link is put back both ways, as the adapter writes Eureka links.
 */
export function deadBridgeLinks(notes: ExplainInput["notes"]): DeadBridgeLink[] {
  const codes: ReadonlySet<string> = new Set(STATE_REASON_CODES);
  return notes.flatMap((note): DeadBridgeLink[] => {
    const { state, provider, chain_id, denom, counterparty_chain_id, counterparty_denom } = note;
    if (!codes.has(note.code) || provider !== "EUREKA" || state === undefined || chain_id === undefined || denom === undefined || counterparty_chain_id === undefined || counterparty_denom === undefined) return [];
    const verdict: StateVerdict = { ...verdictOfNote(note, state, chain_id, counterparty_chain_id), bridge_link: { bridge: provider, denom, counterparty_denom } };
    const link: BridgeLink = { bridge: provider, from: { chain_id: counterparty_chain_id, denom: counterparty_denom }, to: { chain_id, denom }, bidirectional: true };
    return [{ link, verdict }];
  });
}

/** A verdict note read back (its row in the registry is not kept: -1). */
function verdictOfNote(note: RegistryNote, state: NonNullable<RegistryNote["state"]>, chainId: string, counterpartyChainId: string): StateVerdict {
  return {
    code: note.code as StateVerdict["code"],
    channel: -1,
    chain_id: chainId,
    port: state.port,
    channel_id: state.channel,
    counterparty_chain_id: counterpartyChainId,
    fact: state.fact,
    value: state.value,
    read_at: state.read_at,
    source: state.source,
    expires_at: state.expires_at,
  };
}

const WHY: Record<StateVerdict["code"], (v: StateVerdict) => string> = {
  channel_closed: (v) => `whose end on "${v.chain_id}" is ${v.value ?? "not open"}, not OPEN`,
  client_expired: (v) =>
    v.fact === "client_expires_at" ? `whose light client on "${v.chain_id}" expired at ${v.value}` : `whose light client on "${v.chain_id}" is Expired`,
  client_frozen: (v) => `whose light client on "${v.chain_id}" is Frozen`,
  client_unauthorized: (v) => `whose light client on "${v.chain_id}" is Unauthorized (the chain does not allow its client type or code)`,
  state_unknown: (v) =>
    v.read_at === null
      ? `which the registry leaves untagged, and the state snapshot has no reading of its end on "${v.chain_id}"`
      : `which the registry leaves untagged, and its end on "${v.chain_id}" was read as ${v.value}, not OPEN with an Active client`,
  state_stale: (v) => `which the registry leaves untagged, and the reading of its end on "${v.chain_id}" is too old to vouch for it`,
  transfers_disabled: (v) => `whose chain "${v.chain_id}" has its transfer module's ${v.fact} switched off`,
  chain_halted: (v) => `whose chain "${v.chain_id}" is halted: its latest block is from ${v.value}`,
  client_expiring: (v) => `whose light client on "${v.chain_id}" expires at ${v.value}, within the warning window (a relayer may not deliver before it)`,
};

export function stateReason(verdict: StateVerdict, crossing: string, path: string[], route: Route): Reason {
  return {
    code: verdict.code,
    message: `${crossing}, ${WHY[verdict.code](verdict)}${citeReading(verdict)}`,
    chain_id: verdict.chain_id,
    port: verdict.port,
    channel: verdict.channel_id,
    counterparty_chain_id: verdict.counterparty_chain_id,
    fact: verdict.fact,
    value: verdict.value,
    read_at: verdict.read_at,
    source: verdict.source,
    expires_at: verdict.expires_at,
    path,
    route,
  };
}

/**
 * A hop of the nearest path that a chain refuses one way (src/registry/transfer-refusals.ts): the
 * sending chain's switch or rate limit, or the receiving chain's. `port` and `channel` are the
 * refusing chain's end of the hop's channel; over an Eureka link, its IBC v2 client.
 */
export function refusalReason(refusal: TransferRefusal, hop: Exclude<Route["hops"][number], { kind: "swap" }>, receivingChannel: string, nearest: string, path: string[], route: Route): Reason {
  const sends = refusal.direction === "send";
  const other = sends ? hop.to.chain_id : hop.from.chain_id;
  const end = hop.kind === "bridge" ? (ibcV2ClientOf((sends ? hop.from : hop.to).trace) ?? "") : sends ? hop.channel : receivingChannel;
  const over = hop.kind === "bridge" ? `over the ${hop.bridge} bridge (IBC v2 client ${end} of "${refusal.chain_id}")` : `over ${hop.port}/${hop.channel}`;
  const token = hop.from.symbol ?? hop.from.origin_denom;
  return {
    code: refusal.code,
    message: `${nearest} sends ${token} from "${hop.from.chain_id}" to "${hop.to.chain_id}" ${over}, which ${describeRefusal(refusal)}`,
    chain_id: refusal.chain_id,
    port: hop.kind === "ibc" ? hop.port : "transfer",
    channel: end,
    counterparty_chain_id: other,
    fact: refusalFact(refusal),
    value: refusal.value,
    read_at: refusal.read_at,
    source: refusal.source,
    expires_at: null,
    direction: refusal.direction,
    ...(refusal.denom === undefined ? {} : { denom: refusal.denom }),
    path,
    route,
  };
}
