/**
 * Independent oracle, the one-way facts of a state snapshot: written only from docs/behaviour.md
 * "Live network state" (a transfer switch off; an exhausted IBC rate limit), over the snapshot's
 * plain JSON. Shares no code with src/state/: its own integer arithmetic on the documented formula.
 */

/** What a snapshot says no IBC hop may do: `refuses(hop)` answers for one hop. */
export interface OracleOneWay {
  refuses(hop: { fromChain: string; fromChannel: string; fromDenom: string; toChain: string; toChannel: string; toDenom: string }): boolean;
}

interface PlainLimit {
  denom: string;
  channel_or_client_id: string;
  max_percent_send: string;
  max_percent_recv: string;
  inflow: string;
  outflow: string;
  channel_value: string;
}
interface PlainChain {
  node_chain_id?: { value: string | null };
  transfer?: { value: { send_enabled: boolean; receive_enabled: boolean } | null };
  rate_limits?: { value: { limits: PlainLimit[] } | null };
}

/**
 * The docs' rule: remaining = floor(max_percent * channel_value / 100) - net, where net is
 * outflow - inflow for sending, inflow - outflow for receiving; exhausted below one base unit; a
 * channel value of 0 refuses nothing.
 */
function exhaustedWay(limit: PlainLimit, way: "send" | "receive"): boolean {
  const value = BigInt(limit.channel_value);
  if (value === 0n) return false;
  const [percent, net] = way === "send" ? [limit.max_percent_send, BigInt(limit.outflow) - BigInt(limit.inflow)] : [limit.max_percent_recv, BigInt(limit.inflow) - BigInt(limit.outflow)];
  return (BigInt(percent) * value) / 100n - net < 1n;
}

export function oracleOneWay(snapshot: { chains: Record<string, PlainChain> }): OracleOneWay {
  const sendOff = new Set<string>();
  const receiveOff = new Set<string>();
  const exhausted = new Set<string>();
  for (const [chainId, chain] of Object.entries(snapshot.chains)) {
    // Facts of a chain whose node reported another chain id are not used.
    const reported = chain.node_chain_id?.value ?? null;
    if (reported !== null && reported !== chainId) continue;
    const switches = chain.transfer?.value ?? null;
    if (switches !== null && !switches.send_enabled) sendOff.add(chainId);
    if (switches !== null && !switches.receive_enabled) receiveOff.add(chainId);
    for (const limit of chain.rate_limits?.value?.limits ?? []) {
      for (const way of ["send", "receive"] as const) if (exhaustedWay(limit, way)) exhausted.add(`${chainId}|${way}|${limit.channel_or_client_id}|${limit.denom}`);
    }
  }
  return {
    refuses: (hop) =>
      sendOff.has(hop.fromChain) ||
      receiveOff.has(hop.toChain) ||
      exhausted.has(`${hop.fromChain}|send|${hop.fromChannel}|${hop.fromDenom}`) ||
      exhausted.has(`${hop.toChain}|receive|${hop.toChannel}|${hop.toDenom}`),
  };
}
