/** `fungible-graph msgs <chain_id>:<denom> <chain_id>:<denom> --amount N --address <chain_id>=<address>...`: the transfer messages of the chosen route. */
import type { TransferMessages } from "../msgs/transfer-messages.js";
import { ASSET_ARG, parseAssetArg } from "./asset-arg.js";
import { EXIT_OK, UsageError } from "./cli-error.js";
import { defineCommand, JSON_OPTION } from "./command.js";
import { ROUTER_OPTIONS, routerOfCommand } from "./load-router.js";
import { print, printJson } from "./output.js";

const NAME = "msgs";

export const msgs = defineCommand({
  name: NAME,
  positionals: [ASSET_ARG, ASSET_ARG],
  summary: "the transfer messages (MsgTransfer, Noble's MsgDepositForBurn) of the chosen route",
  description: `Prints one message per transaction of the route between two assets, ready to sign:
each as cosmjs's EncodeObject JSON and as protobuf bytes (base64). An IBC transaction is an
ICS-20 MsgTransfer, hops a chain forwards without a new transaction packet-forward memos; a
bridge leg from a Cosmos chain is its own message: CCTP from Noble a MsgDepositForBurn, Eureka
from the Hub a MsgTransfer over its IBC v2 client, Axelar a MsgTransfer to Axelar's GMP account
with its memo. A fee the hosted API would quote for a bridge leg is named under the message,
never invented. Give the amount in base units and the user's address on every chain the route
needs one (the source, each chain a later transaction starts on, the destination: 0x hex on an
EVM chain; the error names a missing one). Routes with a swap or another bridge leg are refused.
docs/msgs.md explains every field.`,
  options: {
    amount: { type: "string", arg: "N", help: "amount in the source asset's base units (required)" },
    address: { type: "string", arg: "CHAIN=ADDR", multiple: true, help: "the user's address on a chain (bech32, or 0x hex on an EVM chain), as <chain_id>=<address>" },
    "timeout-seconds": { type: "string", arg: "N", help: "seconds until each packet times out (default 300)" },
    ...ROUTER_OPTIONS,
    json: { ...JSON_OPTION.json, help: "print the response body of POST /v2/fungible/msgs_direct (route, msgs, txs, unquoted_fees)" },
  },
  async run(values, [fromText, toText]) {
    const from = parseAssetArg(NAME, fromText!);
    const to = parseAssetArg(NAME, toText!);
    if (values.amount === undefined) throw new UsageError(`${NAME}: --amount is required (base units, e.g. 1000000 for 1 ATOM)`, NAME);
    const addresses = Object.fromEntries((values.address ?? []).map((text) => addressArg(NAME, text)));
    const timeout = values["timeout-seconds"];
    if (timeout !== undefined && !/^[1-9][0-9]{0,6}$/.test(timeout)) throw new UsageError(`${NAME}: --timeout-seconds must be whole seconds, got "${timeout}"`, NAME);
    const router = await routerOfCommand(NAME, values);
    const timeout_seconds = timeout === undefined ? undefined : Number(timeout);
    if (values.json) {
      printJson(
        (await import("../msgs/skip-messages.js")).skipMsgsDirect(router, {
          source_asset_chain_id: from.chain_id,
          source_asset_denom: from.denom,
          dest_asset_chain_id: to.chain_id,
          dest_asset_denom: to.denom,
          amount_in: values.amount,
          chain_ids_to_addresses: addresses,
          allow_multi_tx: true,
          ...(timeout_seconds === undefined ? {} : { timeout_seconds }),
        }),
      );
    } else {
      // Loaded on demand, like serve's server: the other commands' start and heap leave the message builder out.
      const { transferMessages } = await import("../msgs/transfer-messages.js");
      print(renderMessages(transferMessages(router, { from, to, amount: values.amount, addresses, ...(timeout_seconds === undefined ? {} : { timeout_seconds }) })));
    }
    return EXIT_OK;
  },
});

export function addressArg(command: string, text: string): [string, string] {
  const at = text.indexOf("=");
  if (at <= 0 || at === text.length - 1) throw new UsageError(`${command}: --address takes <chain_id>=<address>, got "${text}"`, command);
  return [text.slice(0, at), text.slice(at + 1)];
}

export function renderMessages(built: TransferMessages): string {
  const { route } = built;
  const head = `${route.from.chain_id} ${route.from.denom} -> ${route.to.chain_id} ${route.to.denom}: ${built.messages.length} transaction${built.messages.length === 1 ? "" : "s"}, sign in order`;
  const blocks = built.messages.map((message) =>
    [
      `transaction ${message.tx_index + 1}: sign on ${message.chain_id} as ${message.signer}; path ${message.path.join(" -> ")}`,
      JSON.stringify(message.encode_object, null, 2),
      `protobuf (base64): ${base64(message.bytes)}`,
      ...message.unquoted_fees.map((fee) => `not quoted here (${fee.bridge}): ${fee.what}`),
    ].join("\n"),
  );
  return [head, ...blocks].join("\n\n");
}

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64");
}
