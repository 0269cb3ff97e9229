/**
 * Decoding `ibc/` denoms the registry neither lists nor derives: multi-hop vouchers (and single
 * hops over a channel other than the chosen one). A hash cannot be inverted, so per holding chain a
 * table is built on the first miss: every trace by which a native could reach that chain over
 * ACTIVE transfer channels in at most `DECODE_MAX_HOPS` hops without visiting a chain twice,
 * hashed with each native of the chain it starts from. Nothing is built at load or for a denom
 * the model already knows, so the cold start and the query floor do not change
 * (scripts/measure-ibc-decode.mjs measures a table; docs/behaviour.md says what cannot be decoded).
 * A table hashes each native's denom as its registry writes it, the text its chain sends: the
 * case rule of a voucher's origin_denom (src/denom/evm-address.ts `spellDenom`). EVM tokens are not
 * origins here: they reach IBC over IBC v2 clients, which `ibc_channels` does not list.
 */
import { isValidTrace } from "../denom/trace.js";
import type { IbcChannel } from "../registry/schema.js";
import { sha256Hex } from "../sha256.js";
import type { AssetRecord, DecodedVoucher } from "./model.js";

/**
 * The most hops a decoded trace has. Measured on the shipped mainnet data: 3 hops build the largest
 * chain's table in well under a second; 4 hops multiply it by the channel fan-out (tens of
 * seconds, hundreds of MiB), for vouchers nobody holds.
 */
export const DECODE_MAX_HOPS = 3;

/** The most entries one chain's table keeps: a registry far denser than mainnet decodes less, never hangs. */
export const DECODE_TABLE_LIMIT = 1_000_000;

/**
 * The most entries kept over all chains' tables (about 100 bytes each): the least recently used
 * tables go first, the newest always stays. Mainnet's largest tables have under 300 000 entries.
 */
export const DECODE_ENTRIES_KEPT = 1_000_000;

function hashKey(hex: string): number {
  return Number.parseInt(hex.slice(0, 13), 16);
}

interface TransferEnd {
  /** The end on the chain the voucher arrived at. */
  port: string;
  channel: string;
  /** The chain on the other side (where it came from). */
  counterparty: string;
}

/**
 * One chain's table: the hash's first 52 bits -> entry; an entry is a path (its trace) and a native.
 * A number key, not the 64-digit text: a third of the memory. A hit is confirmed by hashing again.
 */
interface DecodeTable {
  byHash: Map<number, number>;
  entryPath: number[];
  entryOrigin: number[];
  traces: string[];
}

export class IbcDecoder {
  private readonly endsByChain = new Map<string, TransferEnd[]>();
  private readonly nativesByChain = new Map<string, number[]>();
  private readonly tables = new Map<string, DecodeTable>();
  private entriesKept = 0;

  constructor(
    channels: readonly IbcChannel[],
    /** The listed assets (index = asset index): the natives a table starts from. */
    private readonly listed: readonly AssetRecord[],
    private readonly maxHops = DECODE_MAX_HOPS,
    private readonly limit = DECODE_TABLE_LIMIT,
  ) {
    for (const { chain_1: a, chain_2: b, status } of channels) {
      if (status !== "ACTIVE" || a.port_id !== "transfer" || b.port_id !== "transfer" || a.chain_id === b.chain_id) continue;
      // Only ends a trace can name (ibc-go's grammar, src/denom/trace.ts): every decoded trace parses and unwinds.
      if (!isValidTrace(`${a.port_id}/${a.channel_id}`) || !isValidTrace(`${b.port_id}/${b.channel_id}`)) continue;
      this.addEnd(a.chain_id, { port: a.port_id, channel: a.channel_id, counterparty: b.chain_id });
      this.addEnd(b.chain_id, { port: b.port_id, channel: b.channel_id, counterparty: a.chain_id });
    }
    for (const asset of listed) {
      if (!asset.isBaseToken || asset.isEvm) continue;
      const natives = this.nativesByChain.get(asset.chainId);
      if (natives === undefined) this.nativesByChain.set(asset.chainId, [asset.index]);
      else natives.push(asset.index);
    }
  }

