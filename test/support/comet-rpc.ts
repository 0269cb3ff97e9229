/**
 * The CometBFT JSON-RPC a wallet client asks a chain's node (cosmjs' SigningStargateClient, which
 * @skip-go/client's executeRoute connects to the `rpc` endpoint of each chain): JSON-RPC 2.0 over
 * HTTP POST at the endpoint's root, shapes of CometBFT v0.38 rpc/openapi/openapi.yaml:
 * - `status` -> {node_info: {protocol_version, id, listen_addr, network (the chain id), version,
 *   channels, moniker, other}, sync_info: {latest_block_hash, latest_app_hash, latest_block_height,
 *   latest_block_time, catching_up}, validator_info: {address, pub_key, voting_power}};
 * - `abci_query` {path, data (hex), height, prove} -> {response: {code, log, info, index, key, value
 *   (base64), proofOps, height, codespace}}, for the one query a signer needs:
 *   `/cosmos.auth.v1beta1.Query/Account` (cosmos-sdk proto/cosmos/auth/v1beta1/query.proto
 *   QueryAccountRequest/Response, the account an Any of BaseAccount). An unknown account answers as
 *   the SDK's gRPC query router does, "rpc error: code = NotFound" in the log (what cosmjs'
 *   StargateClient.getAccount reads as no account).
 * Anything else is JSON-RPC's -32601 "Method not found": the simulator serves what the client needs.
 */
import { createHash } from "node:crypto";
import { BaseAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { QueryAccountRequest, QueryAccountResponse } from "cosmjs-types/cosmos/auth/v1beta1/query";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import type { AuthModule } from "./sim-auth.js";

export interface NodeView {
  chainId: string;
  height: number;
  timeIso: string;
  auth: AuthModule;
}

const hex = (text: string) => createHash("sha256").update(text).digest("hex").toUpperCase();

function status(node: NodeView) {
  return {
    node_info: {
      protocol_version: { p2p: "8", block: "11", app: "0" },
      id: hex(`node|${node.chainId}`).slice(0, 40).toLowerCase(),
      listen_addr: "tcp://127.0.0.1:26656",
      network: node.chainId,
      version: "0.38.17",
      channels: "40202122233038606100",
      moniker: `simulator-${node.chainId}`,
      other: { tx_index: "on", rpc_address: "tcp://127.0.0.1:26657" },
    },
    sync_info: {
      latest_block_hash: hex(`block|${node.chainId}|${node.height}`),
      latest_app_hash: hex(`app|${node.chainId}|${node.height}`),
      latest_block_height: String(node.height),
      latest_block_time: node.timeIso,
      catching_up: false,
    },
    validator_info: {
      address: hex(`validator|${node.chainId}`).slice(0, 40),
      pub_key: { type: "tendermint/PubKeyEd25519", value: Buffer.from(hex(`validator key|${node.chainId}`).slice(0, 32)).toString("base64") },
      voting_power: "0",
    },
  };
}

const abciAnswer = (node: NodeView, fields: { code: number; log: string; value?: Uint8Array; codespace?: string }) => ({
  response: { code: fields.code, log: fields.log, info: "", index: "0", key: null, value: fields.value === undefined ? null : Buffer.from(fields.value).toString("base64"), proofOps: null, height: String(node.height), codespace: fields.codespace ?? "" },
});

function abciQuery(node: NodeView, params: { path?: unknown; data?: unknown }) {
  if (params.path !== "/cosmos.auth.v1beta1.Query/Account") return abciAnswer(node, { code: 6, log: `unknown query path: ${String(params.path)}`, codespace: "sdk" });
  const { address } = QueryAccountRequest.decode(Buffer.from(String(params.data ?? ""), "hex"));
  const account = node.auth.account(address);
  if (account === undefined) return abciAnswer(node, { code: 22, log: `rpc error: code = NotFound desc = account ${address} not found: key not found`, codespace: "sdk" });
  const base = BaseAccount.fromPartial({
    address,
    accountNumber: account.number,
    sequence: account.sequence,
    ...(account.pubkey === undefined ? {} : { pubKey: { typeUrl: "/cosmos.crypto.secp256k1.PubKey", value: PubKey.encode({ key: account.pubkey }).finish() } }),
  });
  const value = QueryAccountResponse.encode({ account: { typeUrl: "/cosmos.auth.v1beta1.BaseAccount", value: BaseAccount.encode(base).finish() } }).finish();
  return abciAnswer(node, { code: 0, log: "", value });
}

/** One JSON-RPC request to the node (its body's text): the response object (a result or an error). */
export function cometRpc(node: NodeView, text: string): Record<string, unknown> {
  let request: unknown;
  try {
    request = JSON.parse(text);
  } catch {
    return { jsonrpc: "2.0", id: -1, error: { code: -32700, message: "Parse error" } };
  }
  const { id, method, params } = (request ?? {}) as { id?: unknown; method?: unknown; params?: Record<string, unknown> };
  const reply = (body: Record<string, unknown>) => ({ jsonrpc: "2.0", id: id ?? -1, ...body });
  if (method === "status") return reply({ result: status(node) });
  if (method === "abci_query") return reply({ result: abciQuery(node, params ?? {}) });
  return reply({ error: { code: -32601, message: "Method not found", data: String(method) } });
}
