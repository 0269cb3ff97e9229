/**
 * The state snapshot (`fungible-graph-state/2`): what each chain's own nodes said about its IBC
 * transfer channel ends, its IBC v2 clients that Eureka links use and its chain-wide facts, fact by fact, each with when and from where it was read. Unknown is a
 * value (`"UNKNOWN"`, `null` with no source), never a missing key, so a partial snapshot says what
 * it does not know. Written by `refreshState` (src/remote/refresh-state.ts) or by hand (an operator
 * marking one channel down during an incident); read by `applyState` (./apply.ts).
 */
import * as z from "zod/mini";
import { $ZodError } from "zod/v4/core";
import { errorFromZod, FungibleError, safeParse } from "../errors.js";

export const STATE_FORMAT = "fungible-graph-state/2";
/** The first format: channel ends only. Read as /2 with every chain-wide fact unknown (the migration). */
export const STATE_FORMAT_V1 = "fungible-graph-state/1";

/** Bounds on what a snapshot may hold: it comes from outside (a file, an HTTP upload). */
export const STATE_LIMITS = { chains: 2_000, endsPerChain: 20_000, clientsPerChain: 1_000, text: 2_048 } as const;

/** ibc-go's channel states, without the `STATE_` prefix; `UNKNOWN`: not read. */
export const CHANNEL_STATES = ["OPEN", "CLOSED", "INIT", "TRYOPEN", "FLUSHING", "FLUSHCOMPLETE", "UNINITIALIZED", "UNKNOWN"] as const;
export type ChannelState = (typeof CHANNEL_STATES)[number];
/** ibc-go's client statuses (`client_status`); `Unknown` is also what a snapshot says of a status it could not read. */
export const CLIENT_STATUSES = ["Active", "Expired", "Frozen", "Unauthorized", "Unknown"] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

/** An unread fact: the unknown value, no date, no source. */
export function unread<T>(value: T): { value: T; read_at: null; source: null } {
  return { value, read_at: null, source: null };
}

const Text = z.string().check(z.minLength(1), z.maxLength(STATE_LIMITS.text));
/** An ISO 8601 instant with a zone (`2026-11-26T17:00:00Z`), as every date of the project. */
const Instant = z.iso.datetime({ offset: true });

/**
 * One fact: its value, when it was read and from which endpoint (a URL, or any text saying who
 * set it, such as `manual: incident 42`). An unread fact has its unknown value and both null.
 */
const fact = <T extends z.ZodMiniType>(value: T) => z.readonly(z.strictObject({ value, read_at: z.nullable(Instant), source: z.nullable(Text) }));

const ChannelEndStateSchema = z.strictObject({
  port_id: Text,
  channel_id: Text,
  state: fact(z.enum(CHANNEL_STATES)),
  /** The other end as this chain's channel names it; null: not read. */
  counterparty: fact(z.nullable(z.strictObject({ port_id: Text, channel_id: z.string().check(z.maxLength(STATE_LIMITS.text)) }))),
  connection_id: fact(z.nullable(Text)),
  client_id: fact(z.nullable(Text)),
  /** The chain the light client tracks (its client state's `chain_id`): the counterparty's chain id. */
  client_chain_id: fact(z.nullable(Text)),
  client_status: fact(z.enum(CLIENT_STATUSES)),
  /** When the light client expires: its latest consensus state's time plus its trusting period. */
  client_expires_at: fact(z.nullable(Instant)),
});
export type ChannelEndState = z.infer<typeof ChannelEndStateSchema>;

