/**
 * chain-registry ibcData -> IBC transfer channels. Only ICS-20 channels move tokens: interchain
 * account, query, oracle and NFT channels share the list and are dropped without an issue.
 */
import type { CrIbcChannel, CrIbcData } from "./chain-registry-input.js";
import type { ChainTable } from "./chain-registry-chains.js";
import { warningIssue, type RegistryIssue } from "./issues.js";
import type { IbcChannel } from "./schema.js";

/** ICS-20 transfer ports: the transfer module, or a CW20-ICS20 contract (`wasm.<contract>`). */
function isTransferPort(portId: string): boolean {
  return portId === "transfer" || portId.startsWith("wasm.");
}

function isTransferChannel(channel: CrIbcChannel): boolean {
  const version = channel.version ?? "ics20-1";
  return /^ics-?20/.test(version) && isTransferPort(channel.chain1.portId) && isTransferPort(channel.chain2.portId);
}

/**
 * The registry schema's channel tags: ACTIVE, INACTIVE, and CLOSED and PENDING, neither of which
 * moves tokens (a closed channel never reopens; a pending one has not finished its handshake), so
 * both are read as INACTIVE: no hop over them. No tag at all stays UNKNOWN.
 */
function statusOf(status: string | undefined): IbcChannel["status"] {
  if (status === "ACTIVE" || status === "INACTIVE") return status;
  return status === "CLOSED" || status === "PENDING" ? "INACTIVE" : "UNKNOWN";
}

export function convertChannels(
  ibcData: readonly CrIbcData[],
  table: ChainTable,
  issues: RegistryIssue[],
): IbcChannel[] {
  const channels: IbcChannel[] = [];
  const seenEnds = new Map<string, string>();
  const typeById = new Map(table.chains.map((chain) => [chain.chain_id, chain.chain_type]));
  // An "IBC channel" to Ethereum or Solana runs over a bridge's light client (Picasso): the
  // bridge is outside the bridge types of docs/behaviour.md §5, so it is not routed as plain IBC.
  const overBridge = (chainId: string) => typeById.get(chainId) === "evm" || typeById.get(chainId) === "svm";
  const unknown = new Map<string, Set<string>>();

  for (const pair of ibcData) {
    const id1 = table.idByName.get(pair.chain1.chainName);
    const id2 = table.idByName.get(pair.chain2.chainName);
    if (id1 === undefined || id2 === undefined) {
      for (const [end, other] of [
        [pair.chain1.chainName, pair.chain2.chainName],
        [pair.chain2.chainName, pair.chain1.chainName],
      ] as const) {
        if (!table.idByName.has(end)) unknown.set(end, (unknown.get(end) ?? new Set()).add(other));
      }
      continue;
    }
    if (overBridge(id1) || overBridge(id2)) {
      issues.push(
        warningIssue(
          "bridge_channel_not_routed",
          `ibc_data ${pair.chain1.chainName}<->${pair.chain2.chainName}`,
          "channels to an EVM or Solana chain run over a bridge light client outside the routed bridge set; left out",
          { chain_ids: [id1, id2] },
        ),
      );
      continue;
    }
    for (const channel of pair.channels) {
      if (!isTransferChannel(channel)) continue;
      const ibc: IbcChannel = {
        chain_1: { chain_id: id1, channel_id: channel.chain1.channelId, port_id: channel.chain1.portId },
        chain_2: { chain_id: id2, channel_id: channel.chain2.channelId, port_id: channel.chain2.portId },
        status: statusOf(channel.tags?.status),
        preferred: channel.tags?.preferred === true,
      };
      const where = `ibc_data ${pair.chain1.chainName}<->${pair.chain2.chainName} ${channel.chain1.channelId}/${channel.chain2.channelId}`;
      const [end1, end2] = [ibc.chain_1, ibc.chain_2].map(
        (end) => `${end.chain_id} ${end.port_id}/${end.channel_id}`,
      ) as [string, string];
      // The package lists most pairs twice (once from each chain's folder): same ends, nothing to say.
      if (seenEnds.get(end1) === end2 && seenEnds.get(end2) === end1) continue;
      const reused = [end1, end2].find((end) => seenEnds.has(end));
      if (reused !== undefined) {
        issues.push(
          warningIssue(
            "duplicate_channel",
            where,
            `channel end ${reused} is already listed with counterparty ${seenEnds.get(reused)}; left out`,
          ),
        );
        continue;
      }
      seenEnds.set(end1, end2);
      seenEnds.set(end2, end1);
      channels.push(ibc);
    }
  }

  for (const [chainName, others] of unknown) {
    const why = table.leftOut.has(chainName) ? "was left out" : "is not in the package's chain list";
    issues.push(
      warningIssue(
        "channel_on_unknown_chain",
        `ibc_data ${chainName}`,
        `channels between "${chainName}" and ${[...others].sort().join(", ")} left out: the chain ${why}`,
      ),
    );
  }
  return channels;
}