  /** The trace and origin of `denom` held on `chainId`, or `undefined` when no walk of the channels gives it. */
  decode(chainId: string, denom: string): DecodedVoucher | undefined {
    if (!/^ibc\/[0-9a-f]{64}$/i.test(denom) || !this.endsByChain.has(chainId)) return undefined;
    const table = this.tableOf(chainId);
    const hex = denom.slice(4).toLowerCase();
    const entry = table.byHash.get(hashKey(hex));
    if (entry === undefined) return undefined;
    const trace = table.traces[table.entryPath[entry]!]!;
    const origin = table.entryOrigin[entry]!;
    if (sha256Hex(`${trace}/${this.listed[origin]!.denom}`) !== hex) return undefined;
    const chains = this.walk(chainId, trace.split("/"), 0, this.listed[origin]!.chainId, new Set([chainId]));
    return chains === undefined ? undefined : { trace, origin, chains };
  }

  /**
   * The chains a voucher with `segments` (port, channel, port, channel...) from `at` passes through
   * as it unwinds, ending on `originChain`: the walk the table took (a chain listing one channel id
   * twice is the one case with a choice, so each is tried).
   */
  private walk(at: string, segments: readonly string[], i: number, originChain: string, visited: Set<string>): string[] | undefined {
    if (i === segments.length) return at === originChain ? [] : undefined;
    for (const end of this.endsByChain.get(at) ?? []) {
      if (end.port !== segments[i] || end.channel !== segments[i + 1] || visited.has(end.counterparty)) continue;
      visited.add(end.counterparty);
      const rest = this.walk(end.counterparty, segments, i + 2, originChain, visited);
      visited.delete(end.counterparty);
      if (rest !== undefined) return [end.counterparty, ...rest];
    }
    return undefined;
  }

  /** The number of entries of `chainId`'s table, building it (for measurement and tests). */
  tableSize(chainId: string): number {
    return this.tableOf(chainId).entryOrigin.length;
  }

  private addEnd(chainId: string, end: TransferEnd): void {
    const ends = this.endsByChain.get(chainId);
    if (ends === undefined) this.endsByChain.set(chainId, [end]);
    else ends.push(end);
  }

  private tableOf(chainId: string): DecodeTable {
    let table = this.tables.get(chainId);
    if (table === undefined) {
      table = this.build(chainId);
      this.entriesKept += table.entryOrigin.length;
    }
    // Insertion order is recency: the first key is the least recently used.
    this.tables.delete(chainId);
    this.tables.set(chainId, table);
    for (const [oldest, old] of this.tables) {
      if (this.entriesKept <= DECODE_ENTRIES_KEPT || old === table) break;
      this.tables.delete(oldest);
      this.entriesKept -= old.entryOrigin.length;
    }
    return table;
  }

  /** Walks back from the holding chain: each step goes from a chain to where a voucher could have come from. */
  private build(holder: string): DecodeTable {
    const table: DecodeTable = { byHash: new Map(), entryPath: [], entryOrigin: [], traces: [] };
    const visited = new Set([holder]);
    const walk = (chainId: string, trace: string, depth: number): void => {
      for (const end of this.endsByChain.get(chainId) ?? []) {
        if (visited.has(end.counterparty) || table.entryOrigin.length >= this.limit) continue;
        const next = trace === "" ? `${end.port}/${end.channel}` : `${trace}/${end.port}/${end.channel}`;
        const path = table.traces.push(next) - 1;
        for (const native of this.nativesByChain.get(end.counterparty) ?? []) {
          if (table.entryOrigin.length >= this.limit) break;
          const hash = hashKey(sha256Hex(`${next}/${this.listed[native]!.denom}`));
          // The first walk to a hash keeps it (a collision of two real paths is not expected).
          if (table.byHash.has(hash)) continue;
          table.byHash.set(hash, table.entryOrigin.length);
          table.entryPath.push(path);
          table.entryOrigin.push(native);
        }
        if (depth + 1 < this.maxHops) {
          visited.add(end.counterparty);
          walk(end.counterparty, next, depth + 1);
          visited.delete(end.counterparty);
        }
      }
    };
    walk(holder, "", 0);
    return table;
  }
}
