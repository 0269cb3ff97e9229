/**
 * Independent oracle of the route rules (docs/behaviour.md sections 3-7), written from the contract
 * only, deliberately plain: a Dijkstra over (asset, how the route's last hop ended) states with a
 * linear scan for the minimum, fine for the small generated registries it is run on. Every label's
 * transactions, tx starts and bridges are worked out again from its whole hop list (`evaluate`),
 * so the Axelar rule (section 5) is read off the path, not carried along. Swaps (include_swaps,
 * swap_venues) are modelled as a clique of swap hops per allowed venue.
 */
import type { AssetRef, AssetsBetweenChainsRequest, AssetsFromSourceRequest, Registry, WireAsset } from "../../src/index.js";
import { canonicalAssets, channelEnds, cmp, hopsOf, oracleIbcDenom, oracleKey, swapHopsOf, type OracleAsset, type OracleHop, type OracleVenueRef } from "./oracle-graph.js";
import type { OracleOneWay } from "./oracle-state.js";

/** The swap part of a request: assets_from_source and route() take it. */
export interface OracleSwapOptions {
  include_swaps?: boolean | null;
  swap_venues?: readonly OracleVenueRef[] | null;
}

export interface OracleRouteHop {
  kind: "ibc" | "bridge" | "swap";
  from_chain: string;
  to_chain: string;
  /** Sending chain's channel for IBC, the bridge type for a bridge, the venue name for a swap. */
  via: string;
  /** Present on an IBC hop that is the Cosmos leg of an Axelar transfer (docs/behaviour.md section 5). */
  part_of?: "AXELAR";
  starts_tx: boolean;
}

export interface OracleRoute {
  txs_required: number;
  bridges: string[];
  hops: OracleRouteHop[];
  target: number;
}

interface Label {
  txs: number;
  path: OracleHop[];
  starts: boolean[];
  /** Per hop: an IBC hop that is part of an Axelar transfer, as its delivery or as its feed. */
  legs: AxelarLeg[];
  bridges: string[];
}

/** How funds arrived at a chain; it decides whether the next hop is forwarded. */
type Arrival = "start" | "ibc" | "bridge";

/** An IBC hop out of axelar-dojo-1 after an AXELAR hop, an IBC hop into it before one, or neither. */
type AxelarLeg = "delivery" | "feed" | null;

/** The Axelar network's Cosmos chain (docs/behaviour.md section 5, "Axelar delivers over IBC"). */
const AXELAR_CHAIN = "axelar-dojo-1";

/** docs/behaviour.md section 4 order: fewest txs, then fewest hops, then smallest (chain_id, label) sequence. */
function compareLabels(a: Label, b: Label): number {
  if (a.txs !== b.txs) return a.txs - b.txs;
  if (a.path.length !== b.path.length) return a.path.length - b.path.length;
  for (let i = 0; i < a.path.length; i++) {
    // Decision: plain code-unit string order, so "channel-10" < "channel-9" and a bridge type
    // (upper case) sorts before a channel id sent from the same chain.
    const byChain = cmp(a.path[i]!.chain, b.path[i]!.chain) || cmp(a.path[i]!.via, b.path[i]!.via);
    if (byChain !== 0) return byChain;
  }
  return 0;
}

export class Oracle {
  readonly assets: OracleAsset[];
  private readonly hops: OracleHop[][];
  private readonly chains: Map<string, Registry["chains"][number]>;
  private readonly index: Map<string, number>;
  private readonly cache = new Map<string, Map<number, OracleRoute>>();
  private readonly registry: Registry;

  /** `oneWay`: a state snapshot's one-way refusals (./oracle-state.ts); the rest of a snapshot is not modelled here. */
  constructor(registry: Registry, oneWay?: OracleOneWay) {
    this.registry = registry;
    this.assets = canonicalAssets(registry);
    this.hops = hopsOf(registry, this.assets, oneWay);
    this.chains = new Map(registry.chains.map((chain) => [chain.chain_id, chain]));
    this.index = new Map(this.assets.map((asset, i) => [oracleKey(asset.wire.chain_id, asset.wire.denom), i]));
  }

  /**
   * The asset a request names (docs/behaviour.md section 1): exact denom, an EVM address in any
   * case, or else an `ibc/<hex>` denom in any case (answers keep the registry's spelling).
   */
  indexOf(ref: AssetRef): number | undefined {
    const exact = this.index.get(oracleKey(ref.chain_id, ref.denom));
    if (exact !== undefined || !/^ibc\/[0-9a-f]+$/i.test(ref.denom)) return exact;
    const folded = ref.denom.toLowerCase();
    const found = this.assets.findIndex((a) => a.wire.chain_id === ref.chain_id && a.wire.denom.toLowerCase() === folded);
    return found === -1 ? undefined : found;
  }

