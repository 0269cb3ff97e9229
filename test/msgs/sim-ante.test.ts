/**
 * The chain simulator's ante checks (test/support/sim-auth.ts), which the official client's
 * executeRoute test relies on to mean anything: a transaction signed here with Node's own secp256k1
 * (independent of cosmjs and of the code under test) is admitted once; a wrong chain id, another
 * key, a used sequence, a fee the account cannot pay, an unknown account are refused with the SDK's
 * codes and change nothing. The account is read back as a wallet reads it, by the CometBFT
 * JSON-RPC `abci_query` of /cosmos.auth.v1beta1.Query/Account.
 */
import { createECDH, createPrivateKey, sign } from "node:crypto";
import { BaseAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { QueryAccountRequest, QueryAccountResponse } from "cosmjs-types/cosmos/auth/v1beta1/query";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, SignDoc, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { MsgTransfer } from "cosmjs-types/ibc/applications/transfer/v1/tx";
import { afterEach, describe, expect, it } from "vitest";
import { ChainSimulator } from "../support/chain-simulator.js";
import { addressOfKey, SECP256K1_N } from "../support/sim-auth.js";

const NOW = 1_800_000_000_000;
const CHANNELS = [{ a: { chain_id: "a-1", port: "transfer", channel: "channel-0" }, b: { chain_id: "b-1", port: "transfer", channel: "channel-0" } }];

function keyPair() {
  const ecdh = createECDH("secp256k1");
  ecdh.generateKeys();
  const point = ecdh.getPublicKey();
  const jwk = { kty: "EC", crv: "secp256k1", d: ecdh.getPrivateKey().toString("base64url"), x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") };
  return { privateKey: createPrivateKey({ key: jwk, format: "jwk" }), compressed: ecdh.getPublicKey(null, "compressed") };
}

/** The signature with s in the lower half, as cosmjs and the SDK write it (n - s is the same signature's twin). */
function lowS(signature: Buffer): Buffer {
  const s = BigInt(`0x${signature.subarray(32).toString("hex")}`);
  return s <= SECP256K1_N / 2n ? signature : Buffer.concat([signature.subarray(0, 32), Buffer.from((SECP256K1_N - s).toString(16).padStart(64, "0"), "hex")]);
}

/** A SIGN_MODE_DIRECT transaction of one MsgTransfer, signed over (chainId, accountNumber). */
function signedTransfer(key: ReturnType<typeof keyPair>, sender: string, receiver: string, fields: { chainId: string; accountNumber: bigint; sequence: bigint; fee: string }): Uint8Array {
  const msg = MsgTransfer.fromPartial({ sourcePort: "transfer", sourceChannel: "channel-0", token: { denom: "ua", amount: "100" }, sender, receiver, timeoutTimestamp: BigInt(NOW + 600_000) * 1_000_000n });
  const bodyBytes = TxBody.encode(TxBody.fromPartial({ messages: [{ typeUrl: "/ibc.applications.transfer.v1.MsgTransfer", value: MsgTransfer.encode(msg).finish() }] })).finish();
  const authInfoBytes = AuthInfo.encode(
    AuthInfo.fromPartial({
      signerInfos: [{ publicKey: { typeUrl: "/cosmos.crypto.secp256k1.PubKey", value: PubKey.encode({ key: key.compressed }).finish() }, modeInfo: { single: { mode: SignMode.SIGN_MODE_DIRECT } }, sequence: fields.sequence }],
      fee: { amount: [{ denom: "ua", amount: fields.fee }], gasLimit: 200_000n },
    }),
  ).finish();
  const doc = SignDoc.encode({ bodyBytes, authInfoBytes, chainId: fields.chainId, accountNumber: fields.accountNumber }).finish();
  return TxRaw.encode({ bodyBytes, authInfoBytes, signatures: [lowS(sign("sha256", doc, { key: key.privateKey, dsaEncoding: "ieee-p1363" }))] }).finish();
}

let sim: ChainSimulator | undefined;
afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

async function post(path: string, body: unknown): Promise<any> {
  const response = await fetch(`${sim!.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return response.json();
}

const broadcast = async (bytes: Uint8Array) => (await post("/a-1/cosmos/tx/v1beta1/txs", { tx_bytes: Buffer.from(bytes).toString("base64"), mode: "BROADCAST_MODE_SYNC" })).tx_response as { code: number; raw_log: string };

async function accountOf(address: string): Promise<{ code: number; log: string; account?: BaseAccount }> {
  const data = Buffer.from(QueryAccountRequest.encode({ address }).finish()).toString("hex");
  const { result } = await post("/a-1", { jsonrpc: "2.0", id: 7, method: "abci_query", params: { path: "/cosmos.auth.v1beta1.Query/Account", data, prove: false } });
  if (result.response.code !== 0) return { code: result.response.code, log: result.response.log };
  const { account } = QueryAccountResponse.decode(Buffer.from(result.response.value, "base64"));
  return { code: 0, log: "", account: BaseAccount.decode(account!.value) };
}

describe("the simulator's ante handler (signed chains)", () => {
  it("admits a transaction signed for its chain, account number and sequence once; refuses the rest with the SDK's codes, changing nothing", async () => {
    sim = new ChainSimulator(
      [
        { chain_id: "a-1", prefix: "pa", pfm: false },
        { chain_id: "b-1", prefix: "pb", pfm: false },
      ],
      CHANNELS,
      NOW,
      { signed: true },
    );
    await sim.start();
    const user = keyPair();
    const sender = addressOfKey("pa", user.compressed);
    const receiver = addressOfKey("pb", keyPair().compressed);
    expect(await accountOf(sender)).toMatchObject({ code: 22, log: expect.stringContaining("rpc error: code = NotFound") });
    expect(await broadcast(signedTransfer(user, sender, receiver, { chainId: "a-1", accountNumber: 1n, sequence: 0n, fee: "5" }))).toMatchObject({ code: 9 });
    sim.mint("a-1", sender, "ua", 1_000n);
    const account = (await accountOf(sender)).account!;
    expect({ address: account.address, sequence: account.sequence }).toEqual({ address: sender, sequence: 0n });
    const good = { chainId: "a-1", accountNumber: account.accountNumber, sequence: 0n, fee: "5" };
    const refusals = [
      [{ ...good, chainId: "b-1" }, 4, "signature verification failed"],
      [{ ...good, accountNumber: account.accountNumber + 1n }, 4, "signature verification failed"],
      [{ ...good, sequence: 1n }, 32, "account sequence mismatch, expected 0, got 1"],
      [{ ...good, fee: "2000" }, 5, "insufficient funds"],
    ] as const;
    for (const [fields, code, log] of refusals) expect(await broadcast(signedTransfer(user, sender, receiver, fields))).toMatchObject({ code, raw_log: expect.stringContaining(log) });
    // The malleable twin of a good signature (s above n/2) is refused, as the SDK refuses it.
    const raw = TxRaw.decode(signedTransfer(user, sender, receiver, good));
    const s = BigInt(`0x${Buffer.from(raw.signatures[0]!.subarray(32)).toString("hex")}`);
    const twin = Buffer.concat([raw.signatures[0]!.subarray(0, 32), Buffer.from((SECP256K1_N - s).toString(16).padStart(64, "0"), "hex")]);
    expect(await broadcast(TxRaw.encode({ ...raw, signatures: [twin] }).finish())).toMatchObject({ code: 4 });
    // Another key signing for this sender.
    expect(await broadcast(signedTransfer(keyPair(), sender, receiver, good))).toMatchObject({ code: 4, raw_log: expect.stringContaining("pubkey does not match signer") });
    expect(sim.balance("a-1", sender, "ua")).toBe(1_000n);
    expect(sim.admitted).toHaveLength(0);
    const bytes = signedTransfer(user, sender, receiver, good);
    expect(await broadcast(bytes)).toMatchObject({ code: 0 });
    expect(sim.balance("a-1", sender, "ua")).toBe(1_000n - 100n - 5n);
    expect((await accountOf(sender)).account).toMatchObject({ sequence: 1n, pubKey: { typeUrl: "/cosmos.crypto.secp256k1.PubKey" } });
    // The same bytes again: the sequence is used.
    expect(await broadcast(bytes)).toMatchObject({ code: 32 });
    expect(sim.admitted).toHaveLength(1);
    const status = await post("/a-1", { jsonrpc: "2.0", id: 1, method: "status", params: {} });
    expect(status.result.node_info.network).toBe("a-1");
    expect(await post("/a-1", { jsonrpc: "2.0", id: 2, method: "broadcast_tx_commit", params: {} })).toMatchObject({ error: { code: -32601 } });
  });
});
