/**
 * The canonical asset set of docs/behaviour.md §2: every listed asset, plus the single-hop voucher
 * of each native asset on each chain directly connected over an ACTIVE transfer channel, where
 * the registry lists no version of that origin asset.
 */
import { spellContract, spellDenom } from "../denom/evm-address.js";
import { compareStrings } from "../compare.js";
import { voucherDenom } from "../denom/trace.js";
import { channelKey, nearEndAt } from "../registry/channel-ends.js";
import { denomKey, isOwnOrigin, type Asset, type Chain, type Registry } from "../registry/schema.js";
import type { WireAsset } from "../wire/schema.js";
import { chooseTransferChannels, firstEndByKey } from "./channels.js";
import type { AssetRecord } from "./model.js";
import { transferRuleBook } from "./transfer-rule-book.js";

type AssetFields = Omit<AssetRecord, "index" | "chainIndex" | "wire">;

/**
 * The record of each listed asset, in registry order. Its wire object is made on first read, as a
 * derived voucher's is: most listed assets are in no answer a process gives, and writing an EVM
 * denom costs a keccak-256 (EIP-55), which a cold start should not pay for every EVM address.
 */
export function listedRecords(registry: Registry, chainIndexById: ReadonlyMap<string, number>): AssetRecord[] {
  const svmChains = new Set(registry.chains.filter((chain) => chain.chain_type === "svm").map((chain) => chain.chain_id));
  const evmChains = new Set(registry.chains.filter((chain) => chain.chain_type === "evm").map((chain) => chain.chain_id));
  return registry.assets.map((asset, index) => new ListedAsset(asset, index, chainIndexById.get(asset.chain_id)!, svmChains.has(asset.chain_id), evmChains));
}

class ListedAsset implements AssetRecord {
  readonly chainId: string;
  readonly denom: string;
  readonly trace: string;
  readonly originChainId: string;
  readonly originDenom: string;
  readonly isCw20: boolean;
  readonly isEvm: boolean;
  readonly listed = true;
  readonly isBaseToken: boolean;
  readonly hasMetadata: boolean;
  private wireObject: WireAsset | undefined = undefined;

  constructor(
    private readonly asset: Asset,
    readonly index: number,
    readonly chainIndex: number,
    private readonly isSvm: boolean,
    private readonly evmChains: ReadonlySet<string>,
  ) {
    this.chainId = asset.chain_id;
    this.denom = asset.denom;
    this.trace = asset.trace;
    this.originChainId = asset.origin_chain_id;
    this.originDenom = asset.origin_denom;
    this.isCw20 = asset.is_cw20;
    this.isEvm = asset.is_evm;
    this.isBaseToken = isOwnOrigin(asset);
    // Without metadata means lacking all of it (docs/behaviour.md §1: no symbol, name, logo...); any one field counts.
    this.hasMetadata = METADATA_FIELDS.some((field) => asset[field] !== undefined);
  }

  get wire(): WireAsset {
    const { evmChains } = this;
    return (this.wireObject ??= wireAsset(this, this.asset, this.isSvm, { chain: evmChains.has(this.chainId), origin: evmChains.has(this.originChainId) }));
  }
}

/** The derived vouchers in canonical order (by chain, then denom), with the denoms hashed to sort them. */
interface DerivedVouchers {
  /** The channel end each arrived over: the first listing of that end (`endNumber`), as the channel index has it. */
  ends: number[];
  /** The native each is a voucher of (index in `registry.assets`). */
  origins: number[];
  denoms: string[];
  /** Chains where a derived voucher has a listed asset's key (`ModelFacts.shadowing`). */
  shadowing: string[];
}

