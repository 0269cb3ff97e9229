/**
 * A small network of ICS-20 chains behind one loopback HTTP server, answering the REST shapes the
 * chains' own nodes answer (Cosmos SDK gRPC-gateway, under /<chain_id>/ here):
 * - GET  /cosmos/bank/v1beta1/balances/{address} -> {balances: [{denom, amount}], pagination}
 *   (cosmos-sdk proto/cosmos/bank/v1beta1/query.proto QueryAllBalancesResponse);
 * - POST /cosmos/tx/v1beta1/txs {tx_bytes, mode} -> {tx_response} (tx/v1beta1/service.proto
 *   BroadcastTxRequest/Response; TxResponse of base/abci/v1beta1/abci.proto);
 * - GET  /cosmos/tx/v1beta1/txs/{hash} -> {tx, tx_response}, 404 {code: 5, message} when unknown
 *   (GetTxResponse; the gateway maps gRPC NotFound to 404);
 * - GET  /cosmos/tx/v1beta1/txs?query=type.attr='v' AND ... -> {txs, tx_responses, pagination, total}
 *   (GetTxsEventRequest.query, Cosmos SDK v0.50).
 * Events as ibc-go writes them (modules/core/04-channel/keeper/events.go): send_packet, recv_packet,
 * write_acknowledgement (packet_ack `{"result":"AQ=="}` or `{"error":...}`, as
 * channeltypes.NewResultAcknowledgement / NewErrorAcknowledgement marshal), acknowledge_packet,
 * timeout_packet, each with packet_sequence, packet_src_port/channel, packet_dst_port/channel,
 * packet_data (ICS-20 FungibleTokenPacketData JSON) and packet_timeout_timestamp.
 * ICS-20 and packet forwarding as in ../msgs/ics20-simulator.ts: escrow or burn, mint with the
 * receiving end's prefix or unescrow, a `forward` memo sent on in the receiving transaction with the
 * acknowledgement written only when the forward settles (PFM's async ack), refunds on error or timeout.
 * Relaying is explicit (`relay`), so a test sees every state in between. Transactions decode with
 * cosmjs-types, never with the code under test. With `signed`, each chain also checks what its ante
 * handler checks (./sim-auth.ts: account sequence, a SIGN_MODE_DIRECT signature, the fee taken) and
 * answers a wallet's CometBFT JSON-RPC (./comet-rpc.ts: status, the auth Account query) with a POST
 * at the chain's root; without it, the tests of the service alone send unsigned transactions (txOf).
 */
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import { bech32 } from "bech32";
import { MsgTransfer } from "cosmjs-types/ibc/applications/transfer/v1/tx";
import { TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { cometRpc } from "./comet-rpc.js";
import { AnteError, AuthModule } from "./sim-auth.js";

export interface SimChainSpec {
  chain_id: string;
  prefix: string;
  pfm: boolean;
}
interface End {
  chain_id: string;
  port: string;
  channel: string;
}
interface Event {
  type: string;
  attributes: { key: string; value: string; index: boolean }[];
}
interface Tx {
  txhash: string;
  height: string;
  code: number;
  raw_log: string;
  timestamp: string;
  events: Event[];
}
interface Packet {
  sequence: number;
  src: End;
  dst: End;
  data: { denom: string; amount: string; sender: string; receiver: string; memo: string };
  timeoutNs: bigint;
  /** Set when the receiving chain forwarded it: the forward packet, and who to refund on failure there. */
  parent?: Packet;
  escrowed: boolean;
}

const sha = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex").toUpperCase();
const denomOf = (path: string) => (path.split("/").length > 2 ? `ibc/${sha(path)}` : path);

export class ChainSimulator {
  readonly balances = new Map<string, bigint>();
  /** Every transaction a chain admitted, as broadcast: what a test compares with the messages it was given. */
  readonly admitted: { chain_id: string; txhash: string; txBytes: Uint8Array }[] = [];
  private readonly traces = new Map<string, string>();
  private readonly ends = new Map<string, End>();
  private readonly chains = new Map<string, SimChainSpec>();
  private readonly txs = new Map<string, Tx[]>();
  private readonly pending: Packet[] = [];
  private readonly auth = new Map<string, AuthModule>();
  private sequence = 1;
  private height = 100;
  nowNs: bigint;
  private server: Server | undefined;
  url = "";

  constructor(
    chains: readonly SimChainSpec[],
    channels: readonly { a: End; b: End }[],
    nowMs: number,
    private readonly options: { signed?: boolean } = {},
  ) {
    for (const chain of chains) (this.chains.set(chain.chain_id, chain), this.txs.set(chain.chain_id, []), this.auth.set(chain.chain_id, new AuthModule(chain.chain_id, chain.prefix)));
    for (const { a, b } of channels) (this.ends.set(`${a.chain_id}|${a.port}|${a.channel}`, b), this.ends.set(`${b.chain_id}|${b.port}|${b.channel}`, a));
    this.nowNs = BigInt(nowMs) * 1_000_000n;
  }

  /** The endpoints file of these chains. */
  endpoints(): Record<string, string[]> {
    return Object.fromEntries([...this.chains.keys()].map((id) => [id, [`${this.url}/${id}`]]));
  }

  balance(chain: string, owner: string, denom: string): bigint {
    return this.balances.get(`${chain}|${owner}|${denom}`) ?? 0n;
  }

  mint(chain: string, owner: string, denom: string, amount: bigint): void {
    this.add(chain, owner, denom, amount);
  }

  private add(chain: string, owner: string, denom: string, amount: bigint): void {
    const key = `${chain}|${owner}|${denom}`;
    if (amount > 0n && !owner.includes(":")) this.auth.get(chain)!.touch(owner);
    const next = (this.balances.get(key) ?? 0n) + amount;
    if (next < 0n) throw new Error(`insufficient funds: ${owner} on ${chain}`);
    if (next === 0n) this.balances.delete(key);
    else this.balances.set(key, next);
  }

  private timeIso(): string {
    return new Date(Number(this.nowNs / 1_000_000n)).toISOString().replace(/\.\d+Z$/, "Z");
  }

  private record(chain: string, events: Event[], code = 0, rawLog = "", hash?: string): Tx {
    const tx = { txhash: hash ?? sha(`${chain}|${++this.height}|${Math.random()}`), height: String(this.height), code, raw_log: rawLog, timestamp: this.timeIso(), events };
    this.txs.get(chain)!.push(tx);
    return tx;
  }

  private packetEvent(type: string, p: Packet, extra: Record<string, string> = {}): Event {
    const attrs: Record<string, string> = {
      packet_data: JSON.stringify(p.data),
      packet_timeout_height: "0-0",
      packet_timeout_timestamp: p.timeoutNs.toString(),
      packet_sequence: String(p.sequence),
      packet_src_port: p.src.port,
      packet_src_channel: p.src.channel,
      packet_dst_port: p.dst.port,
      packet_dst_channel: p.dst.channel,
      packet_channel_ordering: "ORDER_UNORDERED",
      ...extra,
    };
    return { type, attributes: Object.entries(attrs).map(([key, value]) => ({ key, value, index: true })) };
  }

  /** ICS-20 send: burn a voucher going home, else escrow; the packet waits for `relay`. */
  private send(chain: string, port: string, channel: string, denom: string, amount: bigint, sender: string, receiver: string, memo: string, timeoutNs: bigint, parent?: Packet): Packet {
    const dst = this.ends.get(`${chain}|${port}|${channel}`);
    if (dst === undefined) throw new Error(`${chain} has no channel ${port}/${channel}`);
    const path = denom.startsWith("ibc/") ? this.traces.get(`${chain}|${denom}`)! : denom;
    const escrowed = !path.startsWith(`${port}/${channel}/`);
    this.add(chain, sender, denom, -amount);
    if (escrowed) this.add(chain, `escrow:${port}/${channel}`, denom, amount);
    const packet: Packet = { sequence: this.sequence++, src: { chain_id: chain, port, channel }, dst, data: { denom: path, amount: amount.toString(), sender, receiver, memo }, timeoutNs, escrowed, ...(parent === undefined ? {} : { parent }) };
    this.pending.push(packet);
    return packet;
  }

  private refund(p: Packet): void {
    const denom = denomOf(p.data.denom);
    if (p.escrowed) this.add(p.src.chain_id, `escrow:${p.src.port}/${p.src.channel}`, denom, -BigInt(p.data.amount));
    this.add(p.src.chain_id, p.data.sender, denom, BigInt(p.data.amount));
  }

  /** POST /cosmos/tx/v1beta1/txs: admits the TxRaw and executes each MsgTransfer. */
  broadcast(chain: string, txBytes: Uint8Array): Tx {
    const hash = sha(txBytes);
    const bank = { balance: (owner: string, denom: string) => this.balance(chain, owner, denom), move: (from: string, to: string, denom: string, amount: bigint) => (this.add(chain, from, denom, -amount), this.add(chain, to, denom, amount)) };
    const body = this.options.signed ? this.auth.get(chain)!.admit(txBytes, bank) : TxBody.decode(TxRaw.decode(txBytes).bodyBytes);
    if (body instanceof AnteError) return { txhash: hash, height: "0", code: body.code, raw_log: body.message, timestamp: "", events: [] };
    this.admitted.push({ chain_id: chain, txhash: hash, txBytes });
    const events: Event[] = [];
    try {
      for (const any of body.messages) {
        if (any.typeUrl !== "/ibc.applications.transfer.v1.MsgTransfer") throw new Error(`unknown message ${any.typeUrl}`);
        const m = MsgTransfer.decode(any.value);
        if (bech32.decode(m.sender, 128).prefix !== this.chains.get(chain)!.prefix) throw new Error("sender is not an address of this chain");
        if (m.timeoutTimestamp <= this.nowNs) throw new Error("timeout in the past");
        const p = this.send(chain, m.sourcePort, m.sourceChannel, m.token.denom, BigInt(m.token.amount), m.sender, m.receiver, m.memo, m.timeoutTimestamp);
        events.push(this.packetEvent("send_packet", p));
      }
    } catch (error) {
      return this.record(chain, [], 5, (error as Error).message, hash);
    }
    return this.record(chain, events, 0, "", hash);
  }

  /** Relays every packet waiting now: received (or timed out when `timeout`), then acknowledged where settled. */
  relay(options: { timeout?: boolean } = {}): void {
    for (const p of this.pending.splice(0)) {
      if (options.timeout || p.timeoutNs <= this.nowNs) {
        this.refund(p);
        this.record(p.src.chain_id, [this.packetEvent("timeout_packet", p)]);
        if (p.parent !== undefined) this.settle(p.parent, false);
        continue;
      }
      this.receive(p);
    }
  }

  private receive(p: Packet): void {
    const chain = p.dst.chain_id;
    const prefix = `${p.src.port}/${p.src.channel}/`;
    const unwinding = p.data.denom.startsWith(prefix);
    const path = unwinding ? p.data.denom.slice(prefix.length) : `${p.dst.port}/${p.dst.channel}/${p.data.denom}`;
    const denom = denomOf(path);
    if (denom.startsWith("ibc/")) this.traces.set(`${chain}|${denom}`, path);
    const amount = BigInt(p.data.amount);
    const forward = this.chains.get(chain)!.pfm ? forwardOf(p.data.memo) : undefined;
    const owner = forward === undefined ? p.data.receiver : `pfm:${p.dst.channel}:${p.data.sender}`;
    let valid = true;
    try {
      valid = forward !== undefined || bech32.decode(owner, 128).prefix === this.chains.get(chain)!.prefix;
    } catch {
      valid = false;
    }
    const events = [this.packetEvent("recv_packet", p)];
    if (!valid) {
      events.push(this.packetEvent("write_acknowledgement", p, { packet_ack: JSON.stringify({ error: "ABCI code: 7: error handling packet: see events for details" }) }));
      this.record(chain, events);
      this.ack(p, false);
      return;
    }
    if (unwinding) this.add(chain, `escrow:${p.dst.port}/${p.dst.channel}`, denom, -amount);
    this.add(chain, owner, denom, amount);
    if (forward === undefined) {
      events.push(this.packetEvent("write_acknowledgement", p, { packet_ack: '{"result":"AQ=="}' }));
      this.record(chain, events);
      this.ack(p, true);
      return;
    }
    const next = forward.next === undefined ? "" : typeof forward.next === "string" ? forward.next : JSON.stringify(forward.next);
    const out = this.send(chain, forward.port, forward.channel, denom, amount, owner, forward.receiver, next, this.nowNs + BigInt(forward.timeout ?? 600_000_000_000), p);
    events.push(this.packetEvent("send_packet", out));
    this.record(chain, events);
  }

  /** The sender's chain learns the outcome: acknowledge_packet; an error refunds. */
  private ack(p: Packet, ok: boolean): void {
    if (!ok) this.refund(p);
    this.record(p.src.chain_id, [this.packetEvent("acknowledge_packet", p)]);
    if (p.parent !== undefined) this.settle(p.parent, ok);
  }

  /** PFM's async acknowledgement: the forwarded packet's outcome is written for the one that brought it. */
  private settle(parent: Packet, ok: boolean): void {
    const chain = parent.dst.chain_id;
    if (!ok) {
      // The forwarding chain gives back what it received, then acknowledges the error (refund upstream).
      const prefix = `${parent.src.port}/${parent.src.channel}/`;
      const path = parent.data.denom.startsWith(prefix) ? parent.data.denom.slice(prefix.length) : `${parent.dst.port}/${parent.dst.channel}/${parent.data.denom}`;
      const owner = `pfm:${parent.dst.channel}:${parent.data.sender}`;
      this.add(chain, owner, denomOf(path), -BigInt(parent.data.amount));
      if (parent.data.denom.startsWith(prefix)) this.add(chain, `escrow:${parent.dst.port}/${parent.dst.channel}`, denomOf(path), BigInt(parent.data.amount));
    }
    const ack = ok ? '{"result":"AQ=="}' : JSON.stringify({ error: "packet-forward-middleware error: the forward failed" });
    this.record(chain, [this.packetEvent("write_acknowledgement", parent, { packet_ack: ack })]);
    this.ack(parent, ok);
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let text = "";
      request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      request.on("end", () => {
        const { status, body } = this.answer(request.method ?? "GET", request.url ?? "/", text);
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private answer(method: string, target: string, text: string): { status: number; body: unknown } {
    const url = new URL(target, "http://sim");
    const [, chain, ...rest] = url.pathname.split("/");
    const path = `/${rest.join("/")}`;
    const txs = this.txs.get(chain ?? "");
    if (txs === undefined) return { status: 404, body: { code: 5, message: "not found" } };
    if (method === "POST" && path === "/" && this.options.signed) {
      const node = { chainId: chain!, height: this.height, timeIso: this.timeIso(), auth: this.auth.get(chain!)! };
      return { status: 200, body: cometRpc(node, text) };
    }
    const balances = /^\/cosmos\/bank\/v1beta1\/balances\/([a-z0-9]+)$/.exec(path);
    if (method === "GET" && balances !== null) {
      const owned = [...this.balances].filter(([key]) => key.startsWith(`${chain}|${balances[1]}|`)).map(([key, amount]) => ({ denom: key.split("|")[2]!, amount: amount.toString() }));
      return { status: 200, body: { balances: owned, pagination: { next_key: null, total: String(owned.length) } } };
    }
    if (method === "POST" && path === "/cosmos/tx/v1beta1/txs") {
      const { tx_bytes, mode } = JSON.parse(text) as { tx_bytes: string; mode: string };
      if (mode !== "BROADCAST_MODE_SYNC") return { status: 400, body: { code: 3, message: "unsupported mode" } };
      const tx = this.broadcast(chain!, Buffer.from(tx_bytes, "base64"));
      return { status: 200, body: { tx_response: { ...tx, events: [] } } };
    }
    const one = /^\/cosmos\/tx\/v1beta1\/txs\/([0-9A-Fa-f]{64})$/.exec(path);
    if (method === "GET" && one !== null) {
      const tx = txs.find((t) => t.txhash === one[1]!.toUpperCase());
      return tx === undefined ? { status: 404, body: { code: 5, message: `tx not found: ${one[1]}` } } : { status: 200, body: { tx: null, tx_response: tx } };
    }
    if (method === "GET" && path === "/cosmos/tx/v1beta1/txs") {
      const query = url.searchParams.get("query");
      if (query === null) return { status: 400, body: { code: 3, message: "query cannot be empty" } };
      const conditions = query.split(" AND ").map((c) => /^(\w+)\.(\w+)='([^']*)'$/.exec(c.trim()));
      if (conditions.some((c) => c === null)) return { status: 400, body: { code: 3, message: "invalid query" } };
      const found = txs.filter((tx) => conditions.every((c) => tx.events.some((e) => e.type === c![1] && e.attributes.some((a) => a.key === c![2] && a.value === c![3]))));
      return { status: 200, body: { txs: [], tx_responses: found, pagination: null, total: String(found.length) } };
    }
    return { status: 501, body: { code: 12, message: "Not Implemented" } };
  }
}

function forwardOf(memo: string): { receiver: string; port: string; channel: string; timeout?: number; next?: unknown } | undefined {
  try {
    const parsed = JSON.parse(memo) as { forward?: { receiver: string; port: string; channel: string; timeout?: number; next?: unknown } };
    return parsed?.forward ?? undefined;
  } catch {
    return undefined;
  }
}

/** A signed-looking transaction of `msgs` (the signature is not checked by the simulator): TxRaw bytes. */
export function txOf(msgs: readonly { typeUrl: string; value: Uint8Array }[]): Uint8Array {
  const bodyBytes = TxBody.encode(TxBody.fromPartial({ messages: msgs.map((m) => ({ typeUrl: m.typeUrl, value: m.value })) })).finish();
  return TxRaw.encode(TxRaw.fromPartial({ bodyBytes, authInfoBytes: new Uint8Array(), signatures: [new Uint8Array(64)] })).finish();
}
