/**
 * chain-registry assets -> registry assets. The hard part is the IBC voucher: its trace comes from
 * the last trace's `chain.path`, its origin chain from following counterparties back, and the
 * declared denom must hash from them, or the asset is left out (the router derives the right one).
 * A voucher whose origin chain has no known id is kept (it is an asset of its chain and moves over
 * its channels) under the farthest chain back that has one, with an `unresolved_origin` warning.
 */
import { ibcDenom, parseTrace, splitFullPath } from "../denom/trace.js";
import type { CrAsset, CrAssetList, CrTrace } from "./chain-registry-input.js";
import type { ChainTable } from "./chain-registry-chains.js";
import { warningIssue, type RegistryIssue } from "./issues.js";
import { assetKey, denomKey, type AssetInput } from "./schema.js";
import { idProblem, terminalText } from "../wire/safe-text.js";

/** A registry asset with the chain-registry entry it came from. */
export interface ConvertedAsset {
  input: AssetInput;
  chainName: string;
  source: CrAsset;
  where: string;
}

export interface AssetTable {
  assets: ConvertedAsset[];
  /** By `assetKey(chain_id, denom)`. */
  byKey: Map<string, ConvertedAsset>;
}

/** chainName -> denomKey(base) -> asset, over every asset list read (kept chains or not). */
type ListedAssets = Map<string, Map<string, CrAsset>>;

export function indexListedAssets(lists: readonly CrAssetList[]): ListedAssets {
  const listed: ListedAssets = new Map();
  for (const list of lists) {
    const byDenom = listed.get(list.chainName) ?? new Map<string, CrAsset>();
    for (const asset of list.assets) if (!byDenom.has(denomKey(asset.base))) byDenom.set(denomKey(asset.base), asset);
    listed.set(list.chainName, byDenom);
  }
  return listed;
}

function assetWhere(chainName: string, asset: CrAsset): string {
  return `${chainName}/assetlist ${asset.symbol ?? asset.base}`;
}

/** Trace types that keep IBC semantics: the path and the origin carry through (Eureka is IBC v2). */
function isIbcTrace(trace: CrTrace): boolean {
  return (
    trace.type === "ibc" || trace.type === "ibc-cw20" || (trace.type === "ibc-bridge" && trace.provider === "Eureka")
  );
}

/**
 * The trace that makes an asset an IBC voucher, or null for an asset native to its chain. An
 * `ibc/` denom is a voucher whatever bridge label its last trace has (Picasso, ...): its path
 * still hashes to the denom, and listing it as native would make the router derive false vouchers.
 */
function voucherTraceOf(asset: CrAsset): CrTrace | null {
  const last = asset.traces?.at(-1);
  if (last === undefined) return null;
  if (isIbcTrace(last)) return last;
  if (asset.base.startsWith("ibc/") && last.chain?.path !== undefined) return last;
  return null;
}

/**
 * The chain where a voucher with `hops` hops is native: follow each hop's counterparty to the
 * voucher listed there; where the chain is not listed, fall back to the asset's own trace list,
 * whose last `hops` entries are its hops, oldest first.
 */
function originChainNameOf(
  chainName: string,
  asset: CrAsset,
  hops: number,
  listed: ListedAssets,
): string | null {
  let current = asset;
  for (let left = hops; left > 0; left--) {
    const trace = voucherTraceOf(current);
    if (trace === null) break;
    if (left === 1) return trace.counterparty.chainName;
    const previous = listed.get(trace.counterparty.chainName)?.get(denomKey(trace.counterparty.baseDenom));
    if (previous === undefined) break;
    current = previous;
  }
  const traces = asset.traces ?? [];
  let tail = 0;
  while (tail < traces.length && traces[traces.length - 1 - tail]!.chain?.path !== undefined) tail++;
  return tail >= hops && hops > 0 ? traces[traces.length - hops]!.counterparty.chainName : null;
}

