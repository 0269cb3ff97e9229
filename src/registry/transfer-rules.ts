/**
 * Each chain's transfer rules (docs/behaviour.md "Transfer rules"): what a chain's own ICS-20 stack
 * refuses although the registry has a channel to it. Facts, each with the source code it was read
 * from (./data/transfer-rules.json); a registry may carry its own (`transfer_rules`), which replace
 * the shipped ones. The model, the route search, the messages and `explain` read them through
 * `TransferRuleBook` (src/model/transfer-rule-book.ts); this module only says what a rule is.
 */
import * as z from "zod/mini";
import { errorFromZod, safeParse } from "../errors.js";
import { BridgeTypeSchema } from "../wire/schema.js";
// Only the keys read, by name (no import attribute: a JSON module so imported has only its default), so a
// bundle leaves out the file's "about", its documentation (checked by test/registry/data-files.test.ts).
import { rules as rulesFile } from "./data/transfer-rules.json";

const Text = z.string().check(z.minLength(1, "must be a non-empty string"));

/** Where a rule was read: a file of a public repository at a commit. */
export const RuleSourceSchema = z.strictObject({
  repository: Text,
  path: Text,
  commit: z.string().check(z.regex(/^[0-9a-f]{40}$/, "must be a full 40-digit commit hash")),
  /** What in that file says it. */
  what: z.optional(Text),
});
export type RuleSource = z.infer<typeof RuleSourceSchema>;

const cited = { summary: Text, sources: z.array(RuleSourceSchema).check(z.minLength(1, "a rule names at least one source")) };

export const TransferRuleSchema = z.discriminatedUnion("kind", [
  /** An arriving packet of one of `base_denoms` must name a bech32 account as receiver on `chain_id` (Noble's blockibc for USDC). */
  z.strictObject({ kind: z.literal("receiver_account"), chain_id: Text, base_denoms: z.array(Text).check(z.minLength(1)), ...cited }),
  /** `chain_id` accepts only tokens returning to it over the channel they left by (Celestia's token filter). */
  z.strictObject({ kind: z.literal("inbound_returning_only"), chain_id: Text, ...cited }),
  /** A transfer over `bridge` (IBC v2) refuses a base denom containing `refused_character`. */
  z.strictObject({ kind: z.literal("ibc_v2_base_denom"), bridge: BridgeTypeSchema, refused_character: z.string().check(z.length(1)), ...cited }),
  /** What a packet-forward `next` may hold, on `chain_id` or (absent) on every forwarding chain. */
  z.strictObject({ kind: z.literal("forward_next"), chain_id: z.optional(Text), next: z.enum(["forward_only", "any"]), ...cited }),
]);
export type TransferRule = z.infer<typeof TransferRuleSchema>;

const RulesSchema = z.array(TransferRuleSchema);

let shipped: readonly TransferRule[] | undefined;

/** The shipped rules (./data/transfer-rules.json), checked on first use. */
export function shippedTransferRules(): readonly TransferRule[] {
  if (shipped === undefined) {
    const result = safeParse(RulesSchema, rulesFile);
    if (!result.success) throw errorFromZod("invalid_registry", "transferRules: src/registry/data/transfer-rules.json is invalid", result.error);
    shipped = Object.freeze(result.data.map((rule) => Object.freeze(rule)));
  }
  return shipped;
}

/** The chain a rule is about, or `undefined` for one about every chain (or a bridge). */
export function ruleChainId(rule: TransferRule): string | undefined {
  return "chain_id" in rule ? rule.chain_id : undefined;
}

/**
 * The rules a registry routes by: its own `transfer_rules` when it has them, else the shipped
 * rules about the chains it lists (and those about every chain).
 */
export function transferRulesOf(registry: { chains: readonly { chain_id: string }[]; transfer_rules?: readonly TransferRule[] }): readonly TransferRule[] {
  if (registry.transfer_rules !== undefined) return registry.transfer_rules;
  const listed = new Set(registry.chains.map((chain) => chain.chain_id));
  return shippedTransferRules().filter((rule) => {
    const chainId = ruleChainId(rule);
    return chainId === undefined || listed.has(chainId);
  });
}

/** "repository path@commit" of a rule's first source: how a message cites it. */
export function citeRule(rule: TransferRule): string {
  const [first] = rule.sources;
  return `${first!.repository} ${first!.path}@${first!.commit.slice(0, 12)}`;
}