  /**
   * Issue 25: a multi-hop voucher the registry neither lists nor derives, with `trace` over
   * `originDenom` on `chainId`, made a source. Written from the ICS-20 rule: its only hop sends it
   * back over the channel its trace starts with (an ACTIVE transfer channel of the registry), to the
   * version one hop shorter, which is a canonical asset or such a voucher in turn. It carries the
   * origin's metadata where the registry lists a version of that origin on its chain. Returns its index.
   */
  addVoucher(chainId: string, trace: string, originChain: string, originDenom: string): number {
    const denom = oracleIbcDenom(trace, originDenom);
    const known = trace === "" ? this.indexOf({ chain_id: originChain, denom: originDenom }) : this.indexOf({ chain_id: chainId, denom });
    if (known !== undefined) return known;
    const [port, channel, ...rest] = trace.split("/");
    const end = channelEnds(this.registry).find(
      (e) => e.status === "ACTIVE" && e.from.chain_id === chainId && e.from.port_id === port && e.from.channel_id === channel && e.to.port_id === "transfer",
    );
    if (end === undefined) throw new Error(`oracle: no ACTIVE channel ${port}/${channel} on ${chainId}`);
    const to = this.addVoucher(end.to.chain_id, rest.join("/"), originChain, originDenom);
    const native = this.registry.assets.find((a) => a.chain_id === originChain && a.denom === originDenom)!;
    const listsVersion = this.registry.assets.some((a) => a.chain_id === chainId && a.origin_chain_id === originChain && a.origin_denom === originDenom);
    const wire: Record<string, unknown> = {
      denom,
      chain_id: chainId,
      origin_denom: originDenom,
      origin_chain_id: originChain,
      trace,
      is_cw20: false,
      is_evm: false,
      is_svm: this.chains.get(chainId)!.chain_type === "svm",
    };
    const metadata = ["symbol", "name", "logo_uri", "decimals", "description", "coingecko_id", "recommended_symbol"] as const;
    if (listsVersion) for (const field of metadata) if (native[field] !== undefined) wire[field] = native[field];
    const order = this.assets.length;
    const asset = wire as unknown as WireAsset;
    this.assets.push({ wire: asset, answer: asset, listed: false, hasMetadata: Object.keys(wire).length > 8, order });
    this.hops.push([{ kind: "ibc", from: order, to, chain: chainId, via: channel! }]);
    this.index.set(oracleKey(chainId, denom), order);
    this.cache.clear();
    return order;
  }

  chainIds(): string[] {
    return [...this.chains.keys()].sort(cmp);
  }

  /**
   * docs/behaviour.md section 5 txs rule: does the hop leaving a chain where funds arrived by
   * `arrival` need a new transaction? IBC after IBC needs pfm_enabled; anything after a bridge, and
   * a bridge after IBC, need forwards_after_bridge. A swap never does: it runs inside the transaction that
   * brought the funds (and on the source, in transaction 1).
   */
  private needsNewTx(arrival: Arrival, hop: OracleHop): boolean {
    if (hop.kind === "swap") return false;
    if (arrival === "start") return false;
    const chain = this.chains.get(hop.chain)!;
    if (arrival === "ibc" && hop.kind === "ibc") return !chain.pfm_enabled;
    return !chain.forwards_after_bridge;
  }

  /**
   * Best route from `source` to every other reachable asset. Routes are sequences of hops, not
   * necessarily simple in assets: revisiting an asset with another arrival kind may save a tx,
   * and the contract does not forbid it (docs/behaviour.md section 3 says "a sequence of hops").
   */
  routesFrom(source: number, swapOptions: OracleSwapOptions = {}): Map<number, OracleRoute> {
    const swaps = swapOptions.include_swaps === true ? swapHopsOf(this.registry, this.assets, swapOptions) : null;
    const cacheKey = swaps === null ? `${source}` : `${source}|${JSON.stringify(swaps)}`;
    const cached = this.cache.get(cacheKey);
    if (cached) return cached;
    const best = new Map<string, Label>();
    const done = new Set<string>();
    best.set(`${source}|start`, this.evaluate([]));
    for (;;) {
      let current: string | undefined;
      for (const [state, label] of best) {
        if (!done.has(state) && (current === undefined || compareLabels(label, best.get(current)!) < 0)) current = state;
      }
      if (current === undefined) break;
      done.add(current);
      const label = best.get(current)!;
      const from = Number(current.split("|")[0]);
      for (const hop of [...this.hops[from]!, ...(swaps?.[from] ?? [])]) {
        const path = [...label.path, hop];
        const state = `${hop.to}|${this.ending(path)}`;
        if (done.has(state)) continue;
        const next = this.evaluate(path);
        const seen = best.get(state);
        if (seen === undefined || compareLabels(next, seen) < 0) best.set(state, next);
      }
    }
    const routes = new Map<number, OracleRoute>();
    for (const [state, label] of best) {
      const target = Number(state.split("|")[0]);
      if (target === source) continue;
      const route = this.toRoute(label, target);
      const old = routes.get(target);
      if (old === undefined || compareLabels(label, this.labelOf(old)) < 0) routes.set(target, route);
    }
    this.cache.set(cacheKey, routes);
    return routes;
  }

