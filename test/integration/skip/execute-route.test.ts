/**
 * The official @skip-go/client's executeRoute, unchanged, end to end on loopback: this service as
 * its API (`apiUrl`, with the execution endpoints turned on over the simulated chains' REST) and the
 * ICS-20 chain simulator (test/support/chain-simulator.ts) as every chain's node, its CometBFT RPC
 * (what the client's cosmjs signer asks: status, the account's number and sequence) and its REST
 * (what this service asks: broadcast, transactions by event, balances). A test signer (cosmjs
 * DirectSecp256k1HdWallet from the BIP-39 test vector mnemonic) signs; each chain checks the
 * signature, sequence and fee as the SDK's ante handler does, then moves funds by ICS-20 and
 * packet-forward rules. Relaying is driven by the client's own status polls (one relay step after
 * each GET /v2/tx/status), so every state in between is observed in order.
 * States are the hosted API's (docs.cosmos.network/skip-go/api-reference/error-codes: STATE_PENDING,
 * STATE_COMPLETED_SUCCESS, STATE_COMPLETED_ERROR; TRANSFER_PENDING, TRANSFER_RECEIVED,
 * TRANSFER_SUCCESS, TRANSFER_FAILURE; PACKET_ERROR_TIMEOUT).
 */
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { executeRoute, getSigningStargateClient, messages, route, setClientOptions, submitTransaction, waitForTransaction, type RouteDetails } from "@skip-go/client";
import { TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { MsgTransfer } from "cosmjs-types/ibc/applications/transfer/v1/tx";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildRouter, ibcDenom, parseRegistry } from "../../../src/index.js";
import { startServer, type RunningServer } from "../../../src/entries/node.js";
import { ChainSimulator } from "../../support/chain-simulator.js";

/** BIP-39's first English test vector (trezor/python-mnemonic vectors.json): a test key, never funded anywhere real. */
const MNEMONIC = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
const CHAINS = [
  { chain_id: "a-1", prefix: "pa", fee: "ua", pfm: false },
  { chain_id: "b-1", prefix: "pb", fee: "ub", pfm: true },
  { chain_id: "c-1", prefix: "pc", fee: "uc", pfm: false },
  { chain_id: "d-1", prefix: "pd", fee: "ud", pfm: false },
] as const;
const end = (chain_id: string, channel: string) => ({ chain_id, port: "transfer", channel });
// a-1 -> b-1 -> c-1 (b-1 forwards: one transaction); a-1 -> d-1 -> c-1 (d-1 does not: two).
const CHANNELS = [
  { a: end("a-1", "channel-0"), b: end("b-1", "channel-0") },
  { a: end("b-1", "channel-1"), b: end("c-1", "channel-0") },
  { a: end("a-1", "channel-1"), b: end("d-1", "channel-0") },
  { a: end("d-1", "channel-1"), b: end("c-1", "channel-1") },
];
const VIA_B = { trace: "transfer/channel-0/transfer/channel-0", denom: ibcDenom("transfer/channel-0/transfer/channel-0", "ua") };
const VIA_D = { trace: "transfer/channel-1/transfer/channel-0", denom: ibcDenom("transfer/channel-1/transfer/channel-0", "ua") };
const ON_D = ibcDenom("transfer/channel-0", "ua");
const GAS = 200_000;
// 0.025 a unit of gas, the Hub's average in the chain registry: 5,000 of the fee denom a transaction here.
const GAS_PRICE = { low: "0.01", average: "0.025", high: "0.03" };

/** a-1's block explorer page of a transaction (the registry's explorer_tx_page); the other chains have none. */
const A_PAGE = "https://explorer-a.example/txs/${txHash}";
const linkOnA = (hash: string) => A_PAGE.replace("${txHash}", hash);

