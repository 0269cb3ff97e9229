/**
 * The registry part of a dataset (`fungible-graph-dataset/1`): every string once in a table, every
 * record a row of integer columns pointing into it. A storage encoding only: `data_version`
 * hashes the registry's values (data-version.ts), not these columns.
 */
import { TransferRuleSchema } from "../registry/transfer-rules.js";
import { TransferRefusalSchema } from "../registry/transfer-refusals.js";
import * as z from "zod/mini";
import { FungibleError } from "../errors.js";
import { explorerTxPageProblem } from "../registry/explorer-links.js";
import { HUB_BRIDGES, type Asset, type Chain, type FeeAsset, type Registry } from "../registry/schema.js";
import { BRIDGE_TYPES, type BridgeType } from "../wire/schema.js";

/** Columns of integers: string-table indexes (-1: absent), enum positions, 0/1 flags, numbers. */
type Columns<K extends string> = Record<K, number[]>;

const CHAIN_COLUMNS = ["chain_id", "chain_name", "pretty_name", "chain_type", "pfm_enabled", "supports_memo"] as const;
const ASSET_COLUMNS = [
  "chain_id", "denom", "trace", "origin_chain_id", "origin_denom", "is_cw20", "is_evm",
  "symbol", "name", "logo_uri", "decimals", "description", "coingecko_id", "recommended_symbol",
] as const;
/**
 * Columns added after the format's first release: a dataset written before them has none, and
 * reads as if every row were absent (-1 or 0), so the datasets already shipped still load.
 */
const LATER_CHAIN_COLUMNS = ["bech32_prefix", "logo_uri", "is_testnet", "ibc_hooks", "autopilot", "forwards_after_bridge", "explorer_tx_page"] as const;
const LATER_ASSET_COLUMNS = ["token_contract"] as const;
/** One row per fee asset of a chain, in the chain's order: gas prices are strings (-1: none). */
const FEE_COLUMNS = ["chain", "denom", "low", "average", "high"] as const;
const CHANNEL_COLUMNS = ["chain_1", "channel_1", "port_1", "chain_2", "channel_2", "port_2", "status", "preferred"] as const;
const LINK_COLUMNS = ["bridge", "from_chain_id", "from_denom", "to_chain_id", "to_denom", "bidirectional"] as const;

// Tens of thousands of values: one plain loop per column, not a schema per element.
export const Ints = z.custom<number[]>((value) => Array.isArray(value) && everyIs(value, Number.isInteger), "expected an array of integers");
const Strings = z.custom<string[]>((value) => Array.isArray(value) && everyIs(value, (s) => typeof s === "string"), "expected an array of strings");

function everyIs(list: unknown[], test: (value: unknown) => boolean): boolean {
  for (let i = 0; i < list.length; i++) if (!test(list[i])) return false;
  return true;
}
const table = <K extends string>(names: readonly K[]) => z.object(Object.fromEntries(names.map((name) => [name, Ints])) as Record<K, typeof Ints>);
const laterColumns = <K extends string>(names: readonly K[]) =>
  Object.fromEntries(names.map((name) => [name, z.optional(Ints)])) as Record<K, z.ZodMiniOptional<typeof Ints>>;

/** The `registry` of a dataset. */
export const RegistryContentSchema = z.object({
  strings: Strings,
  chains: z.extend(table(CHAIN_COLUMNS), laterColumns(LATER_CHAIN_COLUMNS)),
  assets: z.extend(table(ASSET_COLUMNS), laterColumns(LATER_ASSET_COLUMNS)),
  fee_assets: z.optional(table(FEE_COLUMNS)),
  ibc_channels: table(CHANNEL_COLUMNS),
  bridge_links: table(LINK_COLUMNS),
  /** One row per venue: `[name, chain_id, ...denoms]`. */
  swap_venues: z.array(Ints),
  /** Added later, only where the registry names its hubs: one row per hub, `[bridge, chain_id]`. */
  bridge_hubs: z.optional(z.array(Ints)),
  /** Added later, only where the registry carries its own transfer rules: the rules as they are (few, cited, mostly text). */
  transfer_rules: z.optional(z.array(TransferRuleSchema)),
  /** Added later, only where a state snapshot (or an operator) wrote refusals: as they are (few, cited). */
  transfer_refusals: z.optional(z.array(TransferRefusalSchema)),
});
type RegistryContent = z.infer<typeof RegistryContentSchema>;

const CHAIN_TYPES = ["cosmos", "evm", "svm", "other"] as const;
const STATUSES = ["ACTIVE", "INACTIVE", "UNKNOWN"] as const;
const METADATA = ["symbol", "name", "logo_uri", "description", "coingecko_id", "recommended_symbol"] as const;