  private labelOf(route: OracleRoute): Label {
    const path = route.hops.map((h) => ({ kind: h.kind, from: 0, to: 0, chain: h.from_chain, via: h.kind === "swap" ? `swap:${h.via}` : h.via }));
    return { txs: route.txs_required, path, starts: [], legs: [], bridges: [] };
  }

  private toRoute(label: Label, target: number): OracleRoute {
    const hops = label.path.map((hop, i) => ({
      kind: hop.kind,
      from_chain: hop.chain,
      to_chain: this.assets[hop.to]!.wire.chain_id,
      via: hop.kind === "swap" ? hop.via.slice("swap:".length) : hop.via,
      ...(label.legs[i] !== null ? { part_of: "AXELAR" as const } : {}),
      starts_tx: label.starts[i]!,
    }));
    return { txs_required: label.txs, bridges: label.bridges, hops, target };
  }

  private onAxelar = (hop: OracleHop) => this.assets[hop.to]!.wire.chain_id === AXELAR_CHAIN;
  private isAxelarHop = (hop: OracleHop | undefined) => hop !== undefined && hop.kind === "bridge" && hop.via === "AXELAR";

  /**
   * docs/behaviour.md section 5, "Axelar delivers over IBC": an IBC hop is part of an Axelar
   * transfer when it leaves axelar-dojo-1 right after an AXELAR hop that landed there, or lands on
   * axelar-dojo-1 right before an AXELAR hop that leaves it. A swap in between breaks the pair.
   */
  private axelarLegs(path: OracleHop[]): AxelarLeg[] {
    return path.map((hop, i) => {
      if (hop.kind !== "ibc") return null;
      const before = path[i - 1];
      const after = path[i + 1];
      if (hop.chain === AXELAR_CHAIN && this.isAxelarHop(before) && this.onAxelar(before!)) return "delivery";
      if (this.onAxelar(hop) && this.isAxelarHop(after) && after!.chain === AXELAR_CHAIN) return "feed";
      return null;
    });
  }

  /** Transactions, tx starts and bridges of a whole hop list, from the rules of section 5. */
  private evaluate(path: OracleHop[]): Label {
    const legs = this.axelarLegs(path);
    const starts: boolean[] = [];
    const bridges: string[] = [];
    let txs = 1;
    let arrival: Arrival = "start";
    path.forEach((hop, i) => {
      // Inside one Axelar transfer: its delivery, the AXELAR hop its feed leads into, and an AXELAR
      // hop straight on from axelar-dojo-1 after one that landed there. The feed itself leaves its
      // chain by the usual rules.
      const before = path[i - 1];
      const through = this.isAxelarHop(hop) && this.isAxelarHop(before) && this.onAxelar(before!);
      const insideAxelar = legs[i] === "delivery" || (i > 0 && legs[i - 1] === "feed") || through;
      const fresh = !insideAxelar && this.needsNewTx(arrival, hop);
      if (fresh) txs++;
      starts.push(i === 0 || fresh);
      if (hop.kind !== "swap") {
        arrival = hop.kind;
        const type = hop.kind === "ibc" ? "IBC" : hop.via;
        if (legs[i] === null && !bridges.includes(type)) bridges.push(type); // swaps and Axelar's IBC legs add nothing
      }
    });
    return { txs, path, starts, legs, bridges };
  }

  /**
   * What a state remembers of its route's end, all that decides the cost of what follows: how the
   * funds arrived, and whether the last hop may pair with the next into one Axelar transfer.
   */
  private ending(path: OracleHop[]): string {
    const last = path[path.length - 1]!;
    if (last.kind === "swap") {
      // A swap keeps how the funds arrived, but ends any Axelar transfer.
      for (let i = path.length - 1; i >= 0; i--) if (path[i]!.kind !== "swap") return path[i]!.kind;
      return "start";
    }
    if (this.isAxelarHop(last) && this.onAxelar(last)) return "axelar-in";
    if (last.kind === "ibc" && this.onAxelar(last)) return "ibc-to-axelar";
    return last.kind;
  }

