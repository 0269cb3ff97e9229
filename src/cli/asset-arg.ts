/**
 * How the command line names things: an asset is `<chain_id>:<denom>` on every command (the
 * source of from-source and why, both ends of route), a swap venue `<chain_id>:<name>`.
 * The text is split at its FIRST ':': denoms may contain ':' (`phoenix-1:cw20:terra1...`) and
 * chain ids may not (the registry refuses a chain id with ':'), so the split is never ambiguous.
 */
import type { AssetRef } from "../registry/schema.js";
import { UsageError } from "./cli-error.js";

export const ASSET_ARG = "<chain_id>:<denom>";

/** `cosmoshub-4:uatom` -> {chain_id, denom}; `phoenix-1:cw20:terra1...` keeps the denom whole. */
export function parseAssetArg(command: string, text: string): AssetRef {
  const split = splitAtColon(text);
  if (split === null) throw new UsageError(`${command}: "${text}" is not ${ASSET_ARG}`, command);
  return { chain_id: split[0], denom: split[1] };
}

/**
 * The hint for an asset given as two words (`cosmoshub-4 uatom`, or the older `uatom cosmoshub-4`):
 * the one spelling `<chain_id>:<denom>`. Which word is the chain is read from the words' shape
 * (a chain id has no '/', and ends in `-<number>` or is a number); when neither or both look
 * like one, both spellings are offered.
 */
export function assetOrderHint(command: string, words: readonly string[]): string | undefined {
  if (words.length !== 2) return undefined;
  const [first, second] = words as [string, string];
  // A word with ':' is the denom (`cw20:terra1...`): chain ids have none.
  const firstIsChain = !first.includes(":") && (second.includes(":") || looksLikeChainId(first));
  const secondIsChain = !second.includes(":") && (first.includes(":") || looksLikeChainId(second));
  if (!firstIsChain && !secondIsChain && first.includes(":") && second.includes(":")) return undefined;
  if (firstIsChain && !secondIsChain) return `did you mean \`${command} ${first}:${second}\`?`;
  if (secondIsChain && !firstIsChain) return `did you mean \`${command} ${second}:${first}\`?`;
  return `did you mean \`${command} ${first}:${second}\` or \`${command} ${second}:${first}\`?`;
}

function looksLikeChainId(word: string): boolean {
  return !word.includes("/") && (/^[A-Za-z][\w.]*(?:-[\w.]+)*-\d+$/.test(word) || /^\d+$/.test(word));
}

/** `osmosis-1:osmosis-poolmanager` -> {chain_id, name}, split like an asset. */
export function parseVenueArg(command: string, text: string): { chain_id: string; name: string } {
  const split = splitAtColon(text);
  if (split === null) throw new UsageError(`${command}: --swap-venue "${text}" is not <chain_id>:<name>`, command);
  return { chain_id: split[0], name: split[1] };
}

/** `osmosis-1` -> the chain alone; `osmosis-1:uosmo` -> the chain and one asset of it. */
export function parseChainOrAssetArg(text: string): { chain_id: string; denom: string | null } {
  const colon = text.indexOf(":");
  return colon < 0 ? { chain_id: text, denom: null } : { chain_id: text.slice(0, colon), denom: text.slice(colon + 1) };
}

/** Both parts non-empty, split at the first ':'; `null` when there is no such split. */
function splitAtColon(text: string): [string, string] | null {
  const colon = text.indexOf(":");
  if (colon <= 0 || colon === text.length - 1) return null;
  return [text.slice(0, colon), text.slice(colon + 1)];
}
