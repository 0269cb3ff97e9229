/**
 * `fungible-graph resume <chain_id>:<denom> <chain_id>:<denom> --amount N --address <chain_id>=<address>... [--route FILE]`:
 * the rest of an interrupted transfer from where the funds are now (the first asset: what
 * /v2/tx/status's transfer_asset_release names), to the destination (the second), with its messages.
 */
import { ASSET_ARG, parseAssetArg } from "./asset-arg.js";
import { EXIT_OK, UsageError } from "./cli-error.js";
import { defineCommand, JSON_OPTION } from "./command.js";
import { ROUTER_OPTIONS, routerOfCommand } from "./load-router.js";
import { addressArg, renderMessages } from "./msgs.js";
import { print, printJson } from "./output.js";
import { readTextFile } from "../files/load-registry-file.js";
import type { ResumeRequest } from "../wire/msgs.js";

const NAME = "resume";

export const resume = defineCommand({
  name: NAME,
  positionals: [ASSET_ARG, ASSET_ARG],
  summary: "the rest of an interrupted transfer, from where the funds are now",
  description: `Given where the funds of a stopped transfer are now (the first asset: the chain and the
denom it holds them as, e.g. an ibc/ voucher on an intermediate chain, as /v2/tx/status's
transfer_asset_release names it), the destination asset, and the amount, prints the rest of the
route and one MsgTransfer per transaction, like msgs. With --route FILE (the interrupted route as
route --json or /v2/fungible/msgs_direct's caller kept it) and the funds at one of its hops, the
rest is that route from there; otherwise a route is searched from where the funds are.`,
  options: {
    amount: { type: "string", arg: "N", help: "the amount the funds are now, in base units (required)" },
    address: { type: "string", arg: "CHAIN=ADDR", multiple: true, help: "the user's bech32 address on a chain, as <chain_id>=<address>" },
    route: { type: "string", arg: "FILE", help: "the interrupted route (JSON, as route --json prints it)" },
    "timeout-seconds": { type: "string", arg: "N", help: "seconds until each packet times out (default 300)" },
    ...ROUTER_OPTIONS,
    json: { ...JSON_OPTION.json, help: "print the response body of POST /fungible-graph/v1/resume" },
  },
  async run(values, [atText, toText]) {
    const at = parseAssetArg(NAME, atText!);
    const to = parseAssetArg(NAME, toText!);
    if (values.amount === undefined) throw new UsageError(`${NAME}: --amount is required (base units of where the funds are)`, NAME);
    const timeout = values["timeout-seconds"];
    if (timeout !== undefined && !/^[1-9][0-9]{0,6}$/.test(timeout)) throw new UsageError(`${NAME}: --timeout-seconds must be whole seconds, got "${timeout}"`, NAME);
    const route = values.route === undefined ? undefined : routeOfFile(await readTextFile(values.route, "route"), values.route);
    const router = await routerOfCommand(NAME, values);
    const { resumeTransfer, resumedJson } = await import("../msgs/resume.js");
    const resumed = resumeTransfer(router, {
      at: { ...at, amount: values.amount },
      to,
      addresses: Object.fromEntries((values.address ?? []).map((text) => addressArg(NAME, text))),
      ...(route === undefined ? {} : { route }),
      ...(timeout === undefined ? {} : { timeout_seconds: Number(timeout) }),
    });
    if (values.json) printJson(resumedJson(resumed));
    else {
      const from = resumed.resumed_from === "rest_of_route" ? `the given route from hop ${resumed.hops_done! + 1}` : "a route searched from where the funds are";
      print(`resuming with ${from}\n\n${renderMessages(resumed)}`);
    }
    return EXIT_OK;
  },
});

/** The route file: `route --json`'s answer (`{route: {...}}`) or the route object itself. */
function routeOfFile(text: string, path: string): ResumeRequest["route"] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`${NAME}: --route "${path}" is not JSON`, NAME);
  }
  const inner = typeof json === "object" && json !== null && "route" in json ? (json as { route: unknown }).route : json;
  if (typeof inner !== "object" || inner === null) throw new UsageError(`${NAME}: --route "${path}" holds no route`, NAME);
  return inner as ResumeRequest["route"];
}
