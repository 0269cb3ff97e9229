/** `fungible-graph msgs`, the built command: the messages as text, `--json` the msgs_direct answer, and usage errors. */
import { bech32 } from "bech32";
import { MsgTransfer } from "cosmjs-types/ibc/applications/transfer/v1/tx";
import { describe, expect, it } from "vitest";
import { runCli } from "../cli/run-cli.js";

const HUB = bech32.encode("cosmos", bech32.toWords(new Uint8Array(20).fill(7)));
const OSMO = bech32.encode("osmo", bech32.toWords(new Uint8Array(20).fill(9)));
const ATOM_ON_OSMOSIS = "osmosis-1:ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2";

describe("msgs", () => {
  it("prints each transaction's EncodeObject and its protobuf bytes", async () => {
    const result = await runCli(["msgs", "cosmoshub-4:uatom", ATOM_ON_OSMOSIS, "--amount", "1000000", "--address", `cosmoshub-4=${HUB}`, "--address", `osmosis-1=${OSMO}`]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`transaction 1: sign on cosmoshub-4 as ${HUB}; path cosmoshub-4 -> osmosis-1`);
    const bytes = Buffer.from(/protobuf \(base64\): (\S+)/.exec(result.stdout)![1]!, "base64");
    expect(MsgTransfer.decode(bytes)).toMatchObject({ sourcePort: "transfer", sourceChannel: "channel-141", token: { denom: "uatom", amount: "1000000" }, sender: HUB, receiver: OSMO, memo: "" });
  });

  it("--json prints the msgs_direct answer", async () => {
    const result = await runCli(["msgs", "cosmoshub-4:uatom", ATOM_ON_OSMOSIS, "--amount", "5", "--address", `cosmoshub-4=${HUB}`, "--address", `osmosis-1=${OSMO}`, "--json", "--timeout-seconds", "60"]);
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.stdout);
    expect(answer.route).toMatchObject({ amount_in: "5", amount_out: "5", does_swap: false, txs_required: 1, required_chain_addresses: ["cosmoshub-4", "osmosis-1"] });
    expect(answer.txs[0].cosmos_tx.signer_address).toBe(HUB);
    const timeout = BigInt(/"timeout_timestamp":(\d+)/.exec(answer.msgs[0].multi_chain_msg.msg)![1]!);
    const now = BigInt(Date.now()) * 1_000_000n;
    expect(timeout > now && timeout <= now + 60n * 1_000_000_000n).toBe(true);
  });

  it("a CCTP leg from Noble prints Noble's MsgDepositForBurn and names the relay fee it does not quote", async () => {
    const noble = bech32.encode("noble", bech32.toWords(new Uint8Array(20).fill(3)));
    const user = "0x000000000000000000000000000000000000dEaD";
    const result = await runCli(["msgs", "noble-1:uusdc", "1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", "--amount", "25", "--address", `noble-1=${noble}`, "--address", `1=${user}`]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"typeUrl": "/circle.cctp.v1.MsgDepositForBurn"');
    expect(result.stdout).toContain(`transaction 1: sign on noble-1 as ${noble}; path noble-1 -> 1`);
    expect(result.stdout).toMatch(/not quoted here \(CCTP\): .*smart_relay_fee_quote/);
  });

  it("a missing --amount is a usage error; a wrong address names the chain and exits 1", async () => {
    const noAmount = await runCli(["msgs", "cosmoshub-4:uatom", ATOM_ON_OSMOSIS]);
    expect(noAmount.code).toBe(2);
    expect(noAmount.stderr).toContain("--amount is required");
    const wrong = await runCli(["msgs", "cosmoshub-4:uatom", ATOM_ON_OSMOSIS, "--amount", "1", "--address", `cosmoshub-4=${HUB}`, "--address", `osmosis-1=${HUB}`]);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain('chain "osmosis-1" must start with "osmo1"');
  });
});