const registry = parseRegistry({
  chains: CHAINS.map(({ chain_id, prefix, fee, pfm }) => ({
    chain_id, chain_name: chain_id, pretty_name: chain_id, bech32_prefix: prefix, pfm_enabled: pfm, supports_memo: true, fee_assets: [{ denom: fee, gas_price: GAS_PRICE }],
    ...(chain_id === "a-1" ? { explorer_tx_page: A_PAGE } : {}),
  })),
  assets: [
    ...CHAINS.map(({ chain_id, fee }) => ({ chain_id, denom: fee, symbol: fee.toUpperCase(), recommended_symbol: fee.toUpperCase(), decimals: 6 })),
    { chain_id: "d-1", denom: ON_D, trace: "transfer/channel-0", origin_chain_id: "a-1", origin_denom: "ua", symbol: "UA", decimals: 6 },
    ...[VIA_B, VIA_D].map(({ trace, denom }) => ({ chain_id: "c-1", denom, trace, origin_chain_id: "a-1", origin_denom: "ua", symbol: "UA", decimals: 6 })),
  ],
  ibc_channels: CHANNELS.map(({ a, b }) => ({ chain_1: { chain_id: a.chain_id, channel_id: a.channel }, chain_2: { chain_id: b.chain_id, channel_id: b.channel }, status: "ACTIVE" })),
});

let sim: ChainSimulator;
let server: RunningServer;
let wallets: Map<string, DirectSecp256k1HdWallet>;
let addresses: Record<string, string>;
/** What one status poll of the client's lets happen on the chains next (a relay step). */
let onStatusPoll: () => void = () => undefined;

beforeAll(async () => {
  sim = new ChainSimulator(
    CHAINS.map(({ chain_id, prefix, pfm }) => ({ chain_id, prefix, pfm })),
    CHANNELS,
    Date.now(),
    { signed: true },
  );
  await sim.start();
  const accessLog = (line: string) => {
    const { method, path } = JSON.parse(line) as { method: string; path: string };
    if (method === "GET" && path === "/v2/tx/status") setImmediate(() => onStatusPoll());
  };
  // The server runs in this test's process: the signer's key derivation and signing (JavaScript
  // secp256k1) would count as the service's event-loop delay and shed requests, so shedding is off.
  server = await startServer({ router: buildRouter(registry), port: 0, liveEndpoints: sim.endpoints(), accessLog, maxEventLoopDelayMs: 0 });
  const endpoints = Object.fromEntries(Object.entries(sim.endpoints()).map(([chainId, [url]]) => [chainId, { rpc: url!, rest: url! }]));
  setClientOptions({ apiUrl: server.url, endpointOptions: { endpoints } });
  wallets = new Map(await Promise.all(CHAINS.map(async ({ chain_id, prefix }) => [chain_id, await DirectSecp256k1HdWallet.fromMnemonic(MNEMONIC, { prefix })] as const)));
  addresses = Object.fromEntries(await Promise.all([...wallets].map(async ([chainId, wallet]) => [chainId, (await wallet.getAccounts())[0]!.address] as const)));
}, 60_000);

afterAll(async () => {
  await server?.close();
  await sim?.stop();
});

beforeEach(() => {
  onStatusPoll = () => undefined;
});

/** Runs executeRoute and gathers what its callbacks report. */
async function execute(routeAnswer: NonNullable<Awaited<ReturnType<typeof route>>>, extra: { refuseChain?: string; batchSignTxs?: boolean } = {}) {
  const completed: { chainId: string; txHash: string; status: any }[] = [];
  const broadcast: { chainId: string; txHash: string }[] = [];
  const updates: RouteDetails[] = [];
  const run = executeRoute({
    route: routeAnswer,
    userAddresses: routeAnswer.requiredChainAddresses.map((chainId) => ({ chainId, address: addresses[chainId]! })),
    getCosmosSigner: async (chainId) => {
      // The user walks away before signing on this chain (closes the page): the route stops there.
      if (chainId === extra.refuseChain) throw new Error(`the user left before signing on ${chainId}`);
      return wallets.get(chainId)!;
    },
    // No gas simulation on the simulated chains: the client's documented fallback amount instead.
    simulate: false,
    getFallbackGasAmount: async () => GAS,
    ...(extra.batchSignTxs === undefined ? {} : { batchSignTxs: extra.batchSignTxs }),
    onTransactionBroadcast: async (tx) => void broadcast.push(tx),
    onTransactionCompleted: async (tx) => void completed.push(tx as (typeof completed)[number]),
    onRouteStatusUpdated: (details) => void updates.push(structuredClone(details)),
  });
  const error = await run.then(
    () => null,
    (e: Error) => e,
  );
  return { completed, broadcast, updates, error };
}

