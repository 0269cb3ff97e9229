/**
 * An ICS-20 + packet-forward simulator, written from the specifications, not from src/msgs:
 * - ICS-20 (cosmos/ibc spec/app/ics-020-fungible-token-transfer): a denomination is its full path
 *   `port/channel/.../base`; sending it over `sourcePort/sourceChannel` burns the voucher when the
 *   path starts with that pair (the receiver is the token's source: it unescrows, removing the
 *   pair), else escrows it and the receiver mints a voucher prefixed with ITS end of the channel.
 *   ibc-go names a voucher `ibc/` + SHA-256(full path) in upper-case hex.
 * - packet-forward middleware (cosmos/ibc-apps middleware/packet-forward-middleware README): a
 *   memo that is a JSON object with a `forward` key makes the receiving chain (when it runs PFM)
 *   receive into an account it derives itself (the packet's receiver is ignored) and send the
 *   tokens on over `forward.port/channel` to `forward.receiver`, with `next` as that transfer's
 *   memo (an object is marshalled, a string passed as is). A failure anywhere refunds the sender.
 * - A receiver that is not a bech32 address of the receiving chain fails the packet (refunded).
 * - Chains' own middlewares in front of that, each written from the chain's code:
 *   Noble's blockibc (circlefin/noble-fiattokenfactory x/blockibc/blockibc.go @ 12820756): a
 *   packet whose base denom is the minting denom has its receiver and sender bech32-decoded (any
 *   prefix), an error acknowledgement when either fails; it wraps PFM, so it sees the packet first.
 *   Celestia's token filter (celestiaorg/celestia-app x/tokenfilter/ibc_middleware.go @ 0e62be53):
 *   only a packet whose denom starts with the packet's source port/channel (the token returning
 *   home) passes; every other gets an error acknowledgement.
 *   ibc-go's packet-forward copy (modules/apps/packet-forward-middleware/types/forward.go @
 *   1ab3130e): a `next` that is not an object or JSON string holding a `forward` fails the packet.
 * - The transfer module's switches (cosmos/ibc-go modules/apps/transfer/keeper/relay.go @
 *   ee35255c): `SendTransfer` on a chain whose `send_enabled` is false fails (`ErrSendDisabled`:
 *   the user's transaction moves nothing, a forward's failure refunds the packet it came in);
 *   `OnRecvPacket` on a chain whose `receive_enabled` is false answers `ErrReceiveDisabled` (an
 *   error acknowledgement: refunded). PFM receives through the transfer module, so a chain that
 *   receives nothing forwards nothing either.
 * The simulator decodes the protobuf bytes with cosmjs-types, never with the code under test.
 */
import { createHash } from "node:crypto";
import { bech32 } from "bech32";
import { MsgTransfer } from "cosmjs-types/ibc/applications/transfer/v1/tx";

export interface SimChain {
  chain_id: string;
  bech32_prefix: string;
  pfm: boolean;
  /** Noble's blockibc: base denoms whose packets must carry bech32 receiver and sender. */
  blockIbcDenoms?: readonly string[];
  /** Celestia's token filter: only tokens returning home are received. */
  tokenFilter?: boolean;
  /** The transfer module's params; absent: both true. */
  sendEnabled?: boolean;
  receiveEnabled?: boolean;
}
export interface SimChannel {
  a: { chain_id: string; port: string; channel: string };
  b: { chain_id: string; port: string; channel: string };
}

interface Packet {
  denom: string;
  amount: bigint;
  sender: string;
  receiver: string;
  memo: string;
  timeoutNs: bigint;
  source: { chain_id: string; port: string; channel: string };
  dest: { chain_id: string; port: string; channel: string };
}

export const hashDenom = (path: string) => `ibc/${createHash("sha256").update(path).digest("hex").toUpperCase()}`;

export class Ics20World {
  readonly balances = new Map<string, bigint>();
  private readonly traces = new Map<string, string>(); // chain|ibc/HASH -> full path
  private readonly chains = new Map<string, SimChain>();
  private readonly ends = new Map<string, { chain_id: string; port: string; channel: string }>();
  /** Every packet received, for the tests to look at. */
  readonly log: { chain: string; denomOnChain: string; forwarded: boolean }[] = [];

  constructor(chains: readonly SimChain[], channels: readonly SimChannel[], readonly nowNs: bigint) {
    for (const chain of chains) this.chains.set(chain.chain_id, chain);
    for (const { a, b } of channels) {
      this.ends.set(`${a.chain_id}|${a.port}|${a.channel}`, b);
      this.ends.set(`${b.chain_id}|${b.port}|${b.channel}`, a);
    }
  }