/** ibc-go's transfer module switches (`/ibc/apps/transfer/v1/params`). */
const TransferParamsSchema = z.strictObject({ send_enabled: z.boolean(), receive_enabled: z.boolean() });
/** A decimal integer as the gateway writes `math.Int` and `uint64`: a string of digits. */
const Digits = z.string().check(z.regex(/^\d{1,78}$/));
/** One IBC rate limit (ibc-apps `ratelimit.proto` RateLimit, flattened): quota and flow of one denom over one channel or client. */
const RateLimitSchema = z.strictObject({
  denom: Text,
  channel_or_client_id: Text,
  max_percent_send: Digits,
  max_percent_recv: Digits,
  duration_hours: Digits,
  inflow: Digits,
  outflow: Digits,
  channel_value: Digits,
});
export type RateLimit = z.infer<typeof RateLimitSchema>;
/** Which rate-limit module answered: `none` (its paths answer 404/501), or the module and its limits. */
const RateLimitsSchema = z.strictObject({ module: z.enum(["none", "ibc-apps", "ibc-go"]), limits: z.readonly(z.array(RateLimitSchema).check(z.maxLength(STATE_LIMITS.endsPerChain))) });
/**
 * Whether the chain runs a packet-forward middleware (its module_versions list
 * `packetfowardmiddleware`, sic: the name of ibc-apps' copy and of ibc-go v10's own, so the two are
 * not told apart by it), or none (it does not forward: routes through it need a new transaction).
 */
export const PACKET_FORWARD = ["present", "none", "unknown"] as const;
/**
 * An IBC v2 light client of the chain that an Eureka bridge link of the registry sends over (the
 * first hop of the chain's Eureka voucher's trace, `transfer/<client id>`): its status and expiry,
 * read as a channel end's client is. `expires_at` came later within /2: a client without it reads
 * as expiry unknown.
 */
const EurekaClientSchema = z.strictObject({
  client_id: Text,
  status: fact(z.enum(CLIENT_STATUSES)),
  /** Its latest consensus state's time plus its trusting period; null: not read (a wasm client's state carries no trusting period). */
  expires_at: z._default(fact(z.nullable(Instant)), unread(null)),
});
export type EurekaClientState = z.infer<typeof EurekaClientSchema>;

const ChainStateSchema = z.strictObject({
  /** The chain id its node reports (`node_info.default_node_info.network`); facts of a chain whose node said another id are not used. */
  node_chain_id: fact(z.nullable(Text)),
  /** Why nothing (or not everything) was read from this chain, when something failed. */
  errors: z._default(z.readonly(z.array(Text).check(z.maxLength(100))), []),
  ends: z.readonly(z.array(ChannelEndStateSchema).check(z.maxLength(STATE_LIMITS.endsPerChain))),
  /** Whether the channel listing was read to its end; false: cut at the page limit (ends past it unread). */
  channels_complete: z._default(fact(z.nullable(z.boolean())), unread(null)),
  /** The transfer module's send and receive switches; null: not read. */
  transfer: z._default(fact(z.nullable(TransferParamsSchema)), unread(null)),
  /** The time of the chain's latest block (its header); null: not read. */
  latest_block_time: z._default(fact(z.nullable(Instant)), unread(null)),
  /** IBC rate limits; null: not read (or a module this reader cannot read, such as Osmosis' contract). */
  rate_limits: z._default(fact(z.nullable(RateLimitsSchema)), unread(null)),
  packet_forward: z._default(fact(z.enum(PACKET_FORWARD)), unread("unknown" as const)),
  /** The chain's IBC v2 clients the registry's Eureka links send over, one per client id; absent: none known (a /2 file from before them). */
  eureka_clients: z._default(
    z.readonly(
      z.array(EurekaClientSchema).check(
        z.maxLength(STATE_LIMITS.clientsPerChain),
        z.refine((clients) => new Set(clients.map((client) => client.client_id)).size === clients.length, "a client id is listed twice"),
      ),
    ),
    [],
  ),
});
export type ChainState = z.infer<typeof ChainStateSchema>;

