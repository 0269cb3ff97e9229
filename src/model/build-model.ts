/**
 * From a registry to the model: chains, canonical assets and hop edges. One builder for a
 * registry alone and for a registry with the facts a dataset stores (`ModelFacts`): without
 * them it derives them (choosing transfer channels, hashing derived denoms, parsing traces);
 * with them it skips that work. Everything else is one code path, lazy where a cold start
 * would otherwise pay for what no query reads: derived vouchers' records, their denoms and
 * keys, hop lists.
 */
import type { HubBridge, Registry } from "../registry/schema.js";
import { bridgeHubsOf } from "../registry/bridge-facts.js";
import { FungibleError } from "../errors.js";
import { derivedSizeProblem } from "../registry/derived-size.js";
import { compareStrings } from "../compare.js";
import { AdmittedVouchers } from "./admitted-vouchers.js";
import { AssetIndex } from "./asset-index.js";
import { deriveVouchers, derivedRecords, listedRecords } from "./canonical-assets.js";
import { HopLists } from "./hops.js";
import { IbcDecoder } from "./ibc-decode.js";
import { ibcLinks } from "./ibc-links.js";
import type { AssetRecord, HopEdge, Model, ModelFacts } from "./model.js";

export interface ModelOptions {
  /** The most decoded vouchers kept as assets at once (`ADMITTED_LIMIT`; tests ask for a few). */
  admittedLimit?: number;
}

/** `facts`, when given, must be the `facts` of the model built from the same registry (a dataset checks them). */
export function buildModel(registry: Registry, facts?: ModelFacts, options: ModelOptions = {}): Model {
  // Bounded before anything is derived (a dataset's stored count is checked by its loader).
  const tooLarge = facts === undefined ? derivedSizeProblem(registry) : undefined;
  if (tooLarge !== undefined) throw new FungibleError("invalid_registry", `buildModel: the registry is too large to build: ${tooLarge}`);
  const chains = [...registry.chains].sort((a, b) => compareStrings(a.chain_id, b.chain_id));
  const chainIndexById = new Map(chains.map((chain, i) => [chain.chain_id, i]));
  const listedCount = registry.assets.length;
  const derivation = facts === undefined ? deriveVouchers(registry) : undefined;
  const ends = facts?.derived_end ?? derivation!.ends;
  const origins = facts?.derived_origin ?? derivation!.origins;
  const listed = listedRecords(registry, chainIndexById);
  const derived = derivedRecords(registry, chains, chainIndexById, listedCount, ends, origins, derivation?.denoms);
  const canonicalCount = listedCount + ends.length;
  // The canonical records: every listed one now, a derived voucher's when first read, then kept.
  // Filled with undefined, not left with holes: a packed array, whose reads never look past it.
  const records: (AssetRecord | undefined)[] = [...listed];
  for (let d = 0; d < ends.length; d++) records.push(undefined);
  const asset = (index: number): AssetRecord => records[index] ?? (records[index] = derived.record(index));
  const assetsByChain: number[][] = chains.map(() => []);
  for (const record of listed) assetsByChain[record.chainIndex]!.push(record.index);
  for (let d = 0; d < ends.length; d++) assetsByChain[derived.chainIndexes[d]!]!.push(listedCount + d);
  const index = new AssetIndex(asset, listedCount, assetsByChain, chainIndexById, facts?.shadowing ?? derivation!.shadowing);
  const assetIndexOf = (chainId: string, denom: string) => index.get(chainId, denom);
  const columns = { derived_end: ends, derived_origin: origins };
  const modelFacts: ModelFacts = facts ?? {
    ...ibcLinks(registry.ibc_channels, asset, assetIndexOf, listedCount, columns),
    ...columns,
    shadowing: derivation!.shadowing,
  };
  // Per asset: its IBC hop back, -1 for none (a derived voucher's is its origin, unless unrouted).
  const predecessor = new Int32Array(canonicalCount).fill(-1);
  const arrival = new Int32Array(canonicalCount).fill(-1);
  predecessor.set(modelFacts.predecessor);
  arrival.set(modelFacts.arrival);
  predecessor.set(origins, listedCount);
  arrival.set(ends, listedCount);
  for (const d of modelFacts.unrouted) predecessor[listedCount + d] = -1;
  const hops = new HopLists(registry, asset, assetIndexOf, predecessor, arrival);
  const bridgeHubs = new Map<HubBridge, number>();
  for (const [bridge, chainId] of bridgeHubsOf(registry)) bridgeHubs.set(bridge, chainIndexById.get(chainId)!);
  return new BuiltModel(chains, chainIndexById, records, asset, listed, assetIndexOf, assetsByChain, hops, registry.swap_venues, bridgeHubs, modelFacts, registry.ibc_channels, options.admittedLimit);
}

/**
 * `hops` (every list at once) is a getter on the prototype, so spreading the model into another
 * (`{ ...model, ... }`) copies its fields without building every hop list.
 */
class BuiltModel implements Model {
  constructor(
    readonly chains: Model["chains"],
    readonly chainIndexById: Map<string, number>,
    /** By asset index: the canonical records made so far, which `canonical` fills. */
    private readonly records: readonly (AssetRecord | undefined)[],
    /** The record of a canonical asset, made on first read. */
    private readonly canonical: (index: number) => AssetRecord,
    private readonly listed: readonly AssetRecord[],
    readonly assetIndexOf: Model["assetIndexOf"],
    readonly assetsByChain: number[][],
    private readonly lists: HopLists,
    readonly swapVenues: Model["swapVenues"],
    readonly bridgeHubs: Model["bridgeHubs"],
    readonly facts: ModelFacts,
    private readonly channels: Registry["ibc_channels"],
    admittedLimit?: number,
  ) {
    this.canonicalCount = records.length;
    this.admitted = new AdmittedVouchers(this, admittedLimit);
  }

  readonly canonicalCount: number;

  private decoder: IbcDecoder | undefined;
  private readonly admitted: AdmittedVouchers;

  // Own properties, so a spread copy (`{ ...model }`) keeps them; the decoder is made on the first miss.
  // The made record read straight off the array: every query reads assets by index in its loops.
  readonly asset = (index: number): AssetRecord =>
    this.records[index] ?? (index < this.canonicalCount ? this.canonical(index) : this.admitted.record(index));

  readonly assetCount = () => this.canonicalCount + this.admitted.count;

  readonly decodeIbcDenom = (chainId: string, denom: string) =>
    (this.decoder ??= new IbcDecoder(this.channels, this.listed)).decode(chainId, denom);

  readonly admitIbcDenom = (chainId: string, denom: string) => this.admitted.admit(chainId, denom);

  readonly onAdmittedEvicted = (listener: (asset: number) => void) => this.admitted.onEvicted(listener);

  readonly hopsOf = (asset: number): readonly HopEdge[] =>
    asset < this.canonicalCount ? this.lists.of(asset) : (this.admitted.hopsOf(asset) ?? []);

  get hops(): HopEdge[][] {
    return this.lists.all();
  }
}
