/**
 * Hop edges between canonical assets: IBC forward/unwind pairs from each voucher's hop back
 * (ibc-links.ts), and bridge links from the registry. Swaps are added per query, not here.
 */
import { compareStrings } from "../compare.js";
import type { ChannelEnd, Registry } from "../registry/schema.js";
import { channelEndAt, type ChannelView } from "../registry/channel-ends.js";
import type { AssetRecord, HopEdge, Model } from "./model.js";
import { transferRuleBook, type TransferRuleBook } from "./transfer-rule-book.js";

/** The fixed order of one asset's hops: by sequence label, then target (the one hop order; explain's diagnosis keeps it too). */
export function compareHops(a: HopEdge, b: HopEdge): number {
  return compareStrings(a.sequenceLabel, b.sequenceLabel) || a.to - b.to;
}

function sortHops(list: HopEdge[]): void {
  if (list.length > 1) list.sort(compareHops);
}

/**
 * Every asset's hop list, built the first time a search walks that asset, from each voucher's
 * hop back (`predecessor` over channel end `arrival`, see `endNumber`): so a start builds no hop
 * it does not need. `of(asset)`: the forward hops into the vouchers that step back to it (in asset
 * order, its own way back among them where its index falls), then its bridge hops, then the sort.
 */
export class HopLists {
  private readonly lists: (HopEdge[] | undefined)[];
  /** Vouchers by the asset they step back to, as offsets (`start`) into `children`, in asset order. */
  private readonly start: Int32Array;
  private readonly children: Int32Array;
  private readonly views: (ChannelView | undefined)[] = [];
  private readonly labels: (string | undefined)[] = [];
  private bridges: Map<number, HopEdge[]> | undefined;
  private everything: HopEdge[][] | undefined;

  constructor(
    private readonly registry: Registry,
    private readonly asset: (index: number) => AssetRecord,
    private readonly assetIndexOf: Model["assetIndexOf"],
    /** Per asset: the asset its IBC hop back leads to, or -1. */
    private readonly predecessor: Int32Array,
    /** Per asset with a predecessor: the channel end (of `registry.ibc_channels`) it arrived over. */
    private readonly arrival: Int32Array,
  ) {
    const n = predecessor.length;
    // Sparse until a search walks an asset: no slot per asset up front.
    this.lists = [];
    const start = new Int32Array(n + 1);
    for (let v = 0; v < n; v++) if (predecessor[v]! >= 0) start[predecessor[v]! + 1]!++;
    for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
    const fill = start.slice(0, n);
    const children = new Int32Array(start[n]!);
    for (let v = 0; v < n; v++) if (predecessor[v]! >= 0) children[fill[predecessor[v]!]!++] = v;
    this.start = start;
    this.children = children;
  }

  of(asset: number): HopEdge[] {
    let list = this.lists[asset];
    if (list !== undefined) return list;
    list = [];
    const own = this.predecessor[asset]!;
    let ownAdded = own < 0;
    const trace = this.asset(asset).trace;
    for (let k = this.start[asset]!, end = this.start[asset + 1]!; k < end; k++) {
      const voucher = this.children[k]!;
      if (!ownAdded && voucher > asset) {
        this.addUnwind(list, asset, own);
        ownAdded = true;
      }
      const sending = this.arrival[voucher]! ^ 1;
      const { self } = this.view(sending);
      // A forward hop (not an unwind) into a chain that takes only its own tokens home is refused there.
      if (arrivedOver(trace, self) || this.rules.refusesArrivals(this.asset(voucher).chainId) !== undefined || this.refused(asset, voucher, sending)) continue;
      list.push(ibcHop(voucher, self, this.label(sending)));
    }
    if (!ownAdded) this.addUnwind(list, asset, own);
    this.bridges ??= this.bridgeHops();
    const bridges = this.bridges.get(asset);
    if (bridges !== undefined) list.push(...bridges);
    sortHops(list);
    return (this.lists[asset] = list);
  }

