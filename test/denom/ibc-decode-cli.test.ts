/**
 * A decoded multi-hop denom as a source on the command line (issue 25): `from-source --json`
 * answers as the library does and `why` says reachable. The denom is one of the Nolus protocol's
 * mainnet currency tables (github.com/nolus-protocol/nolus-money-market, `define_symbol!` for
 * `net_main`), checked against its route in ibc-decode.test.ts. Runs the built command
 * (test/cli/run-cli.ts), so it is an integration suite (PROCESS_SUITES).
 */
import { describe, expect, test } from "vitest";
import { ibcDenom } from "../../src/index.js";
import { runCli } from "../cli/run-cli.js";
import { shippedRouter } from "../support/shipped-router.js";

/** ATOM held on pirin-1 over Nolus' route transfer/channel-3839/transfer/channel-1/uatom. */
const DENOM = "ibc/74329D0B6EAA37AD07FF44EC40D998357D1478C504AB5A9C91C3F42F1078A226";

describe("a decoded denom on pirin-1 as a source of the CLI", () => {
  test("the denom is the hash of its route", () => {
    expect(ibcDenom("transfer/channel-3839/transfer/channel-1", "uatom")).toBe(DENOM);
  });

  test("from-source --json answers as the library, why says reachable", async () => {
    const router = await shippedRouter("mainnet");
    const listed = await runCli(["from-source", `pirin-1:${DENOM}`, "--allow-multi-tx", "--json"]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual(JSON.parse(JSON.stringify(router.assetsFromSource({ source_asset_chain_id: "pirin-1", source_asset_denom: DENOM, allow_multi_tx: true }))));
    const why = await runCli(["why", `pirin-1:${DENOM}`, "cosmoshub-4:uatom"]);
    expect(why.code, why.stderr).toBe(0);
    expect(why.stdout).toMatch(/^Verdict: reachable\n/);
  }, 120_000);
});