export function encodeRegistry(registry: Registry): RegistryContent {
  const strings: string[] = [];
  const ids = new Map<string, number>();
  const s = (value: string) => {
    let id = ids.get(value);
    if (id === undefined) {
      id = strings.length;
      strings.push(value);
      ids.set(value, id);
    }
    return id;
  };
  const opt = (value: string | undefined) => (value === undefined ? -1 : s(value));
  const flag = (value: boolean) => (value ? 1 : 0);
  const chains = columns([...CHAIN_COLUMNS, ...LATER_CHAIN_COLUMNS]);
  const fees = columns(FEE_COLUMNS);
  registry.chains.forEach((chain, row) => {
    push(chains, [s(chain.chain_id), opt(chain.chain_name), opt(chain.pretty_name), CHAIN_TYPES.indexOf(chain.chain_type),
      flag(chain.pfm_enabled), flag(chain.supports_memo), opt(chain.bech32_prefix), opt(chain.logo_uri), flag(chain.is_testnet === true),
      flag(chain.ibc_hooks), flag(chain.autopilot), flag(chain.forwards_after_bridge), opt(chain.explorer_tx_page)]);
    for (const fee of chain.fee_assets ?? []) {
      push(fees, [row, s(fee.denom), opt(fee.gas_price?.low), opt(fee.gas_price?.average), opt(fee.gas_price?.high)]);
    }
  });
  const assets = columns([...ASSET_COLUMNS, ...LATER_ASSET_COLUMNS]);
  for (const a of registry.assets) {
    push(assets, [s(a.chain_id), s(a.denom), s(a.trace), s(a.origin_chain_id), s(a.origin_denom), flag(a.is_cw20), flag(a.is_evm),
      opt(a.symbol), opt(a.name), opt(a.logo_uri), a.decimals ?? -1, opt(a.description), opt(a.coingecko_id), opt(a.recommended_symbol),
      contractColumnOf(a, s)]);
  }
  const channels = columns(CHANNEL_COLUMNS);
  for (const c of registry.ibc_channels) {
    push(channels, [s(c.chain_1.chain_id), s(c.chain_1.channel_id), s(c.chain_1.port_id), s(c.chain_2.chain_id),
      s(c.chain_2.channel_id), s(c.chain_2.port_id), STATUSES.indexOf(c.status), flag(c.preferred)]);
  }
  const links = columns(LINK_COLUMNS);
  for (const l of registry.bridge_links) {
    push(links, [BRIDGE_TYPES.indexOf(l.bridge), s(l.from.chain_id), s(l.from.denom), s(l.to.chain_id), s(l.to.denom), flag(l.bidirectional)]);
  }
  const venues = registry.swap_venues.map((v) => [s(v.name), s(v.chain_id), ...v.denoms.map(s)]);
  const hubs = registry.bridge_hubs === undefined ? {} : { bridge_hubs: registry.bridge_hubs.map((h) => [HUB_BRIDGES.indexOf(h.bridge), s(h.chain_id)]) };
  const rules = registry.transfer_rules === undefined ? {} : { transfer_rules: registry.transfer_rules };
  const refusals = registry.transfer_refusals === undefined ? {} : { transfer_refusals: registry.transfer_refusals };
  return { strings, chains, assets, fee_assets: fees, ibc_channels: channels, bridge_links: links, swap_venues: venues, ...hubs, ...rules, ...refusals };
}

function columns<K extends string>(names: readonly K[]): Columns<K> {
  return Object.fromEntries(names.map((name) => [name, []])) as unknown as Columns<K>;
}

function push<K extends string>(table: Columns<K>, row: number[]): void {
  Object.values<number[]>(table).forEach((column, i) => column.push(row[i]!));
}

/**
 * The registry the columns encode: every index in its table, every enum position, flag and
 * column length checked, so what comes out is a registry's shape. Its invariants across records
 * (unique, known references) are `referenceProblems`'s, checked by `decodeDataset`. Throws
 * `invalid_dataset` naming the table and row.
 */
