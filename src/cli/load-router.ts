/**
 * Where a command's graph comes from: the dataset shipped in the package (the default, mainnet or
 * --network testnet: starts in milliseconds), a dataset file (`fungible-graph compile`), a
 * registry file in the project format, the installed `chain-registry` package itself (slow:
 * for a newer chain-registry than the one the package was built with), or a published dataset
 * (--dataset-url with --public-key: its signed pointer verified, then its file). --overrides layers a
 * metadata overrides file over any of them. The flags map one to one onto the Node layer's
 * source (src/files/load-source.ts), checked by the core's one rule (src/router/source.ts).
 */
import { isFungibleError } from "../errors.js";
import { loadSource, type RouterSource } from "../files/load-source.js";
import type { AssetRouter } from "../router/router.js";
import { chooseSource } from "../router/source.js";
import { parsePublicKey } from "../dataset/public-key.js";
import { UsageError } from "./cli-error.js";
import type { OptionSpecs } from "./command.js";
import { DEFAULT_EXPIRY_WARNING_SECONDS, DEFAULT_MAX_BLOCK_AGE_SECONDS } from "../state/chain-verdicts.js";

export const REGISTRY_OPTION = {
  registry: { type: "string", arg: "FILE", help: "registry in the project format (default: embedded chain registry)" },
} as const satisfies OptionSpecs;

/** Where a query command's graph comes from. */
export const ROUTER_OPTIONS = {
  network: { type: "string", arg: "NAME", help: "mainnet (default) or testnet: the dataset shipped in the package" },
  dataset: { type: "string", arg: "FILE", help: "dataset written by `fungible-graph compile`" },
  registry: { type: "string", arg: "FILE", help: "registry in the project format" },
  "chain-registry": { type: "boolean", help: "build from the installed chain-registry package (slow; for a newer one)" },
  overrides: { type: "string", arg: "FILE", help: "metadata overrides file layered over the data" },
  state: { type: "string", arg: "FILE", help: "state snapshot (`refresh-state`): no route over a dead channel or expired client" },
  "max-block-age": { type: "string", arg: "SECONDS", help: `with --state: a chain whose latest block is older is halted (default ${DEFAULT_MAX_BLOCK_AGE_SECONDS})` },
  "expiry-warning": { type: "string", arg: "SECONDS", help: `with --state: a light client expiring within this is avoided (default ${DEFAULT_EXPIRY_WARNING_SECONDS})` },
  "dataset-url": { type: "string", arg: "URL", help: "a published dataset's signed pointer (`publish`), fetched and verified with --public-key" },
  "public-key": { type: "string", arg: "KEY", help: "the publisher's Ed25519 public key (base64, as `keygen` prints it) for --dataset-url" },
} as const satisfies OptionSpecs;

/** The graph flags as parsed. */
export interface RouterFlags {
  network?: string | undefined;
  dataset?: string | undefined;
  registry?: string | undefined;
  "chain-registry"?: boolean | undefined;
  overrides?: string | undefined;
  venues?: string | undefined;
  state?: string | undefined;
  "max-block-age"?: string | undefined;
  "expiry-warning"?: string | undefined;
  "dataset-url"?: string | undefined;
  "public-key"?: string | undefined;
}

export async function routerOfCommand(command: string, flags: RouterFlags): Promise<AssetRouter> {
  return loadSource(sourceOfFlags(command, flags), command);
}

/** The graph flags as the Node layer's source, checked by the one rule: a conflict is a usage error (exit 2). */
export function sourceOfFlags(command: string, flags: RouterFlags): RouterSource {
  const source: RouterSource = {
    ...(flags.network === undefined ? {} : { network: flags.network as RouterSource["network"] }),
    ...(flags.dataset === undefined ? {} : { dataset: flags.dataset }),
    ...(flags.registry === undefined ? {} : { registry: flags.registry }),
    ...(flags["chain-registry"] ? { chainRegistry: true } : {}),
    ...(flags.overrides === undefined ? {} : { overrides: flags.overrides }),
    ...(flags.venues === undefined ? {} : { venues: flags.venues }),
    ...(flags.state === undefined ? {} : { state: flags.state }),
    ...stateOptionsOfFlags(command, flags),
    ...(flags["dataset-url"] === undefined ? {} : { url: flags["dataset-url"] }),
    ...(flags["public-key"] === undefined ? {} : { publicKey: flags["public-key"] }),
  };
  asUsage(command, () => chooseSource(source, command));
  if (source.publicKey !== undefined) asUsage(command, () => parsePublicKey(source.publicKey, command, "--public-key"));
  return source;
}

/** Longest window a flag accepts (a year): more is a typo, not a plan. */
const MAX_WINDOW_SECONDS = 31_536_000;

/** --max-block-age and --expiry-warning as the source's `stateOptions`: whole seconds, only with --state. */
function stateOptionsOfFlags(command: string, flags: RouterFlags): Pick<RouterSource, "stateOptions"> {
  const stateOptions: NonNullable<RouterSource["stateOptions"]> = {};
  for (const [flag, key] of [["max-block-age", "maxBlockAgeSeconds"], ["expiry-warning", "expiryWarningSeconds"]] as const) {
    const text = flags[flag];
    if (text === undefined) continue;
    if (flags.state === undefined) throw new UsageError(`${command}: --${flag} goes with --state FILE (it says how the snapshot is read)`, command);
    const value = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
    if (!(value >= 1 && value <= MAX_WINDOW_SECONDS)) throw new UsageError(`${command}: --${flag} must be a whole number of seconds from 1 to ${MAX_WINDOW_SECONDS}, got "${text}"`, command);
    stateOptions[key] = value;
  }
  return Object.keys(stateOptions).length === 0 ? {} : { stateOptions };
}

/** `check()`'s result; the FungibleError it throws (a source or flag conflict) becomes a usage error with the same message. */
export function asUsage<T>(command: string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    throw isFungibleError(error) ? new UsageError(error.message, command) : error;
  }
}
