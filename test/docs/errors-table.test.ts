/**
 * docs/behaviour.md §8's error table cannot drift from src/errors.ts: its (HTTP, code) rows are
 * exactly the statuses of the error kinds a client can be answered with, plus the Node server's
 * two refusals whose HTTP status is its own (src/node/client-error.ts). A new error kind fails
 * here until it is sorted into one of the two lists below (and, if answered, into the table).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { ERROR_KINDS, type FungibleErrorCode } from "../../src/errors.js";

const DOC = readFileSync(fileURLToPath(new URL("../../docs/behaviour.md", import.meta.url)), "utf8");

/** Kinds an HTTP client can get as an answer (thrown while serving a request). */
const ANSWERED: readonly FungibleErrorCode[] = [
  "invalid_request",
  "unsupported_media_type",
  "unknown_chain",
  "unknown_asset",
  "not_found",
  "method_not_allowed",
  "payload_too_large",
  "internal",
  "not_implemented",
  "over_budget",
  "unavailable",
  "rate_limited", // route, msgs and msgs_direct with a state snapshot: an amount over an IBC rate limit's remaining flow
];
/** Kinds no HTTP client is answered with: the library's, the CLI's and the data followers' own. */
const NOT_ANSWERED: readonly FungibleErrorCode[] = [
  "invalid_registry", // building a router: a bad registry stops the start, not a request
  "invalid_dataset",
  "invalid_overrides",
  "invalid_venues",
  "invalid_state",
  "invalid_config", // the embedding program's options
  "file_unreadable", // files the caller names (CLI, loaders)
  "file_unwritable",
  "invalid_usage", // the CLI's exit code 2
  "missing_dependency", // SVG without @viz-js/viz is answered not_implemented (src/http/explorer-routes.ts)
  "invalid_pointer", // following a published dataset: shown in /health, never a request's answer
  "untrusted_data",
  "fetch_failed",
  "timeout",
  "client_closed_request", // the client has gone: nobody reads it (the text under the table says so)
];
/** The Node server's refusals of requests its parser rejects, with a status of their own (src/node/client-error.ts). */
const NODE_REFUSALS = [
  { status: 408, grpcCode: ERROR_KINDS.invalid_request.grpcCode },
  { status: 431, grpcCode: ERROR_KINDS.payload_too_large.grpcCode },
];

function tableRows(): string[] {
  const section = DOC.slice(DOC.indexOf("\n## 8. "), DOC.indexOf("\n## 9. "));
  const lines = section.split("\n");
  const head = lines.findIndex((line) => line.startsWith("| HTTP | `code` |"));
  expect(head, "the error table of §8").toBeGreaterThan(-1);
  const rows = [];
  for (const line of lines.slice(head + 2)) {
    if (!line.startsWith("|")) break;
    const [status, code] = line.split("|").slice(1, 3).map((cell) => cell.trim());
    rows.push(`${status}/${code}`);
  }
  return rows;
}

describe("docs/behaviour.md §8, the error table", () => {
  test("every error kind is sorted: answered to a client, or not", () => {
    expect([...ANSWERED, ...NOT_ANSWERED].sort()).toEqual(Object.keys(ERROR_KINDS).sort());
  });

  test("its rows are the (HTTP, code) pairs a client can get, each once, in HTTP order", () => {
    const pairs = [...ANSWERED.map((kind) => ERROR_KINDS[kind]), ...NODE_REFUSALS].map(({ status, grpcCode }) => `${status}/${grpcCode}`);
    const expected = [...new Set(pairs)].sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
    expect(tableRows()).toEqual(expected);
  });
});