function metadataOf(asset: CrAsset): Partial<AssetInput> {
  const meta: Partial<AssetInput> = {};
  if (asset.symbol !== undefined) {
    meta.symbol = asset.symbol;
    meta.recommended_symbol = asset.symbol;
  }
  if (asset.name !== undefined) meta.name = asset.name;
  const logo = asset.logoURIs?.png ?? asset.logoURIs?.svg ?? asset.images?.[0]?.png ?? asset.images?.[0]?.svg;
  if (logo !== undefined) meta.logo_uri = logo;
  const display = asset.display;
  const unit =
    display === undefined
      ? undefined
      : asset.denomUnits?.find((u) => u.denom === display || (u.aliases ?? []).includes(display));
  if (unit !== undefined && Number.isInteger(unit.exponent) && unit.exponent >= 0 && unit.exponent <= 255) {
    meta.decimals = unit.exponent;
  }
  if (asset.description !== undefined) meta.description = asset.description;
  if (asset.coingeckoId !== undefined) meta.coingecko_id = asset.coingeckoId;
  return meta;
}

const EVM_ASSET_TYPES = new Set(["erc20", "evm-base"]);

/**
 * The contract address of an ERC-20 or CW20 token, as its list names it. Not on an SVM chain:
 * the package lists Solana's SPL tokens as "erc20", and a mint is no contract.
 */
function tokenContractOf(asset: CrAsset, chainType: string | undefined): Partial<AssetInput> {
  const contract = asset.typeAsset === "cw20" || (asset.typeAsset === "erc20" && chainType !== "svm");
  return contract && asset.address !== undefined && asset.address !== "" ? { token_contract: asset.address } : {};
}

type VoucherFields = Required<Pick<AssetInput, "trace" | "origin_denom" | "origin_chain_id">> & {
  /** Set when the origin chain has no known id: why `origin_chain_id` is only the best known. */
  unresolved?: string;
};
type LeftOut = { code: "unparseable_trace" | "declared_denom_mismatch" | "unwritable_id"; message: string };

/** A denom (the asset's, or its origin's) that cannot be written as <chain_id>:<denom>, as the reason to leave the asset out. */
function unwritableDenom(denom: string, which: string): LeftOut | null {
  const problem = idProblem(denom, "denom");
  return problem === undefined ? null : { code: "unwritable_id", message: `${which} "${terminalText(denom)}" cannot be written as <chain_id>:<denom>: it ${problem}` };
}

/**
 * The chain id to give a voucher whose origin chain has no id: follow its counterparties back
 * (as `originChainNameOf` does) while each chain is kept, and take the last one; the asset's own
 * chain when the first step already leaves the registry. DOT on osmosis-1 (osmosis <- composable
 * <- picasso <- a Polkadot parachain) gets centauri-1, like DOT on centauri-1 itself, so both
 * versions name one origin; the path's base denom stays the origin denom, so the hash holds.
 */
function farthestKnownChainId(chainName: string, asset: CrAsset, hops: number, listed: ListedAssets, table: ChainTable): string {
  let best = table.idByName.get(chainName)!;
  let current = asset;
  for (let left = hops; left > 0; left--) {
    const trace = voucherTraceOf(current);
    const chainId = trace === null ? undefined : table.idByName.get(trace.counterparty.chainName);
    if (trace === null || chainId === undefined) break;
    best = chainId;
    const previous = listed.get(trace.counterparty.chainName)?.get(denomKey(trace.counterparty.baseDenom));
    if (previous === undefined) break;
    current = previous;
  }
  return best;
}

