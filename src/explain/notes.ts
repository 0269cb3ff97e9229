/**
 * Registry issues -> the compact notes `explain` cites. Only the three codes that explain a
 * missing route are kept, one note per asset (or per chain pair), from the issue's `subject`.
 */
import { compareStrings } from "../compare.js";
import type { RegistryIssue } from "../registry/issues.js";
import type { RegistryNote } from "../wire/explain.js";

export function notesOfIssues(issues: readonly RegistryIssue[]): RegistryNote[] {
  const notes: RegistryNote[] = [];
  for (const issue of issues) {
    const subject = issue.subject ?? {};
    switch (issue.code) {
      case "unrouted_bridge":
        for (const asset of subject.assets ?? []) {
          notes.push({
            code: issue.code,
            provider: subject.provider ?? "unknown",
            chain_id: asset.chain_id,
            denom: asset.denom,
            ...(asset.counterparty === undefined
              ? {}
              : { counterparty_chain_id: asset.counterparty.chain_id, counterparty_denom: asset.counterparty.denom }),
          });
        }
        break;
      case "unresolved_origin":
        for (const asset of subject.assets ?? []) notes.push({ code: issue.code, chain_id: asset.chain_id, denom: asset.denom });
        break;
      case "chain_killed":
        for (const chainId of subject.chain_ids ?? []) notes.push({ code: issue.code, chain_id: chainId });
        break;
      case "bridge_channel_not_routed": {
        const [a, b] = subject.chain_ids ?? [];
        if (a === undefined || b === undefined) break;
        notes.push({ code: issue.code, chain_id: a, counterparty_chain_id: b });
        notes.push({ code: issue.code, chain_id: b, counterparty_chain_id: a });
        break;
      }
      default:
        break;
    }
  }
  const seen = new Set<string>();
  const unique = notes.filter((note) => {
    const key = JSON.stringify(note);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.sort(
    (x, y) =>
      compareStrings(x.code, y.code) ||
      compareStrings(x.chain_id ?? "", y.chain_id ?? "") ||
      compareStrings(x.denom ?? "", y.denom ?? "") ||
      compareStrings(x.counterparty_chain_id ?? "", y.counterparty_chain_id ?? ""),
  );
}
