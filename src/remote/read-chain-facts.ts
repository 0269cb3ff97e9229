/**
 * A chain's chain-wide facts from its REST endpoints, each dated and cited, unknown where not read:
 * - the ICS-20 transfer module's switches: `/ibc/apps/transfer/v1/params` (ibc-go
 *   proto/ibc/applications/transfer/v1/query.proto, Params {send_enabled, receive_enabled});
 * - the latest block's time: `/cosmos/base/tendermint/v1beta1/blocks/latest` (cosmos-sdk
 *   proto/cosmos/base/tendermint/v1beta1/query.proto GetLatestBlock: `block.header.time`; newer
 *   nodes also answer `sdk_block`); a time in the future is refused (a lying node);
 * - its modules: `/cosmos/upgrade/v1beta1/module_versions` (cosmos-sdk
 *   proto/cosmos/upgrade/v1beta1/query.proto): packet forwarding runs where it lists
 *   `packetfowardmiddleware` (sic; the ModuleName of cosmos/ibc-apps
 *   middleware/packet-forward-middleware/packetforward/types/keys.go and, kept for compatibility, of
 *   cosmos/ibc-go modules/apps/packet-forward-middleware/types/keys.go @264c3f4f);
 * - IBC rate limits: ibc-go's `/ibc/apps/rate-limiting/v1/ratelimits`, then ibc-apps'
 *   `/Stride-Labs/ibc-rate-limiting/ratelimit/ratelimits` (cosmos/ibc-apps
 *   modules/rate-limiting/proto/ratelimit/v1/query.proto @d5ad5f0a); a 404 or 501 from both: the
 *   chain runs none. Osmosis keeps its limits in a CosmWasm contract (its module
 *   `rate-limited-ibc`, osmosis-labs/osmosis x/ibc-rate-limit/types/keys.go @2585873c): not read
 *   here, so unknown, and said so.
 */
import type { ChainState, RateLimit } from "../state/format.js";
import { FetchProblem } from "./bounded-fetch.js";

type Reader = (path: string) => Promise<{ body: Record<string, unknown>; read_at: string; source: string }>;
type ChainFacts = Pick<ChainState, "transfer" | "latest_block_time" | "rate_limits" | "packet_forward">;

export const PACKET_FORWARD_MODULE = "packetfowardmiddleware";
export const OSMOSIS_RATE_LIMIT_MODULE = "rate-limited-ibc";
const RATE_LIMIT_PATHS = [
  ["ibc-go", "/ibc/apps/rate-limiting/v1/ratelimits"],
  ["ibc-apps", "/Stride-Labs/ibc-rate-limiting/ratelimit/ratelimits"],
] as const;
/** A block time this far past the reader's clock is refused: a node's clock may run a little ahead. */
const FUTURE_SKEW_MS = 60_000;

