/**
 * The `fungible-graph` command (package bin): dispatches to one module per command and turns
 * every failure into a message on stderr and an exit code (0 ok, 1 not found / fatal, 2 usage).
 */
import { version } from "../../package.json";
import { between } from "./between.js";
import { describeError, EXIT_OK, EXIT_USAGE, exitCodeFor, UsageError } from "./cli-error.js";
import type { Command } from "./command.js";
import { compile } from "./compile.js";
import { fromSource } from "./from-source.js";
import { print, printError } from "./output.js";
import { closestNames, orList } from "./parse-flags.js";
import { route } from "./route.js";
import { serve } from "./serve.js";
import { validate } from "./validate.js";
import { why } from "./why.js";
import { chains } from "./chains.js";
import { assets } from "./assets.js";
import { refreshStateCommand } from "./refresh-state.js";
import { msgs } from "./msgs.js";

const COMMANDS = new Map<string, Command>([serve, fromSource, between, route, msgs, why, chains, assets, validate, compile, refreshStateCommand].map((command) => [command.name, command]));

const HELP = `usage: fungible-graph <command> [flags]

Which fungible tokens can move between blockchains (IBC and bridges), and how.

commands:
${commandList()}

Every command takes --help. An asset is <chain_id>:<denom> on every command (split at the
first ':'). Query commands answer from the dataset shipped in the package (--network mainnet,
the default, or testnet), or from --dataset FILE (\`compile\`), --registry FILE or
--chain-registry (the installed package, slow); --overrides FILE layers metadata corrections;
--state FILE (\`refresh-state\`) routes around channels and light clients the chains say are dead;
--json gives machine-readable output (serve answers over HTTP instead).
Exit codes: 0 ok, 1 not found, a file that cannot be read or written, or a fatal registry issue;
2 usage error.`;

function commandList(): string {
  const rows = [...COMMANDS.values()].map((command) => [`${command.name} ${command.args}`.trim(), command.summary] as const);
  const width = Math.max(...rows.map(([usage]) => usage.length)) + 2;
  return rows.map(([usage, summary]) => `  ${usage.padEnd(width)}${summary}`).join("\n");
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === "--help" || name === "-h" || name === "help") {
    print(HELP);
    return EXIT_OK;
  }
  if (name === "--version" || name === "-v") {
    print(version);
    return EXIT_OK;
  }
  if (name === undefined) {
    printError(HELP);
    return EXIT_USAGE;
  }
  const command = COMMANDS.get(name);
  if (!command) {
    const close = closestNames(name, [...COMMANDS.keys()]);
    throw new UsageError(`unknown command "${name}"${close.length === 0 ? "" : `; did you mean ${orList(close)}?`}`);
  }
  return command.run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    printError(describeError(error));
    // The stack is for developers only, on request; users get the one-line message above.
    if (process.env.FUNGIBLE_GRAPH_DEBUG && error instanceof Error && error.stack) printError(error.stack);
    process.exitCode = exitCodeFor(error);
    // A cluster worker's IPC channel would keep it alive; letting go tells the primary it failed.
    if (process.connected) process.disconnect();
  },
);