  /** Every asset's list at once. */
  all(): HopEdge[][] {
    // The assets it was built with (a model admits decoded vouchers after them, with hops of their own).
    return (this.everything ??= Array.from({ length: this.start.length - 1 }, (_, i) => this.of(i)));
  }

  /** Adds the hop back unless a refusal (a switch off, an exhausted rate limit) stops it. */
  private addUnwind(list: HopEdge[], asset: number, predecessor: number): void {
    const end = this.arrival[asset]!;
    if (!this.refused(asset, predecessor, end)) list.push(ibcHop(predecessor, this.view(end).self, this.label(end)));
  }

  /** Whether a refusal of the snapshot stops `from` going to `to` out over channel end `sending` (src/registry/transfer-refusals.ts). */
  private refused(from: number, to: number, sending: number): boolean {
    if (!this.rules.refusesAnyHop) return false;
    const { self, counterparty } = this.view(sending);
    const [a, b] = [this.asset(from), this.asset(to)];
    return this.rules.refusesHop({ chainId: a.chainId, channelId: self.channel_id, denom: a.denom }, { chainId: b.chainId, channelId: counterparty.channel_id, denom: b.denom }) !== undefined;
  }

  private view(end: number): ChannelView {
    return (this.views[end] ??= channelEndAt(this.registry.ibc_channels, end)!);
  }

  private label(end: number): string {
    let label = this.labels[end];
    if (label === undefined) {
      const { self } = this.view(end);
      this.labels[end] = label = `${self.chain_id}\u0000${self.channel_id}`;
    }
    return label;
  }

  private rulesBook: TransferRuleBook | undefined;

  /** Read per forward hop: looked up once, not per hop. */
  private get rules(): TransferRuleBook {
    return (this.rulesBook ??= transferRuleBook(this.registry));
  }

  private bridgeHops(): Map<number, HopEdge[]> {
    const byAsset = new Map<number, HopEdge[]>();
    const add = (from: number, edge: HopEdge) => {
      const list = byAsset.get(from);
      if (list === undefined) byAsset.set(from, [edge]);
      else list.push(edge);
    };
    for (const link of this.registry.bridge_links) {
      const from = this.assetIndexOf(link.from.chain_id, link.from.denom);
      const to = this.assetIndexOf(link.to.chain_id, link.to.denom);
      if (from === undefined || to === undefined || from === to) continue;
      // The bridge's rule on the sent token, and the state's refusals of that way (transfer-rule-book.ts).
      const refuses = (a: number, b: number) => {
        const [sent, got] = [this.asset(a), this.asset(b)];
        return this.rules.refusesOverBridge(link.bridge, sent.originDenom) !== undefined || this.rules.refusesBridgeHop(link.bridge, sent, got) !== undefined;
      };
      if (!refuses(from, to)) add(from, bridgeHop(to, link.from.chain_id, link.bridge));
      if (link.bidirectional && !refuses(to, from)) add(to, bridgeHop(from, link.to.chain_id, link.bridge));
    }
    return byAsset;
  }
}

/** Whether a trace's latest hop came in over `end` (its first segment names that port and channel). */
function arrivedOver(trace: string, end: ChannelEnd): boolean {
  const head = `${end.port_id}/${end.channel_id}`;
  return trace === head || trace.startsWith(`${head}/`);
}

/** A hop over `end`, the sending side's channel end; `label` is `chain_id\0channel_id` of that end. */
function ibcHop(to: number, end: ChannelEnd, label: string): HopEdge {
  return { to, kind: "ibc", bridge: "IBC", port: end.port_id, channel: end.channel_id, venue: null, sequenceLabel: label };
}

function bridgeHop(to: number, sendingChainId: string, bridge: HopEdge["bridge"]): HopEdge {
  return { to, kind: "bridge", bridge, port: null, channel: null, venue: null, sequenceLabel: `${sendingChainId}\u0000${bridge}` };
}
