/**
 * A registry's transfer rules (src/registry/transfer-rules.ts) and refusals
 * (src/registry/transfer-refusals.ts) as the questions the model, the route search, the messages
 * and `explain` ask of them: built once per registry, read per hop.
 */
import { ibcV2ClientOf } from "../denom/trace.js";
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

  /**
   * The refusal that stops a bridge hop, if one does. Over Eureka the Cosmos side's own transfer
   * module sends and receives the IBC v2 packets (ibc-go v10 modules/apps/transfer/v2/ibc_module.go
   * calls the keeper's SendTransfer and OnRecvPacket, which check send_enabled and receive_enabled;
   * the rate-limiting middleware has an IBC v2 form keyed by client id), so that chain's switches,
   * and its rate limits on the link's client, stop the hop as they stop one over a channel. The
   * other bridges do not pass through the transfer module (CCTP burns; Axelar's IBC leg is an IBC hop).
   */
  refusesBridgeHop(bridge: BridgeType, from: BridgeSide, to: BridgeSide): TransferRefusal | undefined {
    if (!this.refusesAnyHop || bridge !== "EUREKA") return undefined;
    return this.refusesHop(overClient(from), overClient(to));
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

/** One side of a bridge hop: the chain, the asset's denom and trace there (a Cosmos side's trace names its IBC v2 client). */
export interface BridgeSide {
  chainId: string;
  denom: string;
  trace: string;
}

function overClient(side: BridgeSide): HopSide {
  return { chainId: side.chainId, channelId: ibcV2ClientOf(side.trace) ?? "", denom: side.denom };
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
