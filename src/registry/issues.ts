/**
 * Problems found while importing or checking a registry. They are data, not exceptions: the
 * adapter keeps going and leaves the bad part out, `validate` prints them all, and the CLI exits 1
 * only when one is fatal. Callers switch on `code`, never on the message.
 */
import * as z from "zod/mini";
import { parseArgument } from "../arguments.js";

export type RegistryIssueSeverity = "fatal" | "warning";

const REGISTRY_ISSUE_CODES = [
  // chain-registry adapter
  "chain_without_id",
  /** A chain the upstream registry marks `killed`: left out with its assets and channels. */
  "chain_killed",
  "assets_on_unknown_chain",
  "duplicate_chain_id",
  "unparseable_trace",
  "unresolved_origin",
  "declared_denom_mismatch",
  "duplicate_asset",
  "channel_on_unknown_chain",
  "duplicate_channel",
  "bridge_counterparty_missing",
  "unrouted_bridge",
  "bridge_channel_not_routed",
  /** A chain id or denom that cannot be written as `<chain_id>:<denom>` (':' in a chain id, white space, a control): left out. */
  "unwritable_id",
  /** A block explorer's transaction page that is not a plain https URL with `${txHash}` once (registry/explorer-links.ts): not linked. */
  "explorer_tx_page_refused",
  // validateRegistry
  "ibc_denom_mismatch",
  "invalid_trace",
  "ibc_denom_without_trace",
  "native_origin_mismatch",
  "trace_channel_unknown",
  "trace_origin_mismatch",
  "unknown_origin_chain",
  /** A trace of more than MAX_TRACE_HOPS hops (denom/trace.ts): the voucher is listed but no route reaches it. */
  "trace_too_deep",
  "swap_venue_denom_unlisted",
  "channel_end_reused",
  /** Text holding control, bidi, invisible or non-XML characters: kept as is in JSON, shown escaped everywhere else. */
  "unsafe_text",
  /** Natives on densely joined chains would derive more vouchers than the bound (registry/derived-size.ts): not built. */
  "derived_too_large",
] as const;
export type RegistryIssueCode = (typeof REGISTRY_ISSUE_CODES)[number];

export interface RegistryIssue {
  severity: RegistryIssueSeverity;
  code: RegistryIssueCode;
  /** Where the problem is: a path such as `assets[12]`, or `osmosis/assetlist ATOM`. */
  where: string;
  message: string;
  /** What the issue is about, for callers that cite it (`explain`): never parse `where` or `message`. */
  subject?: IssueSubject;
}

export interface IssueSubject {
  provider?: string;
  /** The assets concerned (a left-out or mis-rooted asset, the assets an unrouted bridge moved). */
  assets?: { chain_id: string; denom: string; counterparty?: { chain_id: string; denom: string } }[];
  /** The chains concerned (both ends of a channel that is not routed). */
  chain_ids?: string[];
}

export function fatalIssue(code: RegistryIssueCode, where: string, message: string): RegistryIssue {
  return { severity: "fatal", code, where, message };
}

export function warningIssue(code: RegistryIssueCode, where: string, message: string, subject?: IssueSubject): RegistryIssue {
  return subject === undefined ? { severity: "warning", code, where, message } : { severity: "warning", code, where, message, subject };
}

/** The part of an issue `hasFatalIssue` reads: issues from elsewhere (a file, a cache) may be junk. */
const IssuesArgumentSchema = z.array(z.looseObject({ severity: z.string() }));

export function hasFatalIssue(issuesArg: readonly RegistryIssue[]): boolean {
  const issues = parseArgument(IssuesArgumentSchema, issuesArg, { fn: "hasFatalIssue", arg: "issues", expected: "an array of registry issues" });
  return issues.some((issue) => issue.severity === "fatal");
}