  route(from: AssetRef, to: AssetRef, swapOptions: OracleSwapOptions = {}): OracleRoute | null {
    const source = this.indexOf(from);
    const target = this.indexOf(to);
    if (source === undefined || target === undefined) throw new Error("oracle: unknown asset");
    return this.routesFrom(source, swapOptions).get(target) ?? null;
  }

  /** docs/behaviour.md section 6, swaps included. */
  assetsFromSource(request: AssetsFromSourceRequest): { dest_assets: Record<string, { assets: WireAsset[] }> } {
    const source = this.indexOf({ chain_id: request.source_asset_chain_id, denom: request.source_asset_denom });
    if (source === undefined) throw new Error("oracle: unknown source asset");
    const routes = this.routesFrom(source, request);
    const reason = request.recommendation_reason ?? "UNKNOWN";
    let kept = this.assets.filter((asset, i) => {
      const route = routes.get(i);
      if (route === undefined) return false;
      if (!request.allow_multi_tx && route.txs_required !== 1) return false;
      if (!request.include_cw20_assets && asset.wire.is_cw20) return false;
      if (request.native_only && asset.wire.trace !== "") return false;
      // DIRECT: one hop away, and a swap counts as a hop (docs/behaviour.md section 6).
      if (reason === "DIRECT" && route.hops.length !== 1) return false;
      const w = asset.wire;
      if (reason === "BASE_TOKEN" && !(w.trace === "" && w.origin_chain_id === w.chain_id && w.origin_denom === w.denom)) return false;
      return true;
    });
    if (reason === "MOST_LIQUID") {
      // Decision: MOST_LIQUID picks among the assets the other filters kept; remaining ties go
      // to canonical order (registry order, then derived by denom).
      const rank = (a: OracleAsset) => {
        const route = routes.get(a.order)!;
        return [a.listed ? 0 : 1, route.txs_required, route.hops.length, a.order];
      };
      const byChain = new Map<string, OracleAsset>();
      for (const asset of kept) {
        const old = byChain.get(asset.wire.chain_id);
        if (old === undefined || lexLess(rank(asset), rank(old))) byChain.set(asset.wire.chain_id, asset);
      }
      kept = kept.filter((asset) => byChain.get(asset.wire.chain_id) === asset);
    }
    // Decision: group keys in sorted chain-id order (the contract does not fix key order).
    const dest_assets: Record<string, { assets: WireAsset[] }> = Object.create(null);
    for (const chain of [...new Set(kept.map((a) => a.wire.chain_id))].sort(cmp)) {
      dest_assets[chain] = { assets: kept.filter((a) => a.wire.chain_id === chain).map((a) => a.answer) };
    }
    return { dest_assets };
  }

  /** docs/behaviour.md section 7. assets_between_chains has no swap options: routes never swap. */
  assetsBetweenChains(request: AssetsBetweenChainsRequest) {
    const passes = (asset: OracleAsset) =>
      (request.include_cw20_assets || !asset.wire.is_cw20) &&
      (request.include_evm_assets || !asset.wire.is_evm) &&
      (request.include_no_metadata_assets || asset.hasMetadata);
    // Sources: listed assets of the source chain, plus its derived vouchers when
    // include_no_metadata_assets (they are without metadata, so `passes` admits them only then).
    const sources = this.assets.filter((a) => a.wire.chain_id === request.source_chain_id && passes(a));
    const pairs = [];
    for (const source of sources) {
      const routes = this.routesFrom(source.order);
      let best: { dest: OracleAsset; route: OracleRoute } | undefined;
      for (const dest of this.assets) {
        if (dest.wire.chain_id !== request.dest_chain_id || !passes(dest)) continue;
        const route = routes.get(dest.order);
        if (route === undefined) continue;
        // Decision: a full tie between two destination assets goes to canonical order (registry
        // order, then derived vouchers by denom), the order every answer lists assets in.
        const order = best === undefined ? -1 : compareLabels(this.labelOf(route), this.labelOf(best.route)) || dest.order - best.dest.order;
        if (order < 0) best = { dest, route };
      }
      if (best === undefined || (!request.allow_multi_tx && best.route.txs_required !== 1)) continue;
      pairs.push({ asset_on_source: source.answer, asset_on_dest: best.dest.answer, txs_required: best.route.txs_required, bridges: best.route.bridges });
    }
    return { assets_between_chains: pairs };
  }
}

function lexLess(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}
