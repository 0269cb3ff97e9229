/**
 * `fungible-graph compile --out FILE`: sources -> one dataset. The source is the installed
 * `chain-registry` package (mainnet or --network testnet) or --registry FILE; --venues FILE
 * replaces the swap venues, --overrides FILE layers metadata corrections; the dataset records
 * each input's hash in its provenance.
 */
import { compileDataset } from "../router/dataset-router.js";
import { FungibleError } from "../errors.js";
import { EXIT_OK, UsageError } from "./cli-error.js";
import { defineCommand, JSON_OPTION } from "./command.js";
import { routerOfCommand } from "./load-router.js";
import { print, printJson } from "./output.js";
import { writeFileAtomic } from "../files/write-file-atomic.js";
import { terminalText } from "../wire/safe-text.js";

const NAME = "compile";

export const compile = defineCommand({
  name: NAME,
  summary: "compile sources into a dataset file",
  description: `Compiles a dataset (the compact, versioned format every command and loadRouter() load in
milliseconds) from the installed chain-registry package (--network, default mainnet) or from
--registry FILE, with --venues FILE replacing the swap venues and --overrides FILE layered on top.
Serve or query it with --dataset FILE; in code, loadRouter({ dataset }). chain-registry is an
optional package (npm install chain-registry). The datasets shipped in the package need none: as a
file, node -e 'import("fungible-graph/data/mainnet.js").then((m) => process.stdout.write(m.default))' > mainnet.json`,
  options: {
    out: { type: "string", arg: "FILE", help: "where to write the dataset (required)" },
    network: { type: "string", arg: "NAME", help: "chain-registry's mainnet (default) or testnet lists" },
    registry: { type: "string", arg: "FILE", help: "a registry in the project format instead of chain-registry" },
    venues: { type: "string", arg: "FILE", help: "swap venues file: replaces the source's venues" },
    overrides: { type: "string", arg: "FILE", help: "metadata overrides file layered over the source" },
    json: { ...JSON_OPTION.json, help: "print {out, chains, listed_assets, bytes, data_version} instead of the line" },
  },
  async run(values) {
    if (values.out === undefined || values.out === "") throw new UsageError(`${NAME}: --out FILE is required`, NAME);
    // The sources any command reads, through the one loader; without --registry, the chain-registry package.
    const router = await routerOfCommand(NAME, { ...values, "chain-registry": values.registry === undefined });
    const text = compileDataset(router);
    try {
      await writeFileAtomic(values.out, text);
    } catch (error) {
      throw new FungibleError("file_unwritable", `${NAME}: cannot write "${terminalText(values.out)}" (${writeFailure(error)})`);
    }
    const written = { out: values.out, chains: router.chainIds().length, listed_assets: router.registry.assets.length, bytes: Buffer.byteLength(text), data_version: router.dataVersion };
    if (values.json) printJson(written);
    else {
      print(`wrote ${written.out}: ${written.chains} chains, ${written.listed_assets} listed assets, ` +
        `${(text.length / 1024).toFixed(0)} KiB, data_version ${written.data_version}`);
    }
    return EXIT_OK;
  },
});

/** The system's code for a failed write, with what it means for the usual ones. */
export function writeFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const meaning: Record<string, string> = {
    ENOENT: "its directory does not exist",
    ENOTDIR: "a part of the path is not a directory",
    EACCES: "permission denied",
    EPERM: "permission denied",
    EISDIR: "it is a directory",
    EROFS: "the file system is read-only",
    ENOSPC: "no space left on the device",
  };
  if (code === undefined) return (error as Error).message;
  return meaning[code] ? `${code}: ${meaning[code]}` : code;
}