export async function readChainFacts(read: Reader, now: () => Date, note: (message: string) => void): Promise<Partial<ChainFacts>> {
  const facts: Partial<ChainFacts> = {};
  const attempt = async (what: () => Promise<void>) => {
    try {
      await what();
    } catch (error) {
      note((error as Error).message.slice(0, 500));
    }
  };
  await attempt(async () => {
    const { body, read_at, source } = await read("/ibc/apps/transfer/v1/params");
    const params = body.params as { send_enabled?: unknown; receive_enabled?: unknown } | undefined;
    if (typeof params?.send_enabled !== "boolean" || typeof params.receive_enabled !== "boolean") throw new FetchProblem("malformed", source, "no params.send_enabled / receive_enabled booleans");
    facts.transfer = { value: { send_enabled: params.send_enabled, receive_enabled: params.receive_enabled }, read_at, source };
  });
  await attempt(async () => {
    const { body, read_at, source } = await read("/cosmos/base/tendermint/v1beta1/blocks/latest");
    const header = ((body.sdk_block ?? body.block) as { header?: { time?: unknown } } | undefined)?.header;
    const time = typeof header?.time === "string" ? Date.parse(header.time) : Number.NaN;
    if (!Number.isFinite(time)) throw new FetchProblem("malformed", source, "no block.header.time");
    if (time > now().getTime() + FUTURE_SKEW_MS) throw new FetchProblem("malformed", source, `the latest block is dated ${header!.time as string}, in the future: refused`);
    facts.latest_block_time = { value: new Date(time).toISOString(), read_at, source };
  });
  let modules: Set<string> | null = null;
  await attempt(async () => {
    const { body, read_at, source } = await read("/cosmos/upgrade/v1beta1/module_versions");
    if (!Array.isArray(body.module_versions)) throw new FetchProblem("malformed", source, "no module_versions list");
    modules = new Set(body.module_versions.map((m: { name?: unknown }) => String(m?.name ?? "")));
    facts.packet_forward = { value: modules.has(PACKET_FORWARD_MODULE) ? "present" : "none", read_at, source };
  });
  if (modules !== null && (modules as Set<string>).has(OSMOSIS_RATE_LIMIT_MODULE)) {
    note(`rate limits: the chain runs Osmosis' ${OSMOSIS_RATE_LIMIT_MODULE} (a CosmWasm contract), which this reader does not read: unknown`);
  } else {
    await attempt(async () => {
      facts.rate_limits = await readRateLimits(read, now);
    });
  }
  return facts;
}

async function readRateLimits(read: Reader, now: () => Date): Promise<NonNullable<ChainFacts["rate_limits"]>> {
  const absent: string[] = [];
  for (const [module, path] of RATE_LIMIT_PATHS) {
    try {
      const { body, read_at, source } = await read(path);
      if (!Array.isArray(body.rate_limits)) throw new FetchProblem("malformed", source, "no rate_limits list");
      return { value: { module, limits: body.rate_limits.map((entry: unknown) => rateLimitOf(entry, source)) }, read_at, source };
    } catch (error) {
      if (!(error instanceof FetchProblem && error.kind === "http" && (error.status === 404 || error.status === 501))) throw error;
      absent.push(error.url);
    }
  }
  // Both modules' paths answer "no such route": the chain runs none, a fact (not unknown).
  return { value: { module: "none", limits: [] }, read_at: now().toISOString(), source: absent.join(" ") };
}

const DIGITS = /^\d{1,78}$/;

/** One entry of `rate_limits` (ibc-apps ratelimit.proto RateLimit; Stride's own copy names `path.channel_id`). */
function rateLimitOf(entry: unknown, source: string): RateLimit {
  const e = entry as { path?: { denom?: unknown; channel_or_client_id?: unknown; channel_id?: unknown }; quota?: Record<string, unknown>; flow?: Record<string, unknown> } | null;
  const digits = (value: unknown, name: string) => {
    if (typeof value !== "string" || !DIGITS.test(value)) throw new FetchProblem("malformed", source, `a rate limit's ${name} is not a decimal integer`);
    return value;
  };
  const denom = e?.path?.denom;
  const channel = e?.path?.channel_or_client_id ?? e?.path?.channel_id;
  if (typeof denom !== "string" || denom === "" || typeof channel !== "string" || channel === "") throw new FetchProblem("malformed", source, "a rate limit without path.denom and path.channel_or_client_id");
  return {
    denom,
    channel_or_client_id: channel,
    max_percent_send: digits(e?.quota?.max_percent_send, "quota.max_percent_send"),
    max_percent_recv: digits(e?.quota?.max_percent_recv, "quota.max_percent_recv"),
    duration_hours: digits(e?.quota?.duration_hours, "quota.duration_hours"),
    inflow: digits(e?.flow?.inflow, "flow.inflow"),
    outflow: digits(e?.flow?.outflow, "flow.outflow"),
    channel_value: digits(e?.flow?.channel_value, "flow.channel_value"),
  };
}
