/**
 * Which transaction of a route this service can build, and how: a transaction of plain IBC hops
 * (a MsgTransfer with packet-forward memos, transfer-messages.ts), or one bridge leg whose source
 * side is a Cosmos message (docs/msgs.md "Bridge legs"):
 * - CCTP from Noble: Noble's `MsgDepositForBurn` to a destination domain Circle publishes;
 * - Eureka from a Cosmos chain: an ICS-20 MsgTransfer whose source channel is the chain's IBC v2
 *   client (ibc-go v10 sends it as an IBC v2 packet), sending an Ethereum token home;
 * - Axelar from a Cosmos chain: an ICS-20 MsgTransfer to Axelar's GMP account, its memo the
 *   message Axelar relays to the hosted API's handler contract, which pays the user.
 * Anything else is refused (not_implemented), naming the hop. Facts: ../registry/data/bridge-legs.json.
 */
import { FungibleError } from "../errors.js";
import { isEvmAddress } from "../denom/evm-address.js";
import { unwindTrace } from "../denom/trace.js";
import { bridgeLegFacts } from "../registry/bridge-leg-facts.js";
import type { Route, RouteHop } from "../wire/route.js";
import type { Chain } from "../registry/schema.js";

type IbcHop = Extract<RouteHop, { kind: "ibc" }>;
type BridgeHop = Extract<RouteHop, { kind: "bridge" }>;

export type Leg =
  | { kind: "ibc" }
  | { kind: "cctp"; hop: BridgeHop; domain: number; burnToken: string }
  | { kind: "eureka"; hop: BridgeHop; clientId: string }
  | { kind: "axelar"; ibc: IbcHop; bridge: BridgeHop; gmpAccount: string; chainName: string; handler: string };

export function hopName(hop: RouteHop, index: number): string {
  return `hop ${index + 1} (${hop.from.chain_id} -> ${hop.to.chain_id})`;
}

function refuse(fn: string, hop: RouteHop, index: number, why: string): never {
  const what =
    hop.kind === "swap" ? `is a swap on ${hop.venue}` : hop.kind === "bridge" ? `is a ${hop.bridge} transfer` : hop.part_of === undefined ? "is an IBC transfer" : "is the IBC leg of an Axelar transfer";
  throw new FungibleError("not_implemented", `${fn}: ${hopName(hop, index)} ${what}; ${why}`);
}

const IBC_ONLY = "messages are built for IBC transfers and for CCTP from Noble, Eureka from a Cosmos chain and Axelar from a Cosmos chain";

/** The leg transaction `tx` (hop indices, in order) of `route` is, or a not_implemented naming the hop that cannot be built. */
export function legOf(fn: string, route: Route, tx: readonly number[], facts: { chains: ReadonlyMap<string, Chain> }): Leg {
  const first = route.hops[tx[0]!]!;
  const swap = tx.find((i) => route.hops[i]!.kind === "swap");
  if (swap !== undefined) refuse(fn, route.hops[swap]!, swap, "messages are built for transfers only");
  const plain = (hop: RouteHop) => hop.kind === "ibc" && hop.part_of === undefined;
  if (plain(first)) {
    const other = tx.find((i) => !plain(route.hops[i]!));
    if (other !== undefined) refuse(fn, route.hops[other]!, other, `a bridge reached by packet-forward in the same transaction is not built; ${IBC_ONLY}`);
    return { kind: "ibc" };
  }
  const fromCosmos = facts.chains.get(first.from.chain_id)?.chain_type === "cosmos";
  if (!fromCosmos || first.kind === "swap") refuse(fn, first, tx[0]!, IBC_ONLY);
  if (first.kind === "ibc") return axelarLeg(fn, route, tx);
  const leg = first.bridge === "CCTP" ? cctpLeg(fn, first, tx[0]!) : first.bridge === "EUREKA" ? eurekaLeg(fn, first, tx[0]!) : refuse(fn, first, tx[0]!, IBC_ONLY);
  if (tx.length > 1) refuse(fn, route.hops[tx[1]!]!, tx[1]!, `a hop after a ${first.bridge} transfer in the same transaction is not built; ${IBC_ONLY}`);
  return leg;
}

function cctpLeg(fn: string, hop: BridgeHop, index: number): Leg {
  const { cctp } = bridgeLegFacts();
  const source = cctp.source_chains.find((chain) => chain.chain_id === hop.from.chain_id);
  if (source === undefined || hop.from.denom !== source.burn_token) {
    refuse(fn, hop, index, `messages are built for CCTP from Noble's ${cctp.source_chains.map((c) => `${c.chain_id} ${c.burn_token}`).join(", ")} only`);
  }
  const destination = cctp.destination_domains.find((domain) => domain.chain_id === hop.to.chain_id);
  if (destination === undefined || !isEvmAddress(hop.to.denom)) {
    refuse(fn, hop, index, `chain "${hop.to.chain_id}" has no CCTP domain in the data for an EVM mint recipient (docs/msgs.md lists the domains)`);
  }
  return { kind: "cctp", hop, domain: destination.domain, burnToken: source.burn_token };
}

/** An Eureka transfer from a Cosmos chain sends an Ethereum token home: the token's trace is one hop over the chain's IBC v2 client. */
function eurekaLeg(fn: string, hop: BridgeHop, index: number): Leg {
  const unwound = unwindTrace(hop.from.trace);
  const client = unwound?.hop.channel ?? "";
  if (unwound === null || unwound.rest !== "" || unwound.hop.port !== "transfer" || client.startsWith("channel-") || hop.from.origin_chain_id !== hop.to.chain_id) {
    refuse(fn, hop, index, "messages are built for an Eureka transfer that sends a token home over the IBC v2 client its trace names (transfer/<client id>); this token's trace names none");
  }
  if (!isEvmAddress(hop.to.denom)) refuse(fn, hop, index, "the Eureka destination is not an EVM token");
  return { kind: "eureka", hop, clientId: client };
}

function axelarLeg(fn: string, route: Route, tx: readonly number[]): Leg {
  const [i, j] = tx;
  const ibc = route.hops[i!] as IbcHop;
  const bridge = j === undefined ? undefined : route.hops[j];
  if (tx.length !== 2 || bridge?.kind !== "bridge" || bridge.bridge !== "AXELAR") refuse(fn, ibc, i!, `it does not lead into one Axelar transfer in the same transaction; ${IBC_ONLY}`);
  const { axelar } = bridgeLegFacts();
  const hub = axelar.hubs.find((h) => h.chain_id === ibc.to.chain_id);
  if (hub === undefined) refuse(fn, ibc, i!, `chain "${ibc.to.chain_id}" has no Axelar GMP account in the data`);
  const destination = axelar.destinations.find((d) => d.chain_id === bridge.to.chain_id);
  if (destination === undefined || !isEvmAddress(bridge.to.denom)) {
    refuse(fn, bridge, j!, `chain "${bridge.to.chain_id}" has no Axelar chain name and handler contract in the data (docs/msgs.md lists them)`);
  }
  return { kind: "axelar", ibc, bridge, gmpAccount: hub.gmp_account, chainName: destination.chain_name, handler: destination.handler };
}
