/**
 * "Did you mean": close matches for a chain id or a denom nobody listed. Users type chain names
 * (`cosmoshub`), pretty names, symbols (`ATOM`) or an IBC denom in lower case; each has one
 * obvious answer in the model. Only for error paths and `explain`: nothing here is hot.
 */
import { compareStrings } from "../compare.js";
import { checksumAddress, isEvmAddress } from "../denom/evm-address.js";
import { isValidTrace, splitFullPath, voucherDenom } from "../denom/trace.js";
import type { DenomSuggestion } from "../wire/explain.js";
import { canonicalAssets, type Model } from "./model.js";

const MAX_SUGGESTIONS = 5;

/** The wire schema's type (`DenomSuggestionSchema`): one definition of a denom suggestion. */
export type { DenomSuggestion };

/** Chain ids close to `input`: by id, `chain_name` or `pretty_name`, ignoring case, or a few edits away. */
export function suggestChainIds(model: Model, input: string): string[] {
  const wanted = fold(input);
  const scored: [number, string][] = [];
  for (const chain of model.chains) {
    const names = [chain.chain_id, chain.chain_name, chain.pretty_name].filter((n): n is string => n !== undefined);
    let best = Infinity;
    for (const name of names) best = Math.min(best, nameScore(wanted, fold(name)));
    // "cosmoshub" names "cosmoshub-4": an id is its name plus a revision number.
    if (chain.chain_id.toLowerCase().startsWith(`${wanted}-`)) best = Math.min(best, 1);
    if (best < Infinity) scored.push([best, chain.chain_id]);
  }
  return ranked(scored).filter((id) => id !== input);
}

/**
 * Denoms of one chain close to `input`: the same IBC hash in another case, the voucher a full path
 * names (`transfer/channel-0/uatom`), a symbol, or a near spelling. Each as answers write it.
 */
export function suggestDenoms(model: Model, chainId: string, input: string): DenomSuggestion[] {
  const chainIndex = model.chainIndexById.get(chainId);
  if (chainIndex === undefined) return [];
  const wanted = input.toLowerCase();
  const named = denomsNamedByPath(input);
  const scored: [number, string][] = [];
  const symbols = new Map<string, string | undefined>();
  for (const index of model.assetsByChain[chainIndex]!) {
    const asset = model.asset(index);
    const { denom, symbol, recommended_symbol: recommended } = asset.wire;
    symbols.set(denom, symbol);
    let score = Infinity;
    if (denom.toLowerCase() === wanted || named.has(denom)) score = 0;
    else if (symbol?.toLowerCase() === wanted || recommended?.toLowerCase() === wanted) score = asset.listed ? 1 : 2;
    else if (!denom.startsWith("ibc/")) {
      const distance = boundedDistance(wanted, denom.toLowerCase(), allowedEdits(wanted));
      if (distance !== null) score = 2 + distance;
    }
    if (score < Infinity) scored.push([score, denom]);
  }
  return ranked(scored)
    .filter((denom) => denom !== input)
    .map((denom) => {
      const symbol = symbols.get(denom);
      return symbol === undefined ? { denom } : { denom, symbol };
    });
}

/**
 * The `ibc/` denoms a full path (trace and base denom, split as ibc-go does) may be the name of:
 * its hash, and for an EVM address base also the hashes of its lower-case and EIP-55 forms, as
 * chains hash the text they were sent (Eureka lower case; Picasso's stETH EIP-55). None for a
 * text that is not a path.
 */
function denomsNamedByPath(input: string): Set<string> {
  const { trace, baseDenom } = splitFullPath(input);
  if (trace === "" || baseDenom === "" || !isValidTrace(trace)) return new Set();
  const bases = isEvmAddress(baseDenom) ? [baseDenom, baseDenom.toLowerCase(), checksumAddress(baseDenom)] : [baseDenom];
  return new Set(bases.map((base) => voucherDenom(trace, base)));
}

const foldedIbcIndexes = new WeakMap<Model, Map<string, number>>();

/**
 * The asset whose `ibc/<hash>` denom equals `denom` ignoring case (IBC hashes are hex: clients
 * print them in either case), or `undefined`. The registry's own spelling stays in every answer.
 */
export function ibcDenomIgnoringCase(model: Model, chainId: string, denom: string): number | undefined {
  if (!/^ibc\/[0-9a-f]+$/i.test(denom)) return undefined;
  let index = foldedIbcIndexes.get(model);
  if (index === undefined) {
    index = new Map();
    // The canonical assets only: admitted vouchers are found by `admitIbcDenom` (./requested-asset.ts).
    for (const asset of canonicalAssets(model)) {
      if (asset.denom.toLowerCase().startsWith("ibc/")) index.set(`${asset.chainId}\u0000${asset.denom.toLowerCase()}`, asset.index);
    }
    foldedIbcIndexes.set(model, index);
  }
  return index.get(`${chainId}\u0000${denom.toLowerCase()}`);
}

/** "Did you mean" text for a message: ` did you mean "a" or "b"?`, or "" when nothing is close. */
export function didYouMean(candidates: readonly (string | DenomSuggestion)[]): string {
  if (candidates.length === 0) return "";
  const quoted = candidates.slice(0, 3).map((candidate) =>
    typeof candidate === "string"
      ? JSON.stringify(candidate)
      : `${JSON.stringify(candidate.denom)}${candidate.symbol === undefined ? "" : ` (${candidate.symbol})`}`,
  );
  const list = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}`;
  return `; did you mean ${list}?`;
}

function fold(text: string): string {
  return text.toLowerCase().replace(/[\s_]+/g, "");
}

/** 0 for the same name ignoring case and spaces, else 2 + the edit count when within bounds. */
function nameScore(wanted: string, name: string): number {
  if (wanted === name) return 0;
  const distance = boundedDistance(wanted, name, allowedEdits(wanted));
  return distance === null ? Infinity : 2 + distance;
}

function allowedEdits(text: string): number {
  return text.length <= 3 ? 0 : text.length <= 6 ? 1 : 2;
}

function ranked(scored: [number, string][]): string[] {
  return scored
    .sort((a, b) => a[0] - b[0] || compareStrings(a[1], b[1]))
    .slice(0, MAX_SUGGESTIONS)
    .map(([, value]) => value);
}

/** Edit distance (an adjacent swap counts as one edit: "ualhpa" is one from "ualpha") when at most `limit`, else `null`. */
export function boundedDistance(a: string, b: string, limit: number): number | null {
  if (Math.abs(a.length - b.length) > limit) return null;
  let before: number[] = [];
  let previousMin = 0;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    // A swap reaches back two rows: give up only when two rows in a row exceed the limit.
    if (rowMin > limit && previousMin > limit) return null;
    previousMin = rowMin;
    before = previous;
    previous = current;
  }
  const distance = previous[b.length]!;
  return distance <= limit ? distance : null;
}