/** Trace and origin of an asset: "" and itself when native, or why the asset must be left out. */
function traceFieldsOf(
  chainName: string,
  asset: CrAsset,
  listed: ListedAssets,
  table: ChainTable,
): VoucherFields | LeftOut | null {
  const unwritable = unwritableDenom(asset.base, "denom");
  if (unwritable !== null) return unwritable;
  const voucher = voucherTraceOf(asset);
  if (voucher === null) {
    return asset.base.startsWith("ibc/")
      ? { code: "unparseable_trace", message: `"${asset.base}" is an IBC denom but its traces give no IBC path` }
      : null;
  }
  const path = voucher.chain?.path;
  const split = path === undefined ? null : splitFullPath(path);
  const hops = split === null ? null : parseTrace(split.trace);
  if (split === null || hops === null || hops.length === 0 || split.baseDenom === "") {
    return {
      code: "unparseable_trace",
      message: `IBC path ${JSON.stringify(path ?? null)} of "${asset.base}" does not parse`,
    };
  }
  const originUnwritable = unwritableDenom(split.baseDenom, "origin denom");
  if (originUnwritable !== null) return originUnwritable;
  const originName = originChainNameOf(chainName, asset, hops.length, listed);
  const originChainId = originName === null ? undefined : table.anyIdByName.get(originName);
  const expected = ibcDenom(split.trace, split.baseDenom);
  if (expected !== asset.base) {
    return {
      code: "declared_denom_mismatch",
      message: `declared denom "${asset.base}" is not the hash of "${split.trace}/${split.baseDenom}" (${expected})`,
    };
  }
  if (originChainId !== undefined) return { trace: split.trace, origin_denom: split.baseDenom, origin_chain_id: originChainId };
  const bestKnown = farthestKnownChainId(chainName, asset, hops.length, listed, table);
  return {
    trace: split.trace,
    origin_denom: split.baseDenom,
    origin_chain_id: bestKnown,
    unresolved:
      `origin chain of "${asset.base}" (${originName ?? "not traceable"}) has no known chain id; ` +
      `kept with origin_chain_id "${bestKnown}", the farthest chain back along its path that the registry knows`,
  };
}

export function convertAssets(
  lists: readonly CrAssetList[],
  listed: ListedAssets,
  table: ChainTable,
  issues: RegistryIssue[],
): AssetTable {
  const result: AssetTable = { assets: [], byKey: new Map() };
  const chainTypeById = new Map(table.chains.map((chain) => [chain.chain_id, chain.chain_type]));

  for (const list of lists) {
    const chainId = table.idByName.get(list.chainName);
    if (chainId === undefined) {
      if (!table.leftOut.has(list.chainName) && list.assets.length > 0) {
        issues.push(
          warningIssue(
            "assets_on_unknown_chain",
            `${list.chainName}/assetlist`,
            `${list.assets.length} asset(s) left out: chain "${list.chainName}" is not in the package's chain list`,
          ),
        );
      }
      continue;
    }
    for (const asset of list.assets) {
      const where = assetWhere(list.chainName, asset);
      const traceFields = traceFieldsOf(list.chainName, asset, listed, table);
      if (traceFields !== null && "code" in traceFields) {
        issues.push(warningIssue(traceFields.code, where, `${traceFields.message}; left out`));
        continue;
      }
      const key = assetKey(chainId, asset.base);
      const { unresolved, ...voucherFields } = traceFields ?? {};
      if (result.byKey.has(key)) {
        issues.push(
          warningIssue(
            "duplicate_asset",
            where,
            `"${asset.base}" is listed twice on "${chainId}"; the first listing is kept`,
          ),
        );
        continue;
      }
      if (unresolved !== undefined) {
        issues.push(warningIssue("unresolved_origin", where, unresolved, { assets: [{ chain_id: chainId, denom: asset.base }] }));
      }
      const input: AssetInput = {
        chain_id: chainId,
        denom: asset.base,
        trace: "",
        ...voucherFields,
        is_cw20: asset.typeAsset === "cw20",
        is_evm: chainTypeById.get(chainId) === "evm" && EVM_ASSET_TYPES.has(asset.typeAsset ?? ""),
        ...metadataOf(asset),
        ...tokenContractOf(asset, chainTypeById.get(chainId)),
      };
      const converted: ConvertedAsset = { input, chainName: list.chainName, source: asset, where };
      result.assets.push(converted);
      result.byKey.set(key, converted);
    }
  }
  return result;
}
