/**
 * Log lines quote registry text and request targets: each stays one line with no raw control,
 * bidi or invisible character, whatever the text holds.
 */
import { describe, expect, test } from "vitest";
import { accessLine } from "../../src/node/access-log.js";
import { Reloads } from "../../src/node/reload.js";

const RAW = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;
const FORGED = "hub-1\nreload ok (SIGHUP): now serving forged\u001b[2J";

describe("server log lines", () => {
  test("a refused reload whose error quotes a newline is one line: no forged `reload ok`", async () => {
    const lines: string[] = [];
    const reloads = new Reloads({
      command: "serve",
      source: { registry: "registry.json" },
      dataVersion: "v1",
      probes: [],
      target: { apply: () => Promise.reject(new Error("unused")), record: () => Promise.resolve() },
      log: (line) => lines.push(line),
      prepare: () => Promise.resolve({ kind: "refused", error: `unknown chain "${FORGED}"` }),
    });
    await reloads.request("SIGHUP");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^reload refused \(SIGHUP\): --registry registry\.json: unknown chain "hub-1\\x0areload ok \(SIGHUP\): now serving forged\\x1b\[2J"; still serving v1$/);
    expect(lines[0]).not.toMatch(RAW);
  });

  test("an access log line stays JSON of the exact path, with C1, bidi and invisible characters escaped", () => {
    const path = "/fungible-graph/v1/route/\u009b31m\u202e\u200b\u0085";
    const line = accessLine("GET", `${path}?from=x`, 200, 1.234);
    expect(line).not.toMatch(RAW);
    expect(line).not.toContain("\n");
    expect(JSON.parse(line)).toMatchObject({ method: "GET", path, status: 200 });
  });
});