/** A chain's facts before anything is read: every one unknown. */
export function unreadChain(errors: readonly string[] = []): ChainState {
  return {
    node_chain_id: unread(null),
    errors,
    ends: [],
    channels_complete: unread(null),
    transfer: unread(null),
    latest_block_time: unread(null),
    rate_limits: unread(null),
    packet_forward: unread("unknown"),
    eureka_clients: [],
  };
}

/**
 * The snapshot without its chains: `chains` is a map keyed by chain id, checked entry by entry in
 * `parseState`, since a chain id such as `__proto__` must stay a key (z.record drops it).
 */
const SnapshotHeadSchema = z.strictObject({
  format: z.union([z.literal(STATE_FORMAT), z.literal(STATE_FORMAT_V1)]),
  /** When the snapshot was completed. */
  created_at: Instant,
  chains: z.custom<Record<string, unknown>>(
    (value) => typeof value === "object" && value !== null && !Array.isArray(value),
    "expected an object keyed by chain id",
  ),
});

export interface StateSnapshot {
  format: typeof STATE_FORMAT;
  created_at: string;
  /** Keyed by chain id (a null-prototype object). */
  chains: Record<string, ChainState>;
}
export type ChainStateInput = z.input<typeof ChainStateSchema>;
export interface StateSnapshotInput {
  format: typeof STATE_FORMAT | typeof STATE_FORMAT_V1;
  created_at: string;
  chains: Record<string, ChainStateInput>;
}

/**
 * A snapshot from its JSON value or text, checked. Junk, another format, or more than the limits
 * hold throws `invalid_state` with every problem and its path.
 */
export function parseState(input: unknown): StateSnapshot {
  try {
    return parseStateValue(input);
  } catch (error) {
    // A getter or Proxy that throws, a value that cannot be printed: junk like any other.
    if (error instanceof FungibleError) throw error;
    throw new FungibleError("invalid_state", "parseState: not a state snapshot (its value could not be read)");
  }
}

function parseStateValue(input: unknown): StateSnapshot {
  let value = input;
  if (typeof input === "string") {
    try {
      value = JSON.parse(input);
    } catch (error) {
      throw new FungibleError("invalid_state", `parseState: not JSON (${(error as Error).message})`);
    }
  }
  if (typeof value === "object" && value !== null && "format" in value && (value as { format: unknown }).format !== STATE_FORMAT && (value as { format: unknown }).format !== STATE_FORMAT_V1) {
    const format = (value as { format: unknown }).format;
    const named = typeof format === "string" ? JSON.stringify(format.slice(0, 60)) : `of type ${typeof format}`;
    throw new FungibleError("invalid_state", `parseState: format ${named} is not ${STATE_FORMAT}`);
  }
  const head = safeParse(SnapshotHeadSchema, value);
  if (!head.success) throw errorFromZod("invalid_state", "parseState: not a state snapshot", head.error);
  const ids = Object.keys(head.data.chains);
  if (ids.length > STATE_LIMITS.chains) {
    throw new FungibleError("invalid_state", `parseState: ${ids.length} chains, more than the ${STATE_LIMITS.chains} a snapshot may hold`);
  }
  const chains = Object.create(null) as Record<string, ChainState>;
  for (const id of ids) {
    const key = safeParse(Text, id);
    const chain = safeParse(ChainStateSchema, head.data.chains[id]);
    if (!key.success) throw new FungibleError("invalid_state", `parseState: chain id ${JSON.stringify(id.slice(0, 60))} is empty or too long`);
    if (!chain.success) throw errorFromZod("invalid_state", `parseState: chain ${JSON.stringify(id)} is not a chain state`, prefixed(chain.error, id));
    chains[id] = chain.data;
  }
  return { format: STATE_FORMAT, created_at: head.data.created_at, chains };
}

/** The errors of one chain with their path from the snapshot's root. */
function prefixed(error: z.core.$ZodError, id: string): z.core.$ZodError {
  return new $ZodError(error.issues.map((issue) => ({ ...issue, path: ["chains", id, ...issue.path] })));
}

