/**
 * The Hub <-> Akash channel pair (channel-184 / channel-17) as two chains' REST endpoints answer
 * for it, from recorded answers (fixtures/lcd/, bench/lib/replay-lcd.mjs): both ends open, the
 * Akash client Active, the Hub's client in the status a test gives. Client and connection ids as
 * chain-registry's _IBC/akash-cosmoshub.json gives them. Used by the refresh tests on Node and on
 * a Worker.
 */
import { channelEntry, channelList, clientState, connection, recording, type Answer } from "../../bench/lib/replay-lcd.mjs";

// The recordings date from 2022-12 (the consensus state's timestamp): a clock set just after reads them as fresh.
export const RECORDED_NOW = new Date("2022-12-05T00:00:00.000Z");
export const ACTIVE = recording("relayooor_noble-1_client_status_07-tendermint-74").response;
export const EXPIRED = recording("blockpi_cosmoshub-4_client_status_07-tendermint-0").response;
const CONSENSUS = recording("blockpi_cosmoshub-4_consensus_state_07-tendermint-1001_rev1_h2030274").response;

export const HUB_END = { channel: "channel-184", counterparty: "channel-17", connection: "connection-339", client: "07-tendermint-385", tracks: "akashnet-2", revision: "2" };
export const AKASH_END = { channel: "channel-17", counterparty: "channel-184", connection: "connection-29", client: "07-tendermint-53", tracks: "cosmoshub-4", revision: "4" };

/** One end's REST answers: its channel listing, connection, client status and state, and consensus state. */
export function chainRoutes(end: typeof HUB_END, status: unknown): Record<string, Answer> {
  return {
    "/ibc/core/channel/v1/channels": { body: channelList(channelEntry({ channel: end.channel, state: "STATE_OPEN", counterparty: end.counterparty, connection: end.connection })) },
    [`/ibc/core/connection/v1/connections/${end.connection}`]: { body: connection(end.client) },
    [`/ibc/core/client/v1/client_status/${end.client}`]: { body: status },
    [`/ibc/core/client/v1/client_states/${end.client}`]: { body: clientState(end.tracks, end.revision, "2030274") },
    [`/ibc/core/client/v1/consensus_states/${end.client}/revision/${end.revision}/height/2030274`]: { body: CONSENSUS },
  };
}