export function deriveVouchers(registry: Registry): DerivedVouchers {
  const firstEnd = firstEndByKey(registry.ibc_channels);
  // Keyed per chain by origin (`originKey`): one key string per asset, so the loop over every
  // (native, channel) pair below makes no string but the voucher's denom (at 100x mainnet,
  // millions of pairs: building a key per pair was a third of the build and most of its GC).
  const versionsOnChain = new Map<string, Set<string>>();
  for (const asset of registry.assets) setOf(versionsOnChain, asset.chain_id).add(originKey(asset.origin_chain_id, asset.origin_denom));
  const channelsFrom = new Map<string, { chainId: string; end: number; trace: string }[]>();
  const rules = transferRuleBook(registry);
  for (const [pair, view] of chooseTransferChannels(registry.ibc_channels)) {
    const from = pair.slice(0, pair.indexOf("\u0000"));
    const { self } = view;
    // A derived voucher is a native arriving abroad: a chain that takes only its own tokens home refuses it.
    if (rules.refusesArrivals(self.chain_id) !== undefined) continue;
    const list = channelsFrom.get(from) ?? [];
    list.push({ chainId: self.chain_id, end: firstEnd.get(channelKey(self.chain_id, self.port_id, self.channel_id))!, trace: `${self.port_id}/${self.channel_id}` });
    channelsFrom.set(from, list);
  }
  // Per destination chain, its vouchers as columns. chooseTransferChannels keeps one channel per
  // chain pair, so a native derives at most one voucher per chain; a repeat of a native's key
  // (the same asset listed twice) derives nothing more: the first listing's vouchers stand.
  const derived = new Map<string, { denoms: string[]; ends: number[]; origins: number[] }>();
  const natives = new Set<string>();
  registry.assets.forEach((native, origin) => {
    if (native.is_cw20 || !isOwnOrigin(native)) return;
    const channels = channelsFrom.get(native.chain_id);
    const key = originKey(native.chain_id, native.denom);
    if (channels === undefined || natives.has(key)) return;
    natives.add(key);
    for (const { chainId, end, trace } of channels) {
      if (versionsOnChain.get(chainId)?.has(key)) continue;
      let onChain = derived.get(chainId);
      if (onChain === undefined) derived.set(chainId, (onChain = { denoms: [], ends: [], origins: [] }));
      onChain.denoms.push(voucherDenom(trace, native.denom));
      onChain.ends.push(end);
      onChain.origins.push(origin);
    }
  });
  // Canonical order: by chain, then denom (each chain's own vouchers sorted).
  const listedIbc = new Map<string, Set<string>>();
  for (const asset of registry.assets) if (asset.denom.startsWith("ibc/")) setOf(listedIbc, asset.chain_id).add(asset.denom);
  const result: DerivedVouchers = { ends: [], origins: [], denoms: [], shadowing: [] };
  for (const chainId of [...derived.keys()].sort(compareStrings)) {
    const { denoms, ends, origins } = derived.get(chainId)!;
    const order = denoms.map((_, i) => i).sort((a, b) => compareStrings(denoms[a]!, denoms[b]!));
    const listed = listedIbc.get(chainId);
    if (listed !== undefined && denoms.some((denom) => listed.has(denom))) result.shadowing.push(chainId);
    for (const i of order) {
      result.ends.push(ends[i]!);
      result.origins.push(origins[i]!);
      result.denoms.push(denoms[i]!);
    }
  }
  return result;
}

/** An origin asset as a key: chain and denom, the denom as denomKey compares it. */
function originKey(originChainId: string, originDenom: string): string {
  return `${originChainId}\u0000${denomKey(originDenom)}`;
}

function setOf<K, V>(map: Map<K, Set<V>>, key: K): Set<V> {
  let set = map.get(key);
  if (set === undefined) map.set(key, (set = new Set()));
  return set;
}

/** The derived vouchers' side of a model: each one's chain, and its record made when asked. */
export interface DerivedRecords {
  /** Per derived voucher (index minus `listedCount`): its chain index. */
  chainIndexes: Int32Array;
  /** A new record of the derived voucher at asset index `index` (the model keeps it). */
  record(index: number): AssetRecord;
}

/**
 * The derived vouchers `ends`/`origins` describe (`ModelFacts.derived_end`, `derived_origin`),
 * indexes from `listedCount` on. Only their chains are computed here; a record is made when a
 * query reads it, and holds its index and chain index only: trace and origin are read off the
 * columns, the denom (one SHA-256) and wire object made on first read unless `denoms` already has
 * them. Tens of thousands on mainnet, most in no answer: making every record at load, and the
 * garbage collector copying them, was about a quarter of loading the shipped dataset.
 */
