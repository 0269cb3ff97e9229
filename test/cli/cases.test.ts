/**
 * The CLI wired to the shared case table (test/http/query-cases.ts): the table's rules are tested
 * on the library (test/http/cases.test.ts and the oracle); here a few cases through the built
 * CLI prove each kind of command line (flags, --swap-venue, --recommendation-reason) reaches the
 * same question, and each kind of error maps to its exit code (400 -> 2, 404 -> 1) with the
 * library's message on stderr. `toArgv` says which cases a command line can express at all.
 */
import { describe, expect, it } from "vitest";
import { FIXTURE_PATH, fixtureGraph } from "../http/fixture.js";
import { QUERY_CASES, type QueryCase } from "../http/query-cases.js";
import { runCli } from "./run-cli.js";

const FLAGS: Record<string, string> = {
  allow_multi_tx: "--allow-multi-tx",
  native_only: "--native-only",
  include_cw20_assets: "--include-cw20-assets",
  include_swaps: "--include-swaps",
  include_no_metadata_assets: "--include-no-metadata-assets",
  include_evm_assets: "--include-evm-assets",
};
/** The request fields each command line's positionals carry; from-source's one is `<chain_id>:<denom>`. */
const POSITIONALS = { assetsFromSource: ["source_asset_chain_id", "source_asset_denom"], assetsBetweenChains: ["source_chain_id", "dest_chain_id"] };
/** Fields a command line has no way to send (it always groups by chain and ignores client fields). */
const IGNORED = new Set(["client_id"]);

/** The command line for a request, or null where a command line cannot say it (wrong JSON types...). */
export function toArgv(test: QueryCase): string[] | null {
  const request = test.request;
  if (request === null || typeof request !== "object" || Array.isArray(request)) return null;
  const fields = { ...(request as Record<string, unknown>) };
  const positionals = POSITIONALS[test.op].map((field) => fields[field]);
  if (positionals.some((value) => typeof value !== "string")) return null;
  // `:uatom` is not <chain_id>:<denom>: the command line refuses it before any query (commands.test.ts).
  if (test.op === "assetsFromSource" && positionals.some((value) => value === "")) return null;
  const [first, second] = positionals as string[];
  const argv = test.op === "assetsFromSource" ? ["from-source", `${first}:${second}`] : ["between", first!, second!];
  for (const [field, value] of Object.entries(fields)) {
    if (POSITIONALS[test.op].includes(field) || IGNORED.has(field) || value === null || value === false) continue;
    if (field in FLAGS && value === true) argv.push(FLAGS[field]!);
    else if (field === "recommendation_reason" && typeof value === "string") argv.push("--recommendation-reason", value);
    else if (field === "group_by" && value === "chain_id") continue;
    else if (field === "swap_venues" && Array.isArray(value) && value.every((v) => typeof v?.chain_id === "string" && typeof v?.name === "string")) {
      for (const venue of value as { chain_id: string; name: string }[]) argv.push("--swap-venue", `${venue.chain_id}:${venue.name}`);
    } else return null;
  }
  return [...argv, "--registry", FIXTURE_PATH, "--json"];
}

const EXIT_FOR_STATUS = { 200: 0, 400: 2, 404: 1 } as const;
/** One case per kind of command line and per error kind; each costs a process. */
const WIRED = [
  "include_swaps lets OSMO swap into ATOM on Osmosis and go home",
  "BASE_TOKEN from a voucher gives its origin",
  "include_no_metadata_assets: derived vouchers on the source chain are sources too",
  "unknown chain",
  "unknown denom",
  "bad recommendation_reason",
  "same source and destination",
];
const wired = WIRED.map((name) => {
  const test = QUERY_CASES.find((c) => c.name === name);
  if (test === undefined) throw new Error(`no case "${name}" in test/http/query-cases.ts`);
  return { test, argv: toArgv(test) };
});

it("leaves out only the cases a command line cannot say", () => {
  const left = QUERY_CASES.filter((test) => toArgv(test) === null).map((test) => test.name);
  expect(left.sort()).toEqual(
    [
      "missing denom",
      "empty chain id",
      "missing destination",
      "flag of the wrong type",
      "between: flag of the wrong type",
      "unsupported group_by",
      "swap venue without chain_id",
      "swap_venues is ignored, unchecked, without include_swaps",
      "a body that is a list",
      "a body that is null",
    ].sort(),
  );
});

it("the wired cases are command lines, both operations, success and each error status", () => {
  expect(wired.every((c) => c.argv !== null)).toBe(true);
  expect(new Set(wired.map((c) => c.test.op))).toEqual(new Set(["assetsFromSource", "assetsBetweenChains"]));
  expect(new Set(wired.map((c) => c.test.status))).toEqual(new Set([200, 400, 404]));
});

describe.concurrent.each(wired)("CLI: $test.op: $test.name", ({ test, argv }) => {
  it("answers like the library", async () => {
    const result = await runCli(argv!);
    expect(result.code, result.stderr).toBe(EXIT_FOR_STATUS[test.status]);
    if (test.status === 200) {
      const router = fixtureGraph();
      const library = test.op === "assetsFromSource" ? router.assetsFromSource(test.request as never) : router.assetsBetweenChains(test.request as never);
      expect(JSON.parse(result.stdout)).toEqual(JSON.parse(JSON.stringify(library)));
      expect(result.stderr).toBe("");
    } else {
      expect(result.stdout).toBe("");
      // Under --json the error is the service's body: {code, message, details}, one line of JSON.
      const body = JSON.parse(result.stderr) as { code: number; message: string; details: unknown[] };
      expect(body.message).toContain(test.says);
      expect(body.code).toBe(test.status === 404 ? 5 : 3);
      expect(Array.isArray(body.details)).toBe(true);
    }
  });
});
