/**
 * IBC trace and denom arithmetic. A trace is the path of an asset on its own chain without the
 * base denom: "" (native), "transfer/channel-0", "transfer/channel-750/transfer/channel-1",
 * or an IBC v2 path such as "transfer/08-wasm-1369".
 */
import * as z from "zod/mini";
import { parseArgument } from "../arguments.js";
import { sha256Hex } from "../sha256.js";

const TEXT = z.string();

/** One `port/channel` pair of a trace, outermost (most recent hop) first. */
interface TraceHop {
  port: string;
  channel: string;
}

/**
 * The deepest trace the graph follows: a voucher with more hops is listed but never reached
 * (validate warns, `trace_too_deep`). Real vouchers have a few hops; a registry with hundreds
 * would make answers quadratic in size (every voucher on the way repeats its trace).
 */
export const MAX_TRACE_HOPS = 16;

/** Hops of a trace by counting its separators (`parseTrace` checks them; this only counts). */
export function traceHopCount(trace: string): number {
  if (trace === "") return 0;
  let slashes = 0;
  for (let i = trace.indexOf("/"); i !== -1; i = trace.indexOf("/", i + 1)) slashes++;
  return (slashes + 1) / 2;
}

/*
 * The trace grammar is ibc-go's (cosmos/ibc-go v11.2.0, cfc072e53eee42b2ab804cd4344ba610016f793c):
 * `ExtractDenomFromPath` (modules/apps/transfer/types/denom.go) splits a path into hops while the
 * second segment of a pair is a channel id (`IsValidChannelID`, 04-channel/types/keys.go) or a
 * client id (`IsValidClientID`, 02-client/types/keys.go), and a packet whose hops then fail
 * `Hop.Validate` (hop.go: the port and channel identifier validators of 24-host/validate.go) is
 * refused, so no chain holds a voucher with such a trace.
 */
const CHANNEL_ID = /^channel-[0-9]{1,20}$/;
/** `{client-type}-{N}`: the client type starts and ends with a letter, digit or `_` (07-tendermint-0, 08-wasm-1369). */
const CLIENT_ID = /^\w+([\w-]+\w)?-[0-9]{1,20}$/;
/** The localhost client's sentinel id (modules/core/exported/client.go `LocalhostClientID`). */
const LOCALHOST_CLIENT_ID = "09-localhost";
/** 24-host `IsValidID`: the characters of every identifier. */
const IDENTIFIER = /^[a-zA-Z0-9._+\-#[\]<>]+$/;
const MAX_UINT64 = 18_446_744_073_709_551_615n;

/** The sequence `N` of `channel-N` or `{client-type}-N` fits a uint64, as `strconv.ParseUint` requires. */
function sequenceFits(id: string): boolean {
  return BigInt(id.slice(id.lastIndexOf("-") + 1)) <= MAX_UINT64;
}

/** ibc-go's `IsValidChannelID` || `IsValidClientID`: what `ExtractDenomFromPath` takes as a hop's second segment. */
export function isChannelOrClientId(segment: string): boolean {
  if (segment === LOCALHOST_CLIENT_ID) return true;
  return (CHANNEL_ID.test(segment) || CLIENT_ID.test(segment)) && sequenceFits(segment);
}

/** An IBC v1 channel id (`channel-N`); any other hop id names an IBC v2 client. */
export function isChannelId(segment: string): boolean {
  return CHANNEL_ID.test(segment) && sequenceFits(segment);
}

/** 24-host's default identifier validator: `min`..`max` characters of `IsValidID`. */
function isIdentifier(id: string, min: number, max: number): boolean {
  return id.length >= min && id.length <= max && IDENTIFIER.test(id);
}

/** `Hop.Validate`: a port of 2-128 identifier characters, a channel or client id of 8-64. */
function isValidHop(port: string, channel: string): boolean {
  return isIdentifier(port, 2, 128) && isIdentifier(channel, 8, 64) && isChannelOrClientId(channel);
}

/** `ibc/` + uppercase hex SHA-256 of `<trace>/<origin_denom>`; a native asset keeps its denom. */
export function ibcDenom(trace: string, originDenom: string): string {
  parseArgument(TEXT, trace, { fn: "ibcDenom", arg: "trace", expected: 'a trace (string, "" for a native asset)' });
  parseArgument(TEXT, originDenom, { fn: "ibcDenom", arg: "originDenom", expected: "a denom (string)" });
  return voucherDenom(trace, originDenom);
}

/** `ibcDenom` for arguments already known to be strings (the model's hundreds of thousands of calls). */
export function voucherDenom(trace: string, originDenom: string): string {
  if (trace === "") return originDenom;
  return `ibc/${sha256Hex(`${trace}/${originDenom}`).toUpperCase()}`;
}

/** The hops of a trace, outermost first; `null` when it is not a list of `port/channel` pairs. */
export function parseTrace(trace: string): TraceHop[] | null {
  if (trace === "") return [];
  const segments = trace.split("/");
  if (segments.length % 2 !== 0) return null;
  const hops: TraceHop[] = [];
  for (let i = 0; i < segments.length; i += 2) {
    const port = segments[i]!;
    const channel = segments[i + 1]!;
    if (!isValidHop(port, channel)) return null;
    hops.push({ port, channel });
  }
  return hops;
}

export function isValidTrace(trace: string): boolean {
  return parseTrace(trace) !== null;
}

function formatTrace(hops: readonly TraceHop[]): string {
  return hops.map((hop) => `${hop.port}/${hop.channel}`).join("/");
}

/** The trace after a hop forward: the receiving chain's end of the channel goes in front. */
export function forwardTrace(trace: string, receivingPort: string, receivingChannel: string): string {
  const head = `${receivingPort}/${receivingChannel}`;
  return trace === "" ? head : `${head}/${trace}`;
}

/** The trace after sending back over its first hop; `null` when the trace is native or not a trace. */
export function unwindTrace(trace: string): { hop: TraceHop; rest: string } | null {
  const [hop, ...rest] = parseTrace(trace) ?? [];
  return hop === undefined ? null : { hop, rest: formatTrace(rest) };
}

/**
 * The IBC v2 client a voucher last arrived over, when its trace's first hop is an ICS-20 hop over
 * a client (`transfer/08-wasm-1369`, how chain-registry writes Eureka tokens) rather than a channel.
 */
export function ibcV2ClientOf(trace: string): string | undefined {
  const first = unwindTrace(trace)?.hop;
  return first !== undefined && first.port === "transfer" && !isChannelId(first.channel) ? first.channel : undefined;
}

/**
 * Splits a full path (`transfer/channel-0/uatom`, `transfer/channel-2/cw20:terra1...`,
 * `transfer/channel-0/factory/osmo1.../x`) into trace and base denom as ibc-go's
 * `ExtractDenomFromPath` does: with three segments or more, leading pairs are taken while the
 * second segment is a channel or client id and a segment follows it; the rest is the base denom
 * (empty when the path ends in a hop). A hop is taken whatever its port: `parseTrace` then checks
 * the trace as `Hop.Validate` does, so a path a chain would refuse does not parse.
 */
export function splitFullPath(path: string): { trace: string; baseDenom: string } {
  const segments = path.split("/");
  let i = 0;
  if (segments.length > 2) while (i < segments.length - 1 && isChannelOrClientId(segments[i + 1]!)) i += 2;
  return { trace: segments.slice(0, i).join("/"), baseDenom: segments.slice(i).join("/") };
}
