#!/usr/bin/env node
/**
 * The `fungible-graph` command (package bin): dispatches to one module per command and turns
 * every failure into a message on stderr and an exit code (0 ok, 1 not found / fatal, 2 usage).
 */
import { version } from "../../package.json";
import { describeError, describeErrorJson, EXIT_OK, EXIT_USAGE, exitCodeFor, UsageError } from "./cli-error.js";
import { twoColumns, wrapParagraphs, type Command } from "./command.js";
import { print, printError, printErrorJson } from "./output.js";
import { closestNames, orList } from "./parse-flags.js";
import { helpWidth, styled } from "./terminal.js";

type Commands = typeof import("./commands.js");
/** A command of ./commands.ts, imported with all the others but `serve` when one of them runs. */
const other = (pick: (commands: Commands) => Command) => async () => pick(await import("./commands.js"));

/**
 * Every command by name, in the order the help lists them. `serve` is imported when it runs, the
 * others together when one of them runs (or the help lists them all): a `serve` start loads none
 * of their code (bench scenario 6), and a query command none of the server's.
 */
const COMMANDS = new Map<string, () => Promise<Command>>([
  ["serve", async () => (await import("./serve.js")).serve],
  ["from-source", other((c) => c.fromSource)],
  ["between", other((c) => c.between)],
  ["route", other((c) => c.route)],
  ["msgs", other((c) => c.msgs)],
  ["resume", other((c) => c.resume)],
  ["why", other((c) => c.why)],
  ["destinations", other((c) => c.destinations)],
  ["chains", other((c) => c.chains)],
  ["assets", other((c) => c.assets)],
  ["validate", other((c) => c.validate)],
  ["compile", other((c) => c.compile)],
  ["export", other((c) => c.exportCommand)],
  ["refresh-state", other((c) => c.refreshStateCommand)],
  ["publish", other((c) => c.publish)],
  ["keygen", other((c) => c.keygen)],
]);

const ABOUT = "Which fungible tokens can move between blockchains (IBC and bridges), and how.";

const NOTES = `Every command takes --help. An asset is <chain_id>:<denom> on every command (split at the
first ':'). Query commands answer from the dataset shipped in the package (--network mainnet,
the default, or testnet), or from --dataset FILE (\`compile\`), --registry FILE or
--chain-registry (the installed package, slow); --overrides FILE layers metadata corrections;
--state FILE (\`refresh-state\`) routes around channels and light clients the chains say are dead;
--json gives machine-readable output, errors included (serve answers over HTTP instead).
Tables fit the terminal (80 columns in a pipe, or $COLUMNS); --wide prints them whole.
Colour only on a terminal that has it; NO_COLOR turns it off, FORCE_COLOR on.
Exit codes: 0 ok, 1 not found, a file that cannot be read or written, or a fatal registry issue;
2 usage error.`;

async function helpText(): Promise<string> {
  const commands = await Promise.all([...COMMANDS.values()].map((load) => load()));
  const rows = commands.map((command) => [`${command.name} ${command.args}`.trim(), command.summary] as const);
  return `usage: fungible-graph <command> [flags]\n\n${ABOUT}\n\ncommands:\n${twoColumns(rows, helpWidth())}\n\n${wrapParagraphs(NOTES, helpWidth())}`;
}

/** `--json` (or `--format json`) anywhere before `--`: the caller reads errors as JSON too, usage errors included. */
function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf("--");
  const flags = end < 0 ? argv : argv.slice(0, end);
  return flags.some((arg, at) => arg === "--json" || arg === "--format=json" || (arg === "--format" && flags[at + 1] === "json"));
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === "--help" || name === "-h" || name === "help") {
    print(await helpText());
    return EXIT_OK;
  }
  if (name === "--version" || name === "-v") {
    print(version);
    return EXIT_OK;
  }
  if (name === undefined) {
    printError(await helpText());
    return EXIT_USAGE;
  }
  const load = COMMANDS.get(name);
  if (!load) {
    const close = closestNames(name, [...COMMANDS.keys()]);
    throw new UsageError(`unknown command "${name}"${close.length === 0 ? "" : `; did you mean ${orList(close)}?`}`);
  }
  const command = await load();
  return command.run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (wantsJson(process.argv.slice(2))) printErrorJson(describeErrorJson(error));
    else printError(describeError(error).replace(/^(internal )?error:/, (prefix) => styled("red", prefix)));
    // The stack is for developers only, on request; users get the one-line message above.
    if (process.env.FUNGIBLE_GRAPH_DEBUG && error instanceof Error && error.stack) printError(error.stack);
    process.exitCode = exitCodeFor(error);
    // A cluster worker's IPC channel would keep it alive; letting go tells the primary it failed.
    if (process.connected) process.disconnect();
  },
);