export function decodeRegistry(content: RegistryContent, fail: (why: string) => FungibleError): Registry {
  const { strings } = content;
  // Where a check failed, as "<table> row <i>": one object updated per row, a string only on failure.
  const at = new Row();
  const rows = <K extends string>(table: Columns<K>, names: readonly K[], what: string) => {
    const n = table[names[0]!].length;
    for (const name of names) if (table[name].length !== n) throw fail(`${what}: column "${name}" has ${table[name].length} rows, not ${n}`);
    return n;
  };
  // Field rules (non-empty ids, decimals 0-255) are the registry schema's; here: is it in the table.
  const str = (i: number, where: Row) => {
    const value = strings[i];
    if (value === undefined) throw fail(`${where}: string ${i} is not in the string table`);
    return value;
  };
  const pick = <T>(list: readonly T[], i: number, where: Row) => {
    const value = list[i];
    if (value === undefined) throw fail(`${where}: ${i} is not one of ${list.join(", ")}`);
    return value;
  };
  const bool = (i: number, where: Row) => {
    if (i !== 0 && i !== 1) throw fail(`${where}: ${i} is not 0 or 1`);
    return i === 1;
  };

  // A later column, when the dataset has it, has a row per row of its table.
  const later = (column: number[] | undefined, n: number, what: string) => {
    if (column !== undefined && column.length !== n) throw fail(`${what}: has ${column.length} rows, not ${n}`);
    return column;
  };

  const c = content.chains;
  const chains: Chain[] = [];
  at.table = "chains";
  const chainCount = rows(c, CHAIN_COLUMNS, "chains");
  const [bech32, chainLogo, testnet, hooks, autopilot, forwards, explorer] = LATER_CHAIN_COLUMNS.map((name) => later(c[name], chainCount, `chains: column "${name}"`));
  const feeAssets = decodeFeeAssets(content.fee_assets, chainCount, str, fail);
  for (let i = 0; i < chainCount; i++) {
    at.row = i;
    const chain: Record<string, unknown> = { chain_id: str(c.chain_id[i]!, at) };
    if (c.chain_name[i] !== -1) chain.chain_name = str(c.chain_name[i]!, at);
    if (c.pretty_name[i] !== -1) chain.pretty_name = str(c.pretty_name[i]!, at);
    chain.chain_type = pick(CHAIN_TYPES, c.chain_type[i]!, at);
    chain.pfm_enabled = bool(c.pfm_enabled[i]!, at);
    chain.supports_memo = bool(c.supports_memo[i]!, at);
    if (bech32 !== undefined && bech32[i] !== -1) chain.bech32_prefix = str(bech32[i]!, at);
    if (chainLogo !== undefined && chainLogo[i] !== -1) chain.logo_uri = str(chainLogo[i]!, at);
    if (feeAssets[i] !== undefined) chain.fee_assets = feeAssets[i];
    if (testnet !== undefined && bool(testnet[i]!, at)) chain.is_testnet = true;
    chain.ibc_hooks = hooks !== undefined && bool(hooks[i]!, at);
    chain.autopilot = autopilot !== undefined && bool(autopilot[i]!, at);
    // A dataset from before the column read supports_memo as "forwards after a bridge hop" (revision 4 split the two).
    chain.forwards_after_bridge = forwards === undefined ? chain.supports_memo : bool(forwards[i]!, at);
    if (explorer !== undefined && explorer[i] !== -1) chain.explorer_tx_page = explorerTxPage(str(explorer[i]!, at), at, fail);
    chains.push(chain as Chain);
  }

  const a = content.assets;
  const metadata = METADATA.map((field) => a[field]);
  const assets: Asset[] = [];
  at.table = "assets";
  const assetCount = rows(a, ASSET_COLUMNS, "assets");
  const contracts = later(a.token_contract, assetCount, 'assets: column "token_contract"');
  for (let i = 0; i < assetCount; i++) {
    at.row = i;
    const asset: Record<string, unknown> = {
      chain_id: str(a.chain_id[i]!, at),
      denom: str(a.denom[i]!, at),
      trace: str(a.trace[i]!, at),
      origin_chain_id: str(a.origin_chain_id[i]!, at),
      origin_denom: str(a.origin_denom[i]!, at),
      is_cw20: bool(a.is_cw20[i]!, at),
      is_evm: bool(a.is_evm[i]!, at),
    };
    for (let f = 0; f < METADATA.length; f++) {
      const value = metadata[f]![i]!;
      if (value !== -1) asset[METADATA[f]!] = str(value, at);
    }
    const decimals = a.decimals[i]!;
    if (decimals !== -1) {
      if (decimals < 0) throw fail(`${at}: decimals ${decimals} is neither a number nor -1 (none)`);
      asset.decimals = decimals;
    }
    if (contracts !== undefined && contracts[i] !== -1) asset.token_contract = contractOf(contracts[i]!, asset.denom as string, (j) => str(j, at));
    assets.push(asset as Asset);
  }

  const ch = content.ibc_channels;
  const ibc_channels: Registry["ibc_channels"] = [];
  at.table = "ibc_channels";
  for (let i = 0, n = rows(ch, CHANNEL_COLUMNS, "ibc_channels"); i < n; i++) {
    at.row = i;
    ibc_channels.push({
      chain_1: { chain_id: str(ch.chain_1[i]!, at), channel_id: str(ch.channel_1[i]!, at), port_id: str(ch.port_1[i]!, at) },
      chain_2: { chain_id: str(ch.chain_2[i]!, at), channel_id: str(ch.channel_2[i]!, at), port_id: str(ch.port_2[i]!, at) },
      status: pick(STATUSES, ch.status[i]!, at),
      preferred: bool(ch.preferred[i]!, at),
    });
  }

  const l = content.bridge_links;
  const bridge_links: Registry["bridge_links"] = [];
  at.table = "bridge_links";
  for (let i = 0, n = rows(l, LINK_COLUMNS, "bridge_links"); i < n; i++) {
    at.row = i;
    bridge_links.push({
      bridge: pick<BridgeType>(BRIDGE_TYPES, l.bridge[i]!, at),
      from: { chain_id: str(l.from_chain_id[i]!, at), denom: str(l.from_denom[i]!, at) },
      to: { chain_id: str(l.to_chain_id[i]!, at), denom: str(l.to_denom[i]!, at) },
      bidirectional: bool(l.bidirectional[i]!, at),
    });
  }

  const swap_venues = content.swap_venues.map((row, i) => {
    at.table = "swap_venues";
    at.row = i;
    if (row.length < 4) throw fail(`${at}: a venue names itself, its chain and at least two denoms`);
    const [name, chain, ...denoms] = row as [number, number, ...number[]];
    return { name: str(name, at), chain_id: str(chain, at), denoms: denoms.map((d) => str(d, at)) };
  });
  const hubs = content.bridge_hubs?.map((row, i) => {
    at.table = "bridge_hubs";
    at.row = i;
    if (row.length !== 2) throw fail(`${at}: a hub row is [bridge, chain_id]`);
    return { bridge: pick(HUB_BRIDGES, row[0]!, at), chain_id: str(row[1]!, at) };
  });
  const rules = content.transfer_rules === undefined ? {} : { transfer_rules: content.transfer_rules };
  const refusals = content.transfer_refusals === undefined ? {} : { transfer_refusals: content.transfer_refusals };
  return { chains, assets, ibc_channels, bridge_links, swap_venues, ...(hubs === undefined ? {} : { bridge_hubs: hubs }), ...rules, ...refusals };
}

