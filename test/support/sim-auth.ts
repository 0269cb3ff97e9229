/**
 * What a Cosmos SDK chain checks before it runs a transaction's messages (the ante handler of
 * cosmos-sdk x/auth/ante: SigVerificationDecorator, IncrementSequenceDecorator, DeductFeeDecorator),
 * for the chain simulator: accounts with a number and a sequence (x/auth BaseAccount, cosmos-sdk
 * proto/cosmos/auth/v1beta1/auth.proto), one SIGN_MODE_DIRECT signature over the SignDoc
 * (proto/cosmos/tx/v1beta1/tx.proto: body_bytes, auth_info_bytes, chain_id, account_number), the
 * signer's address as the SDK derives a secp256k1 key's (ripemd160 of sha256 of the compressed key,
 * bech32 with the chain's prefix), and the fee taken from the signer. Refusals carry the SDK's root
 * error codes (types/errors/errors.go: 2 tx parse error, 4 unauthorized, 5 insufficient funds,
 * 32 incorrect account sequence). Decoding is cosmjs-types' and verification Node's own crypto,
 * never the code under test.
 */
import { createHash, createPublicKey, ECDH, verify } from "node:crypto";
import { bech32 } from "bech32";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, SignDoc, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { Any } from "cosmjs-types/google/protobuf/any";
import { MsgTransfer } from "cosmjs-types/ibc/applications/transfer/v1/tx";

export interface Account {
  address: string;
  number: bigint;
  sequence: bigint;
  /** The compressed secp256k1 key, once a transaction of the account showed it. */
  pubkey?: Uint8Array;
}

/** A transaction the ante handler let through: its messages, who signed, and the fee to take. */
export interface CheckedTx {
  messages: Any[];
  signer: string;
  fee: { denom: string; amount: bigint }[];
}

/** The ante handler's refusal: the SDK's code and log. */
export class AnteError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const SECP256K1_PUBKEY = "/cosmos.crypto.secp256k1.PubKey";
const FEE_COLLECTOR = "module:fee_collector";

/** The balances the fee comes from (the simulator's bank). */
export interface FeeBank {
  balance(owner: string, denom: string): bigint;
  move(from: string, to: string, denom: string, amount: bigint): void;
}

/** The signer of a message the simulator runs (MsgTransfer's sender); any other message has none here. */
const signerOf = (message: Any) => (message.typeUrl === "/ibc.applications.transfer.v1.MsgTransfer" ? MsgTransfer.decode(message.value).sender : "");

/** The bech32 address of a compressed secp256k1 key (cosmos-sdk crypto/keys/secp256k1 Address). */
export function addressOfKey(prefix: string, key: Uint8Array): string {
  const hash = createHash("ripemd160").update(createHash("sha256").update(key).digest()).digest();
  return bech32.encode(prefix, bech32.toWords(hash));
}

