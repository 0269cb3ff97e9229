/**
 * A registry's transfer rules (src/registry/transfer-rules.ts) and refusals
 * (src/registry/transfer-refusals.ts) as the questions the model, the route search, the messages
 * and `explain` ask of them: built once per registry, read per hop.
 */
import type { BridgeType } from "../wire/schema.js";
import type { Registry } from "../registry/schema.js";
import { transferRulesOf, type TransferRule } from "../registry/transfer-rules.js";
import type { TransferRefusal } from "../registry/transfer-refusals.js";

type Rule<K extends TransferRule["kind"]> = Extract<TransferRule, { kind: K }>;

export class TransferRuleBook {
  private readonly returningOnly = new Map<string, Rule<"inbound_returning_only">>();
  private readonly receivers = new Map<string, Rule<"receiver_account">>();
  private readonly bridges = new Map<BridgeType, Rule<"ibc_v2_base_denom">[]>();
  /** Refusals by `chain\0direction` (every channel and denom) and `chain\0direction\0channel\0denom`. */
  private readonly refusals = new Map<string, TransferRefusal>();
  readonly rules: readonly TransferRule[];
  /** Whether any refusal is in force: the hop lists skip the look-ups when none is. */
  readonly refusesAnyHop: boolean;

  constructor(rules: readonly TransferRule[], refusals: readonly TransferRefusal[] = []) {
    this.rules = rules;
    this.refusesAnyHop = refusals.length > 0;
    for (const refusal of refusals) {
      const key = refusalKey(refusal.chain_id, refusal.direction, refusal.channel_id, refusal.denom);
      if (!this.refusals.has(key)) this.refusals.set(key, refusal);
    }
    for (const rule of rules) {
      if (rule.kind === "inbound_returning_only") this.returningOnly.set(rule.chain_id, rule);
      else if (rule.kind === "receiver_account") for (const denom of rule.base_denoms) this.receivers.set(`${rule.chain_id}\u0000${denom}`, rule);
      else if (rule.kind === "ibc_v2_base_denom") this.bridges.set(rule.bridge, [...(this.bridges.get(rule.bridge) ?? []), rule]);
    }
  }

  /** The rule by which `chainId` refuses every token that is not returning home to it, if it has one. */
  refusesArrivals(chainId: string): Rule<"inbound_returning_only"> | undefined {
    return this.returningOnly.get(chainId);
  }

  /** The rule that makes `chainId` check the receiver of an arriving packet of `baseDenom`, if any. */
  receiverRule(chainId: string, baseDenom: string): Rule<"receiver_account"> | undefined {
    return this.receivers.get(`${chainId}\u0000${baseDenom}`);
  }

  /**
   * The refusal that stops an IBC hop, if one does: the sending chain's (it sends nothing, or this
   * denom over this channel, that way), then the receiving chain's. Denoms as each chain names them.
   */
  refusesHop(from: HopSide, to: HopSide): TransferRefusal | undefined {
    if (!this.refusesAnyHop) return undefined;
    return this.refusal(from, "send") ?? this.refusal(to, "receive");
  }

  private refusal(side: HopSide, direction: TransferRefusal["direction"]): TransferRefusal | undefined {
    return this.refusals.get(refusalKey(side.chainId, direction)) ?? this.refusals.get(refusalKey(side.chainId, direction, side.channelId, side.denom));
  }

  /** The rule by which a transfer over `bridge` refuses a token of `baseDenom`, if any. */
  refusesOverBridge(bridge: BridgeType, baseDenom: string): Rule<"ibc_v2_base_denom"> | undefined {
    return this.bridges.get(bridge)?.find((rule) => baseDenom.includes(rule.refused_character));
  }
}

/** One end of an IBC hop: the chain, its own channel end's id, and the denom as that chain names it. */
export interface HopSide {
  chainId: string;
  channelId: string;
  denom: string;
}

/** A refusal's key: chain-wide when it names no channel (a switch), else per channel and denom (a rate limit). */
function refusalKey(chainId: string, direction: string, channelId?: string, denom?: string): string {
  return channelId === undefined ? `${chainId}\u0000${direction}` : `${chainId}\u0000${direction}\u0000${channelId}\u0000${denom ?? ""}`;
}

const books = new WeakMap<object, TransferRuleBook>();

/** The rule book of `registry` (its own rules, else the shipped ones about its chains; its refusals). */
export function transferRuleBook(registry: Pick<Registry, "chains" | "transfer_rules" | "transfer_refusals">): TransferRuleBook {
  let book = books.get(registry);
  if (book === undefined) books.set(registry, (book = new TransferRuleBook(transferRulesOf(registry), registry.transfer_refusals)));
  return book;
}
