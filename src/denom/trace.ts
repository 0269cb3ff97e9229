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

/** IBC v1 channels and IBC v2 client ids (e.g. `08-wasm-1369`, `07-tendermint-3`). */
const CHANNEL_OR_CLIENT = /^(channel-\d+|\d\d-[a-z0-9-]+-\d+)$/;
const PORT = /^[a-zA-Z0-9._+\-#[\]<>]+$/;

function isChannelOrClientId(segment: string): boolean {
  return CHANNEL_OR_CLIENT.test(segment);
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
    if (!PORT.test(port) || !isChannelOrClientId(channel)) return null;
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
 * Splits a full path (`transfer/channel-0/uatom`, `transfer/channel-2/cw20:terra1...`,
 * `transfer/channel-0/factory/osmo1.../x`) into trace and base denom: leading pairs are taken
 * while the second segment is a channel or client id, and the rest is the base denom.
 */
export function splitFullPath(path: string): { trace: string; baseDenom: string } {
  const segments = path.split("/");
  let i = 0;
  while (i + 2 < segments.length && PORT.test(segments[i]!) && isChannelOrClientId(segments[i + 1]!)) i += 2;
  return { trace: segments.slice(0, i).join("/"), baseDenom: segments.slice(i).join("/") };
}
