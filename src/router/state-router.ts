/**
 * A router narrowed by a state snapshot: the snapshot applied to the router's registry
 * (src/state/apply.ts), the snapshot's hash in `data_version` and its dates in provenance.
 * `withState` (build-router.ts) builds the model again from the result; the router carries it in its core (core.ts). Kept apart from loading so
 * any loader (a registry, a dataset, the shipped data) takes a snapshot the same way:
 * `withState(await loadRouter(...), state)`.
 */
import * as z from "zod/mini";
import { parseArgument } from "../arguments.js";
import { FungibleError } from "../errors.js";
import { contentHash } from "../dataset/data-version.js";
import { applyState, oldestReading, STATE_REASON_CODES, type AppliedState, type StateApplyOptions, type StateVerdict } from "../state/apply.js";
import type { RegistryNote } from "../wire/explain.js";
import { parseState, type StateSnapshot } from "../state/format.js";
import { coreStateOf, routerArgument } from "./core.js";
import type { AssetRouter } from "./router.js";

/** The snapshot a router was narrowed by, with its verdicts; `undefined` for a router without one. */
export function stateOfRouter(router: AssetRouter): RouterState | undefined {
  return coreStateOf(router, "stateOfRouter") as RouterState | undefined;
}

export interface RouterState extends AppliedState {
  snapshot: StateSnapshot;
  /** The registry before the snapshot: a second `withState` narrows this one, not the narrowed one. */
  base: AssetRouter["registry"];
  /** Content hash of the snapshot (`sha256:...`). */
  hash: string;
}

const seconds = z.optional(z.number().check(z.positive()));
const StateOptionsSchema = z.optional(z.strictObject({ maxFactAgeSeconds: seconds, maxBlockAgeSeconds: seconds, expiryWarningSeconds: seconds }));


/** The content hash of a snapshot: its chains in chain id order, so key order does not count. */
export function stateHash(snapshot: StateSnapshot): string {
  const chains = Object.keys(snapshot.chains).sort().map((id) => [id, snapshot.chains[id]]);
  return contentHash(JSON.stringify([snapshot.format, snapshot.created_at, chains]));
}

/** What `withState` (build-router.ts) makes a router from: the narrowed registry, its provenance and notes (data_version is hashed from them and the model built from them). */
export interface Narrowed {
  registry: AssetRouter["registry"];
  provenance: AssetRouter["provenance"];
  notes: AssetRouter["notes"];
  state: RouterState;
}

/** `withState`'s arguments checked where they enter: the router by its brand, the snapshot by `parseState`, the options by their schema. */
export function stateArguments(router: unknown, state: unknown, options: unknown): [AssetRouter, StateSnapshot, StateApplyOptions] {
  const checked = routerArgument(router, "withState");
  return [checked, parseState(state), checkedStateOptions(options, "withState", "options")];
}

const STATE_OPTIONS_EXPECTED = "an object {maxFactAgeSeconds?, maxBlockAgeSeconds?, expiryWarningSeconds?: positive numbers} or undefined";

function checkedStateOptions(options: unknown, fn: string, arg: string): StateApplyOptions {
  return parseArgument(StateOptionsSchema, options, { fn, arg, code: "invalid_config", expected: STATE_OPTIONS_EXPECTED }) ?? {};
}

/** A source's `stateOptions` layer (`loadRouter`, a server's source) checked where it enters: the schema of `withState`'s options, and only with a snapshot. */
export function stateOptionsArgument(options: unknown, withSnapshot: boolean): StateApplyOptions {
  if (!withSnapshot) throw new FungibleError("invalid_config", "loadRouter: stateOptions go with state (a snapshot to read them by)");
  return checkedStateOptions(options, "loadRouter", "stateOptions");
}

/**
 * `router`'s data narrowed by `snapshot`, already checked (`stateArguments`, or a source's layers
 * in ./source.ts): it is validated once, where it enters. A channel the snapshot knows nothing of
 * keeps its status.
 */
export function narrowByState(router: AssetRouter, snapshot: StateSnapshot, options: StateApplyOptions = {}): Narrowed {
  const previous = stateOfRouter(router);
  const base = previous?.base ?? router.registry;
  const applied = applyState(base, snapshot, options);
  const hash = stateHash(snapshot);
  const oldest = oldestReading(snapshot);
  const provenance = {
    ...router.provenance,
    state_hash: hash,
    state_created_at: snapshot.created_at,
    ...(oldest === null ? {} : { state_oldest_read_at: oldest }),
  };
  // The snapshot and its verdicts are notes: part of data_version, and kept by a compiled dataset
  // (serve's reload threads and workers load one), so explain cites them wherever the router goes.
  const notes = [...router.notes.filter((note) => !STATE_NOTE_CODES.has(note.code)), { code: "state_snapshot" as const, provider: hash }, ...applied.verdicts.map(verdictNote)];
  return { registry: applied.registry, provenance, notes, state: { ...applied, snapshot, base, hash } };
}

const STATE_NOTE_CODES: ReadonlySet<string> = new Set(["state_snapshot", ...STATE_REASON_CODES]);

/** A verdict as a note; one that takes out a bridge link names the bridge (`provider`) and the link's denoms, so explain can put it back to name it. */
function verdictNote(verdict: StateVerdict): RegistryNote {
  const link = verdict.bridge_link;
  return {
    code: verdict.code,
    ...(link === undefined ? {} : { provider: link.bridge, denom: link.denom, counterparty_denom: link.counterparty_denom }),
    chain_id: verdict.chain_id,
    counterparty_chain_id: verdict.counterparty_chain_id,
    state: {
      port: verdict.port,
      channel: verdict.channel_id,
      fact: verdict.fact,
      value: verdict.value,
      read_at: verdict.read_at,
      source: verdict.source,
      expires_at: verdict.expires_at,
    },
  };
}