export function derivedRecords(
  registry: Registry,
  chains: readonly Chain[],
  chainIndexById: ReadonlyMap<string, number>,
  listedCount: number,
  ends: readonly number[],
  origins: readonly number[],
  denoms: (string | undefined)[] = [],
): DerivedRecords {
  // Per channel end: the trace and chain of the vouchers that arrive over it.
  const endTraces: string[] = [];
  const chainOfEnd: number[] = [];
  const wires: WireAsset[] = [];
  class DerivedAsset implements AssetRecord {
    declare readonly isCw20: false;
    declare readonly isEvm: false;
    declare readonly listed: false;
    declare readonly isBaseToken: false;
    declare readonly hasMetadata: false;

    constructor(
      readonly index: number,
      readonly chainIndex: number,
    ) {}

    get chainId(): string {
      return chains[this.chainIndex]!.chain_id;
    }

    get trace(): string {
      return endTraces[ends[this.index - listedCount]!]!;
    }

    /** Origin chain and denom are the native asset's own. */
    get originChainId(): string {
      return registry.assets[origins[this.index - listedCount]!]!.chain_id;
    }

    get originDenom(): string {
      return registry.assets[origins[this.index - listedCount]!]!.denom;
    }

    get denom(): string {
      const d = this.index - listedCount;
      return (denoms[d] ??= voucherDenom(this.trace, this.originDenom));
    }

    get wire(): WireAsset {
      return (wires[this.index - listedCount] ??= wireAsset(this, {}, chains[this.chainIndex]!.chain_type === "svm"));
    }
  }
  // Constant for every derived voucher: on the prototype, not in tens of thousands of objects.
  for (const flag of ["isCw20", "isEvm", "listed", "isBaseToken", "hasMetadata"]) {
    Object.defineProperty(DerivedAsset.prototype, flag, { value: false, enumerable: true });
  }
  const chainIndexes = new Int32Array(ends.length);
  for (let d = 0; d < ends.length; d++) {
    const end = ends[d]!;
    if (endTraces[end] === undefined) {
      const self = nearEndAt(registry.ibc_channels, end)!;
      endTraces[end] = `${self.port_id}/${self.channel_id}`;
      chainOfEnd[end] = chainIndexById.get(self.chain_id)!;
    }
    chainIndexes[d] = chainOfEnd[end]!;
  }
  return { chainIndexes, record: (index) => new DerivedAsset(index, chainIndexes[index - listedCount]!) };
}

/** The fields whose presence is "has metadata" (docs/behaviour.md §1), which a decoded voucher takes from its origin. */
export const METADATA_FIELDS = ["symbol", "name", "logo_uri", "decimals", "description", "coingecko_id", "recommended_symbol"] as const;

/** The optional fields of a wire asset in the order the Skip Go API writes them (token_contract after decimals). */
const OPTIONAL_WIRE_FIELDS = ["symbol", "name", "logo_uri", "decimals", "token_contract", "description", "coingecko_id", "recommended_symbol"] as const;

/** Whether an asset's chain and its origin's chain are EVM chains: where `spellDenom` writes EIP-55. */
interface EvmChains {
  chain: boolean;
  origin: boolean;
}

/** A voucher (derived, decoded) is never spelled EIP-55: its denom is `ibc/`, its origin denom hashed text. */
const NO_EVM_CHAINS: EvmChains = { chain: false, origin: false };

/** Every wire object `wireAsset` made: frozen, and made to WireAssetSchema from checked records. */
const madeWires = new WeakSet<object>();

/**
 * `value` is a wire object of a model (the assets in a router's answers), unchanged since: a request
 * that carries one back (a route into src/msgs) need not parse it again. Never reads `value`
 * (a Proxy's traps do not run), so an object of the caller's own is simply not one.
 */
export function isModelWireAsset(value: unknown): value is WireAsset {
  return typeof value === "object" && value !== null && madeWires.has(value);
}

/**
 * Field order follows the answers of docs/behaviour.md §6; optional fields appear only when
 * present. `is_svm` (an asset of an SVM chain) is on every asset, as the Skip Go API writes it.
 */
export function wireAsset(fields: AssetFields, metadata: Partial<Asset>, isSvm: boolean, evm = NO_EVM_CHAINS): WireAsset {
  // One spelling rule (spellDenom): EIP-55 for an EVM chain's own contract, the hashed text of a
  // voucher's origin as it is, so ibc/ + SHA-256(trace/origin_denom) is the denom; look-ups fold case (denomKey).
  const hashed = fields.trace !== "";
  const wire: Record<string, unknown> = {
    denom: spellDenom(fields.denom, { evmChain: evm.chain, hashed: false }),
    chain_id: fields.chainId,
    origin_denom: spellDenom(fields.originDenom, { evmChain: evm.origin, hashed }),
    origin_chain_id: fields.originChainId,
    trace: fields.trace,
    is_cw20: fields.isCw20,
    is_evm: fields.isEvm,
    is_svm: isSvm,
  };
  for (const field of OPTIONAL_WIRE_FIELDS) if (metadata[field] !== undefined) wire[field] = metadata[field];
  if (typeof wire.token_contract === "string") wire.token_contract = spellContract(wire.token_contract);
  madeWires.add(Object.freeze(wire));
  return wire as WireAsset;
}

/** `asset` as a plain record at another index (a derived voucher's fields are getters tied to its own index). */
export function recordAt(asset: AssetRecord, index: number): AssetRecord {
  const { chainIndex, chainId, denom, trace, originChainId, originDenom, isCw20, isEvm, listed, isBaseToken, hasMetadata, wire } = asset;
  return { index, chainIndex, chainId, denom, trace, originChainId, originDenom, isCw20, isEvm, listed, isBaseToken, hasMetadata, wire };
}