  balance(chain: string, owner: string, denom: string): bigint {
    return this.balances.get(`${chain}|${owner}|${denom}`) ?? 0n;
  }

  mintNative(chain: string, owner: string, denom: string, amount: bigint): void {
    this.add(chain, owner, denom, amount);
  }

  /** Registers a voucher a chain already holds (the source asset of a route may be one). */
  knowTrace(chain: string, fullPath: string): string {
    const denom = hashDenom(fullPath);
    this.traces.set(`${chain}|${denom}`, fullPath);
    return denom;
  }

  /**
   * Genesis: `owner` on `chain` holds `amount` of the voucher with `fullPath`, and each chain
   * along its path holds the matching escrow, as if it had really travelled there.
   */
  seedVoucher(chain: string, owner: string, fullPath: string, amount: bigint): string {
    const denom = hasTrace(fullPath) ? this.knowTrace(chain, fullPath) : fullPath;
    this.add(chain, owner, denom, amount);
    let [at, path] = [chain, fullPath];
    while (hasTrace(path)) {
      const [port, channel, ...rest] = path.split("/");
      const far = this.ends.get(`${at}|${port}|${channel}`);
      // A trace over a channel the registry does not list: no route can unwind over it, so no escrow is needed there.
      if (far === undefined) break;
      path = rest.join("/");
      const farDenom = hasTrace(path) ? this.knowTrace(far.chain_id, path) : path;
      this.add(far.chain_id, `escrow:${far.port}/${far.channel}`, farDenom, amount);
      at = far.chain_id;
    }
    return denom;
  }

  private add(chain: string, owner: string, denom: string, amount: bigint): void {
    const key = `${chain}|${owner}|${denom}`;
    const next = (this.balances.get(key) ?? 0n) + amount;
    if (next < 0n) throw new Error(`insufficient funds: ${owner} on ${chain} has ${this.balances.get(key) ?? 0n} ${denom}`);
    if (next === 0n) this.balances.delete(key);
    else this.balances.set(key, next);
  }

  private fullPath(chain: string, denom: string): string {
    if (!denom.startsWith("ibc/")) return denom;
    const path = this.traces.get(`${chain}|${denom}`);
    if (path === undefined) throw new Error(`${chain} has no trace for ${denom}`);
    return path;
  }

  /** PFM's own account for a forward (keeper.GetReceiver): an address of the chain hashed from the channel and the original sender. */
  private forwarderAccount(chain: string, channel: string, sender: string): string {
    const bytes = createHash("sha256").update(`${channel}/${sender}`).digest().subarray(0, 20);
    return bech32.encode(this.chains.get(chain)!.bech32_prefix || "pfm", bech32.toWords(bytes));
  }

  private validAddress(chain: string, address: string): boolean {
    try {
      return bech32.decode(address, 128).prefix === this.chains.get(chain)!.bech32_prefix;
    } catch {
      return false;
    }
  }

  /** Executes a signed MsgTransfer (its protobuf bytes) on `chain`; throws when the chain would reject the transaction. */
  executeTransfer(chain: string, bytes: Uint8Array, signer: string): void {
    const msg = MsgTransfer.decode(bytes);
    if (msg.sender !== signer) throw new Error(`signer ${signer} is not the sender ${msg.sender}`);
    if (!this.validAddress(chain, msg.sender)) throw new Error(`sender ${msg.sender} is not an address of ${chain}`);
    if (msg.timeoutTimestamp <= this.nowNs) throw new Error("timeout_timestamp is in the past");
    this.send(chain, msg.sourcePort, msg.sourceChannel, msg.token.denom, BigInt(msg.token.amount), msg.sender, msg.receiver, msg.memo, msg.timeoutTimestamp);
  }

  /** ICS-20 sendFungibleTokens, then relaying; an error acknowledgement or timeout refunds the sender. */
  private send(chain: string, port: string, channel: string, denom: string, amount: bigint, sender: string, receiver: string, memo: string, timeoutNs: bigint): boolean {
    const dest = this.ends.get(`${chain}|${port}|${channel}`);
    if (dest === undefined) throw new Error(`${chain} has no channel ${port}/${channel}`);
    // ErrSendDisabled: nothing is escrowed or burnt, nothing leaves.
    if (this.chains.get(chain)!.sendEnabled === false) return false;
    const path = this.fullPath(chain, denom);
    const returning = path.startsWith(`${port}/${channel}/`);
    this.add(chain, sender, denom, -amount);
    if (!returning) this.add(chain, `escrow:${port}/${channel}`, denom, amount);
    const packet: Packet = { denom: path, amount, sender, receiver, memo, timeoutNs, source: { chain_id: chain, port, channel }, dest };
    const ok = packet.timeoutNs > this.nowNs && this.receive(packet);
    if (!ok) {
      // Refund (error acknowledgement or timeout): the escrow or the burnt voucher comes back.
      if (!returning) this.add(chain, `escrow:${port}/${channel}`, denom, -amount);
      this.add(chain, sender, denom, amount);
    }
    return ok;
  }