/** A page users are sent to: checked like the registry schema checks it, since a dataset is not parsed by it. */
function explorerTxPage(page: string, at: Row, fail: (why: string) => FungibleError): string {
  const problem = explorerTxPageProblem(page);
  if (problem !== undefined) throw fail(`${at}: explorer_tx_page ${problem}`);
  return page;
}

/**
 * A token contract is nearly always the denom itself (ERC-20) or the denom after "cw20:" (CW20):
 * those are -2 and -3 in the column instead of a second copy of the address in the string table.
 */
const SAME_AS_DENOM = -2;
const DENOM_AFTER_CW20 = -3;

function contractColumnOf(asset: Asset, s: (value: string) => number): number {
  const contract = asset.token_contract;
  if (contract === undefined) return -1;
  if (contract === asset.denom) return SAME_AS_DENOM;
  return asset.denom === `cw20:${contract}` ? DENOM_AFTER_CW20 : s(contract);
}

function contractOf(value: number, denom: string, str: (i: number) => string): string {
  if (value === SAME_AS_DENOM) return denom;
  if (value === DENOM_AFTER_CW20) {
    if (!denom.startsWith("cw20:")) return str(value); // fails, naming the row: -3 on a denom without the prefix
    return denom.slice("cw20:".length);
  }
  return str(value);
}

/** Per chain row: its fee assets in order, or undefined for none. */
function decodeFeeAssets(
  table: Columns<(typeof FEE_COLUMNS)[number]> | undefined,
  chainCount: number,
  str: (i: number, where: Row) => string,
  fail: (why: string) => FungibleError,
): (FeeAsset[] | undefined)[] {
  const byChain: (FeeAsset[] | undefined)[] = [];
  if (table === undefined) return byChain;
  const at = new Row();
  at.table = "fee_assets";
  const n = table.chain.length;
  for (const name of FEE_COLUMNS) if (table[name].length !== n) throw fail(`fee_assets: column "${name}" has ${table[name].length} rows, not ${n}`);
  for (let i = 0; i < n; i++) {
    at.row = i;
    const chain = table.chain[i]!;
    if (chain < 0 || chain >= chainCount) throw fail(`${at}: chain ${chain} is not a row of chains`);
    const fee: FeeAsset = { denom: str(table.denom[i]!, at) };
    const tiers: Record<string, string> = {};
    for (const tier of ["low", "average", "high"] as const) if (table[tier][i] !== -1) tiers[tier] = str(table[tier][i]!, at);
    if (Object.keys(tiers).length > 0) fee.gas_price = tiers;
    (byChain[chain] ??= []).push(fee);
  }
  return byChain;
}

class Row {
  table = "";
  row = 0;

  toString(): string {
    return `${this.table} row ${this.row}`;
  }
}
