/**
 * A registry's transfer rules (src/registry/transfer-rules.ts) as the questions the model, the
 * route search, the messages and `explain` ask of them: built once per registry, read per hop.
 */
import type { BridgeType } from "../wire/schema.js";
import type { Registry } from "../registry/schema.js";
import { transferRulesOf, type TransferRule } from "../registry/transfer-rules.js";

type Rule<K extends TransferRule["kind"]> = Extract<TransferRule, { kind: K }>;

export class TransferRuleBook {
  private readonly returningOnly = new Map<string, Rule<"inbound_returning_only">>();
  private readonly receivers = new Map<string, Rule<"receiver_account">>();
  private readonly bridges = new Map<BridgeType, Rule<"ibc_v2_base_denom">[]>();
  readonly rules: readonly TransferRule[];

  constructor(rules: readonly TransferRule[]) {
    this.rules = rules;
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

  /** The rule by which a transfer over `bridge` refuses a token of `baseDenom`, if any. */
  refusesOverBridge(bridge: BridgeType, baseDenom: string): Rule<"ibc_v2_base_denom"> | undefined {
    return this.bridges.get(bridge)?.find((rule) => baseDenom.includes(rule.refused_character));
  }
}

const books = new WeakMap<object, TransferRuleBook>();

/** The rule book of `registry` (its own rules, else the shipped ones about its chains). */
export function transferRuleBook(registry: Pick<Registry, "chains" | "transfer_rules">): TransferRuleBook {
  let book = books.get(registry);
  if (book === undefined) books.set(registry, (book = new TransferRuleBook(transferRulesOf(registry))));
  return book;
}