  /** onRecvPacket, with the packet-forward middleware in front where the chain runs it; false = error ack. */
  private receive(packet: Packet): boolean {
    const chain = packet.dest.chain_id;
    const prefix = `${packet.source.port}/${packet.source.channel}/`;
    let denomOnChain: string;
    let unescrow = false;
    if (packet.denom.startsWith(prefix)) {
      const unprefixed = packet.denom.slice(prefix.length);
      denomOnChain = hasTrace(unprefixed) ? this.knowTrace(chain, unprefixed) : unprefixed;
      unescrow = true;
    } else {
      denomOnChain = this.knowTrace(chain, `${packet.dest.port}/${packet.dest.channel}/${packet.denom}`);
    }
    const rules = this.chains.get(chain)!;
    if (rules.receiveEnabled === false) return false;
    // Middlewares outside PFM see the packet first (each chain's stack; the header names the code).
    if (rules.tokenFilter === true && !packet.denom.startsWith(prefix)) return false;
    if (rules.blockIbcDenoms?.includes(baseDenom(packet.denom)) && !(isBech32(packet.receiver) && isBech32(packet.sender))) return false;
    const forward = rules.pfm ? forwardOf(packet.memo) : undefined;
    if (forward !== undefined && forward.next !== undefined && !nextIsForward(forward.next)) return false;
    const owner = forward === undefined ? packet.receiver : this.forwarderAccount(chain, packet.dest.channel, packet.sender);
    if (forward === undefined && !this.validAddress(chain, owner)) return false;
    const escrow = `escrow:${packet.dest.port}/${packet.dest.channel}`;
    if (unescrow && (this.balances.get(`${chain}|${escrow}|${denomOnChain}`) ?? 0n) < packet.amount) return false;
    const credit = () => {
      if (unescrow) this.add(chain, escrow, denomOnChain, -packet.amount);
      this.add(chain, owner, denomOnChain, packet.amount);
    };
    const undo = () => {
      this.add(chain, owner, denomOnChain, -packet.amount);
      if (unescrow) this.add(chain, escrow, denomOnChain, packet.amount);
    };
    credit();
    this.log.push({ chain, denomOnChain, forwarded: forward !== undefined });
    if (forward === undefined) return true;
    const next = forward.next === undefined ? "" : typeof forward.next === "string" ? forward.next : JSON.stringify(forward.next);
    const timeout = typeof forward.timeout === "number" && forward.timeout > 0 ? BigInt(forward.timeout) : 600_000_000_000n;
    let ok: boolean;
    try {
      ok = this.send(chain, forward.port, forward.channel, denomOnChain, packet.amount, owner, forward.receiver, next, this.nowNs + timeout);
    } catch {
      ok = false;
    }
    if (!ok) undo();
    return ok;
  }
}

/**
 * ICS-20's split of a full path: leading `port/channel-N` pairs are the trace, the rest the base
 * denom. IBC v2 (Eureka) names a hop by the client id instead of a channel (`transfer/08-wasm-1369`).
 */
function hasTrace(fullPath: string): boolean {
  const [, second] = fullPath.split("/");
  return second !== undefined && /^(channel-\d+|\d{2}-[a-z]+-\d+)$/.test(second) && fullPath.split("/").length > 2;
}

/** The base denom of a full path: what is left after the leading port/identifier pairs. */
function baseDenom(fullPath: string): string {
  let path = fullPath;
  while (hasTrace(path)) path = path.split("/").slice(2).join("/");
  return path;
}

/** Decodes as bech32 under any prefix (btcutil's bech32.DecodeToBase256, as blockibc calls it). */
function isBech32(text: string): boolean {
  try {
    bech32.decode(text, 128);
    return true;
  } catch {
    return false;
  }
}

/** ibc-go's PFM: `next` is an object, or a JSON string of one, with a `forward` key. */
function nextIsForward(next: unknown): boolean {
  let value = next;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return false;
    }
  }
  return typeof value === "object" && value !== null && typeof (value as { forward?: unknown }).forward === "object" && (value as { forward?: unknown }).forward !== null;
}

interface Forward {
  receiver: string;
  port: string;
  channel: string;
  timeout?: number | string;
  retries?: number;
  next?: unknown;
}

function forwardOf(memo: string): Forward | undefined {
  if (memo === "") return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(memo);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null || !("forward" in parsed) || parsed.forward === null) return undefined;
  return parsed.forward as Forward;
}
