/**
 * The verdict an explanation leads with (docs/behaviour.md, "explain"): reachable; reachable if
 * options change (the fewest changes that let the best reached destination asset pass); or not
 * reachable, with the first reason. Read off the one search's outcomes: no second search. Only
 * options applied after the search count as changes (the destination filters and allow_multi_tx):
 * another destination asset or swaps would be another question.
 */
import type { ExplainOptions, ExplainResponse, FilterName, OptionChange, Reason, Verdict } from "../wire/explain.js";

/** A rule a reached destination asset breaks: a filter, or needing several transactions. */
export type BrokenRule = FilterName | "allow_multi_tx";

/** The change that lifts a rule; `null` for a rule no option change lifts within the question. */
function changeOf(rule: BrokenRule): OptionChange | null {
  switch (rule) {
    case "allow_multi_tx":
    case "include_cw20_assets":
    case "include_evm_assets":
    case "include_no_metadata_assets":
      return { option: rule, value: true };
    case "native_only":
      return { option: rule, value: false };
    case "recommendation_reason":
      return { option: rule, value: "UNKNOWN" };
    case "dest_asset_denom":
      return null;
  }
}

/**
 * The fewest option changes that let one reached destination asset pass: per asset (best route
 * first) the rules it breaks; an asset breaking a rule no option lifts does not count; ties go
 * to the better route. `null` when no asset can pass.
 */
export function fewestChanges(brokenPerAsset: readonly (readonly BrokenRule[])[]): OptionChange[] | null {
  let best: OptionChange[] | null = null;
  for (const broken of brokenPerAsset) {
    const changes = broken.map(changeOf);
    if (changes.some((change) => change === null)) continue;
    if (best === null || changes.length < best.length) best = changes as OptionChange[];
  }
  return best;
}

const valueText = (change: OptionChange) => `${change.option} is ${String(change.value)}`;

/** The verdict of an answer; `changes` from `fewestChanges` when nothing passes as asked. */
export function verdictOf(options: ExplainOptions, reachable: boolean, routeCount: number, reasons: readonly Reason[], changes: OptionChange[] | null): Verdict {
  const source = `"${options.source_asset_denom}" on "${options.source_asset_chain_id}"`;
  const dest = options.dest_asset_denom === null ? `"${options.dest_chain_id}"` : `"${options.dest_asset_denom}" on "${options.dest_chain_id}"`;
  if (reachable) return { kind: "reachable", message: `${source} reaches ${dest} (${routeCount === 1 ? "1 route" : `${routeCount} routes`})` };
  if (changes !== null && changes.length > 0) {
    return { kind: "reachable_if", changes, message: `${source} reaches ${dest} only if ${changes.map(valueText).join(" and ")}` };
  }
  const why = reasons[0]?.message ?? "no route";
  return { kind: "not_reachable", message: `${source} does not reach ${dest}: ${why}` };
}

/** The answer with its verdict first. */
export function withVerdict(options: ExplainOptions, answer: Omit<ExplainResponse, "verdict">, changes: OptionChange[] | null = null): ExplainResponse {
  return { verdict: verdictOf(options, answer.reachable, answer.routes.length, answer.reasons, changes), ...answer };
}

/** The verdict's few words, as the CLI's first line and the page's heading show them. */
export function verdictTitle(verdict: Verdict): string {
  if (verdict.kind === "reachable") return "reachable";
  if (verdict.kind === "not_reachable") return "not reachable";
  return `reachable if ${verdict.changes.map(valueText).join(" and ")}`;
}