/** The order of secp256k1's group: a signature's s above half of it is the malleable twin the SDK refuses. */
export const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** r ‖ s over sha256 of the message, s in the lower half (cosmos-sdk crypto/keys/secp256k1 VerifySignature rejects malleable ones). */
function verifies(key: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  if (key.length !== 33 || signature.length !== 64) return false;
  if (BigInt(`0x${Buffer.from(signature.subarray(32)).toString("hex")}`) > SECP256K1_N / 2n) return false;
  try {
    const point = ECDH.convertKey(key, "secp256k1", undefined, undefined, "uncompressed") as Buffer;
    const jwk = { kty: "EC", crv: "secp256k1", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") };
    return verify("sha256", message, { key: createPublicKey({ key: jwk, format: "jwk" }), dsaEncoding: "ieee-p1363" }, signature);
  } catch {
    return false;
  }
}

/** The accounts of one chain and its ante checks. */
export class AuthModule {
  private readonly accounts = new Map<string, Account>();
  private nextNumber = 1n;

  constructor(
    readonly chainId: string,
    readonly prefix: string,
  ) {}

  /** The account of an address, made on first sight as x/bank makes one when funds arrive. */
  touch(address: string): Account {
    let account = this.accounts.get(address);
    if (account === undefined) {
      account = { address, number: this.nextNumber++, sequence: 0n };
      this.accounts.set(address, account);
    }
    return account;
  }

  account(address: string): Account | undefined {
    return this.accounts.get(address);
  }

  /** The ante handler on a TxRaw: its messages, or the refusal (CheckTx's: the transaction is not in a block). */
  admit(txBytes: Uint8Array, bank: FeeBank): { messages: Any[] } | AnteError {
    const pay = (signer: string, fee: CheckedTx["fee"]) => {
      const short = fee.find((coin) => bank.balance(signer, coin.denom) < coin.amount);
      if (short !== undefined) throw new AnteError(5, `insufficient funds: ${bank.balance(signer, short.denom)}${short.denom} is smaller than ${short.amount}${short.denom}`);
      for (const coin of fee) bank.move(signer, FEE_COLLECTOR, coin.denom, coin.amount);
    };
    try {
      return this.check(txBytes, signerOf, pay);
    } catch (error) {
      if (error instanceof AnteError) return error;
      throw error;
    }
  }

  /**
   * Decodes and checks a TxRaw, then takes the fee (`pay` throws AnteError 5 when it cannot) and moves
   * the sequence on: a refused transaction changes nothing, as CheckTx discards a failed ante's state.
   */
  private check(txBytes: Uint8Array, signerOf: (message: Any) => string, pay: (signer: string, fee: CheckedTx["fee"]) => void): CheckedTx {
    let raw: TxRaw, body: TxBody, auth: AuthInfo;
    try {
      raw = TxRaw.decode(txBytes);
      body = TxBody.decode(raw.bodyBytes);
      auth = AuthInfo.decode(raw.authInfoBytes);
    } catch (error) {
      throw new AnteError(2, `tx parse error: ${(error as Error).message}`);
    }
    if (body.messages.length === 0) throw new AnteError(18, "invalid request: must contain at least one message");
    const signers = new Set(body.messages.map(signerOf));
    if (signers.size !== 1 || auth.signerInfos.length !== 1 || raw.signatures.length !== 1) throw new AnteError(4, "unauthorized: one signer, one signature expected");
    const [signer] = signers as unknown as [string];
    const info = auth.signerInfos[0]!;
    if (info.publicKey?.typeUrl !== SECP256K1_PUBKEY) throw new AnteError(8, "invalid pubkey: a secp256k1 key expected");
    if (info.modeInfo?.single?.mode !== SignMode.SIGN_MODE_DIRECT) throw new AnteError(4, "unauthorized: only SIGN_MODE_DIRECT is accepted here");
    const key = PubKey.decode(info.publicKey.value).key;
    if (addressOfKey(this.prefix, key) !== signer) throw new AnteError(4, `unauthorized: pubkey does not match signer address ${signer}`);
    const account = this.accounts.get(signer);
    if (account === undefined) throw new AnteError(9, `unknown address: account ${signer} not found`);
    if (info.sequence !== account.sequence) throw new AnteError(32, `account sequence mismatch, expected ${account.sequence}, got ${info.sequence}: incorrect account sequence`);
    const doc = SignDoc.encode({ bodyBytes: raw.bodyBytes, authInfoBytes: raw.authInfoBytes, chainId: this.chainId, accountNumber: account.number }).finish();
    if (!verifies(key, doc, raw.signatures[0]!)) {
      throw new AnteError(4, `signature verification failed; please verify account number (${account.number}) and chain-id (${this.chainId}): unauthorized`);
    }
    const fee = (auth.fee?.amount ?? []).map((coin) => ({ denom: coin.denom, amount: BigInt(coin.amount) }));
    pay(signer, fee);
    account.pubkey = key;
    account.sequence += 1n;
    return { messages: body.messages, signer, fee };
  }
}
