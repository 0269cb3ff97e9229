/** `fungible-graph resume`, the built command: the rest of a given route from where the funds are, or a searched one; usage errors. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bech32 } from "bech32";
import { MsgTransfer } from "cosmjs-types/ibc/applications/transfer/v1/tx";
import { describe, expect, it } from "vitest";
import { buildRouter, ibcDenom, parseRegistry } from "../../src/index.js";
import { runCli } from "../cli/run-cli.js";

const TWO_HOPS = "transfer/channel-0/transfer/channel-0";
const DEST = ibcDenom(TWO_HOPS, "ua");
const MID = ibcDenom("transfer/channel-0", "ua");
const REGISTRY = {
  chains: ["a-1", "b-1", "c-1"].map((chain_id, i) => ({ chain_id, bech32_prefix: ["pa", "pb", "pc"][i], pfm_enabled: false })),
  assets: [
    { chain_id: "a-1", denom: "ua" },
    { chain_id: "c-1", denom: DEST, trace: TWO_HOPS, origin_chain_id: "a-1", origin_denom: "ua" },
  ],
  ibc_channels: [
    { chain_1: { chain_id: "a-1", channel_id: "channel-0" }, chain_2: { chain_id: "b-1", channel_id: "channel-0" }, status: "ACTIVE" },
    { chain_1: { chain_id: "b-1", channel_id: "channel-1" }, chain_2: { chain_id: "c-1", channel_id: "channel-0" }, status: "ACTIVE" },
  ],
};
const address = (prefix: string, fill: number) => bech32.encode(prefix, bech32.toWords(new Uint8Array(20).fill(fill)));
const B = address("pb", 2);
const C = address("pc", 3);

describe("resume", () => {
  const dir = mkdtempSync(join(tmpdir(), "fg-resume-"));
  const registryFile = join(dir, "registry.json");
  writeFileSync(registryFile, JSON.stringify(REGISTRY));
  const routeFile = join(dir, "route.json");
  writeFileSync(routeFile, JSON.stringify(buildRouter(parseRegistry(REGISTRY)).route({ chain_id: "a-1", denom: "ua" }, { chain_id: "c-1", denom: DEST })));
  const base = ["resume", `b-1:${MID}`, `c-1:${DEST}`, "--amount", "700", "--address", `b-1=${B}`, "--address", `c-1=${C}`, "--registry", registryFile];

  it("with --route, the rest of that route: one MsgTransfer from the intermediate chain's voucher", async () => {
    const result = await runCli([...base, "--route", routeFile]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("resuming with the given route from hop 2");
    const bytes = Buffer.from(/protobuf \(base64\): (\S+)/.exec(result.stdout)![1]!, "base64");
    expect(MsgTransfer.decode(bytes)).toMatchObject({ sourceChannel: "channel-1", token: { denom: MID, amount: "700" }, sender: B, receiver: C });
  });

  it("--json prints the resume endpoint's answer; without --route the route is searched", async () => {
    const result = await runCli([...base, "--json"]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ resumed_from: "searched", hops_done: null, required_chain_addresses: ["b-1", "c-1"], txs: [{ chain_id: "b-1", signer: B }] });
  });

  it("a missing --amount is a usage error; a route file that is not JSON too", async () => {
    expect(await runCli(base.filter((arg, i) => arg !== "--amount" && base[i - 1] !== "--amount"))).toMatchObject({ code: 2, stderr: expect.stringContaining("--amount is required") });
    const junk = join(dir, "junk.json");
    writeFileSync(junk, "{not json");
    expect(await runCli([...base, "--route", junk])).toMatchObject({ code: 2, stderr: expect.stringContaining("is not JSON") });
  });
});