const pick = (r: { sourceAssetDenom: string; sourceAssetChainId: string; destAssetDenom: string; destAssetChainId: string; amountIn: string }) => ({
  sourceAssetDenom: r.sourceAssetDenom,
  sourceAssetChainId: r.sourceAssetChainId,
  destAssetDenom: r.destAssetDenom,
  destAssetChainId: r.destAssetChainId,
  amountIn: r.amountIn,
});
const statesOf = (status: any): string[] => (status?.transferSequence ?? []).map((entry: any) => entry.ibcTransfer.state);

describe("executeRoute of the official client against this service and the simulated chains", () => {
  it("a two-hop IBC route (packet forwarding on b-1) runs to STATE_COMPLETED_SUCCESS, every state in between seen by the client", async () => {
    const amount = 1_000_000n;
    const start = sim.balance("a-1", addresses["a-1"]!, "ua");
    sim.mint("a-1", addresses["a-1"]!, "ua", amount + 5_000n);
    const answer = (await route({ sourceAssetDenom: "ua", sourceAssetChainId: "a-1", destAssetDenom: VIA_B.denom, destAssetChainId: "c-1", amountIn: amount.toString() }))!;
    expect(answer).toMatchObject({ txsRequired: 1, chainIds: ["a-1", "b-1", "c-1"], requiredChainAddresses: ["a-1", "c-1"] });
    onStatusPoll = () => sim.relay();
    const { completed, broadcast, updates, error } = await execute(answer);
    expect(error).toBeNull();
    expect(broadcast).toEqual([{ chainId: "a-1", txHash: expect.stringMatching(/^[0-9A-F]{64}$/), explorerLink: linkOnA(broadcast[0]!.txHash) }]);
    expect(completed).toHaveLength(1);
    const status = completed[0]!.status;
    expect(status.state).toBe("STATE_COMPLETED_SUCCESS");
    expect(statesOf(status)).toEqual(["TRANSFER_SUCCESS", "TRANSFER_SUCCESS"]);
    expect(status.transferAssetRelease).toEqual({ chainId: "c-1", denom: VIA_B.denom, amount: amount.toString(), released: true });
    // Each transaction linked on its own chain's explorer, as the client passes it on: a-1's page, none on b-1.
    const firstHop = status.transferSequence[0].ibcTransfer.packetTxs;
    expect(firstHop.sendTx).toMatchObject({ chainId: "a-1", txHash: broadcast[0]!.txHash, explorerLink: linkOnA(broadcast[0]!.txHash) });
    expect(firstHop.acknowledgeTx.explorerLink).toBe(linkOnA(firstHop.acknowledgeTx.txHash));
    expect(firstHop.receiveTx).toMatchObject({ chainId: "b-1", explorerLink: "" });
    // What the client saw on the way: pending on the first hop, then received and forwarded, then done.
    const seen = updates.flatMap((u) => u.transferEvents.map((e) => `${e.fromChainId}>${e.toChainId}:${e.state}`).join(" "));
    const distinct = seen.filter((s, i) => s !== "" && s !== seen[i - 1]);
    expect(distinct).toEqual(["a-1>b-1:TRANSFER_PENDING", "a-1>b-1:TRANSFER_RECEIVED b-1>c-1:TRANSFER_PENDING", "a-1>b-1:TRANSFER_SUCCESS b-1>c-1:TRANSFER_SUCCESS"]);
    expect(updates.at(-1)!.status).toBe("completed");
    // The chain ran the messages this service's /v2/fungible/msgs answers for the route (asked again: only the timeout moves with the clock).
    const sent = sim.admitted.find((tx) => tx.txhash === broadcast[0]!.txHash)!;
    const body = TxBody.decode(TxRaw.decode(sent.txBytes).bodyBytes);
    expect(body.messages.map((m) => m.typeUrl)).toEqual(["/ibc.applications.transfer.v1.MsgTransfer"]);
    const signedMsg = MsgTransfer.decode(body.messages[0]!.value);
    const asked = (await messages({ ...pick(answer), amountOut: answer.estimatedAmountOut!, addressList: [addresses["a-1"]!, addresses["c-1"]!], operations: answer.operations }))!;
    const expected = JSON.parse((asked.txs![0] as { cosmosTx: { msgs: { msg: string }[] } }).cosmosTx.msgs[0]!.msg);
    expect({ port: signedMsg.sourcePort, channel: signedMsg.sourceChannel, token: signedMsg.token, sender: signedMsg.sender, receiver: signedMsg.receiver, memo: signedMsg.memo }).toEqual({
      port: expected.source_port,
      channel: expected.source_channel,
      token: expected.token,
      sender: expected.sender,
      receiver: expected.receiver,
      memo: expected.memo,
    });
    expect(JSON.parse(signedMsg.memo).forward).toMatchObject({ receiver: addresses["c-1"], port: "transfer", channel: "channel-1" });
    // The chains agree: the fee (200,000 gas at 0.025) and the amount left a-1; c-1 holds the voucher of the route's denom.
    expect(sim.balance("a-1", addresses["a-1"]!, "ua")).toBe(start);
    expect(sim.balance("c-1", addresses["c-1"]!, VIA_B.denom)).toBe(amount);
  }, 60_000);

  it("a two-transaction route stopped after its first transaction resumes from where the funds are (POST /fungible-graph/v1/resume) and finishes", async () => {
    const amount = 700_000n;
    const start = sim.balance("a-1", addresses["a-1"]!, "ua");
    sim.mint("a-1", addresses["a-1"]!, "ua", amount + 5_000n);
    sim.mint("d-1", addresses["d-1"]!, "ud", 10_000n);
    const answer = (await route({ sourceAssetDenom: "ua", sourceAssetChainId: "a-1", destAssetDenom: VIA_D.denom, destAssetChainId: "c-1", amountIn: amount.toString(), allowMultiTx: true }))!;
    expect(answer).toMatchObject({ txsRequired: 2, chainIds: ["a-1", "d-1", "c-1"], requiredChainAddresses: ["a-1", "d-1", "c-1"] });
    onStatusPoll = () => sim.relay();
    // The user signs on a-1 and waits for it (one signature at a time), then leaves before signing on d-1.
    const { completed, error } = await execute(answer, { refuseChain: "d-1", batchSignTxs: false });
    expect(error?.message).toContain("the user left before signing on d-1");
    expect(completed).toHaveLength(1);
    const release = completed[0]!.status.transferAssetRelease;
    expect(release).toEqual({ chainId: "d-1", denom: ON_D, amount: amount.toString(), released: true });
    expect(sim.balance("a-1", addresses["a-1"]!, "ua")).toBe(start);
    // Later: the rest of the route from where the funds are, from this service.
    const resumed = await fetch(`${server.url}/fungible-graph/v1/resume`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ at: { chain_id: release.chainId, denom: release.denom, amount: release.amount }, to: { chain_id: "c-1", denom: VIA_D.denom }, addresses: { "d-1": addresses["d-1"], "c-1": addresses["c-1"] } }),
    });
    expect(resumed.status).toBe(200);
    const rest = (await resumed.json()) as { txs: { chain_id: string; signer: string; bytes_base64: string }[]; route: { txs_required: number } };
    expect(rest.route.txs_required).toBe(1);
    expect(rest.txs).toMatchObject([{ chain_id: "d-1", signer: addresses["d-1"] }]);
    // Signed by the same test signer through the client's own signing client, submitted and followed through this service.
    const { stargateClient } = await getSigningStargateClient({ chainId: "d-1", getOfflineSigner: async () => wallets.get("d-1")! });
    const value = MsgTransfer.decode(Buffer.from(rest.txs[0]!.bytes_base64, "base64"));
    const signed = await stargateClient.sign(addresses["d-1"]!, [{ typeUrl: "/ibc.applications.transfer.v1.MsgTransfer", value }], { amount: [{ denom: "ud", amount: "5000" }], gas: String(GAS) }, "");
    const bytes = Buffer.from(TxRaw.encode(signed).finish()).toString("base64");
    const submitted = (await submitTransaction({ chainId: "d-1", tx: bytes }))!;
    expect(submitted.explorerLink).toBe("");
    onStatusPoll = () => sim.relay();
    const final = await waitForTransaction({ chainId: "d-1", txHash: submitted.txHash! });
    expect(final.state).toBe("STATE_COMPLETED_SUCCESS");
    expect(final.transferAssetRelease).toEqual({ chainId: "c-1", denom: VIA_D.denom, amount: amount.toString(), released: true });
    expect(sim.balance("c-1", addresses["c-1"]!, VIA_D.denom)).toBe(amount);
    expect(sim.balance("d-1", addresses["d-1"]!, ON_D)).toBe(0n);
    // The chain's replay protection, through this service: the same signed bytes again are refused (sequence used).
    await expect(submitTransaction({ chainId: "d-1", tx: bytes })).rejects.toThrow(/code 32\).*account sequence mismatch, expected 1, got 0/);
  }, 60_000);
  // Last: it moves the chains' clock an hour on, past the timeouts of any message built before.
  it("a packet that times out on its second hop is reported as the hosted API reports it: STATE_COMPLETED_ERROR, PACKET_ERROR_TIMEOUT, the funds released back on a-1", async () => {
    const amount = 300_000n;
    const start = sim.balance("a-1", addresses["a-1"]!, "ua");
    sim.mint("a-1", addresses["a-1"]!, "ua", amount + 5_000n);
    const answer = (await route({ sourceAssetDenom: "ua", sourceAssetChainId: "a-1", destAssetDenom: VIA_B.denom, destAssetChainId: "c-1", amountIn: amount.toString() }))!;
    let polls = 0;
    onStatusPoll = () => {
      // First poll: the packet reaches b-1, which forwards it. Then no relayer moves it before its timeout, an hour on.
      if (++polls === 1) return sim.relay();
      if (polls === 2) (sim.nowNs += 3_600_000_000_000n, sim.relay());
    };
    const { completed, updates, error } = await execute(answer);
    expect(error).toBeNull();
    const status = completed[0]!.status;
    expect(status.state).toBe("STATE_COMPLETED_ERROR");
    expect(statesOf(status)).toEqual(["TRANSFER_FAILURE", "TRANSFER_FAILURE"]);
    expect(status.transferSequence[1].ibcTransfer.packetTxs).toMatchObject({ timeoutTx: { chainId: "b-1" }, error: { type: "PACKET_ERROR_TIMEOUT" } });
    expect(status.error.type).toBe("STATUS_ERROR_TRANSFER");
    expect(status.transferAssetRelease).toEqual({ chainId: "a-1", denom: "ua", amount: amount.toString(), released: true });
    expect(updates.at(-1)!.status).toBe("failed");
    // Refunded: what was sent is back on a-1 (the fee is spent).
    expect(sim.balance("a-1", addresses["a-1"]!, "ua")).toBe(start + amount);
  }, 60_000);
});
