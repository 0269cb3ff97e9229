/**
 * `fungible-graph publish --out DIR --key FILE [source flags]`: a dataset published to a directory
 * for a static server or a CDN: immutable files named by its data_version (plain, .gz, .br) and the
 * signed pointer latest.json (src/files/publish-dataset.ts). The source is any a query command
 * takes (the shipped dataset by default), through the one loader.
 */
import { FungibleError, isFungibleError } from "../errors.js";
import { compileDataset } from "../router/dataset-router.js";
import { FileTargetError } from "../files/write-file-atomic.js";
import { terminalText } from "../wire/safe-text.js";
import { EXIT_OK, UsageError } from "./cli-error.js";
import { defineCommand, JSON_OPTION } from "./command.js";
import { writeFailure } from "./compile.js";
import { ROUTER_OPTIONS, routerOfCommand } from "./load-router.js";
import { print, printJson } from "./output.js";

const NAME = "publish";

export const publish = defineCommand({
  name: NAME,
  summary: "publish a signed dataset to a directory (for a static server or CDN)",
  description: `Writes the dataset of the source flags (the shipped mainnet dataset by default; --dataset
FILE, --registry FILE, --chain-registry...) to --out DIR as immutable files named by its
data_version (NAME.json, NAME.json.gz, NAME.json.br), then the pointer DIR/latest.json: its
data_version, size, SHA-256, file names, time and sequence, signed with the Ed25519 key of --key
FILE (\`fungible-graph keygen\`). Serve DIR as static files; replicas follow it with
\`serve --dataset-url URL/latest.json --public-key KEY\`. The sequence only grows (the previous
pointer's + 1, at least the time in seconds): replicas refuse an older pointer.`,
  options: {
    out: { type: "string", arg: "DIR", help: "the directory to publish to (required; it must exist)" },
    key: { type: "string", arg: "FILE", help: "the key file of `keygen` to sign with (required)" },
    ...ROUTER_OPTIONS,
    venues: { type: "string", arg: "FILE", help: "swap venues file: replaces a registry's venues" },
    json: { ...JSON_OPTION.json, help: "print the signed pointer and the files written" },
  },
  async run(values) {
    if (!values.out) throw new UsageError(`${NAME}: --out DIR is required`, NAME);
    if (!values.key) throw new UsageError(`${NAME}: --key FILE is required (make one with \`fungible-graph keygen --out FILE\`)`, NAME);
    // Loaded here: the other commands' start needs none of the signature code.
    const { readKeyFile } = await import("./key-file.js");
    const key = await readKeyFile(values.key, NAME);
    const router = await routerOfCommand(NAME, values);
    // A dataset keeps the time it was compiled; other sources get this publish's.
    const text = compileDataset(router, { compiledAt: router.provenance.compiled_at ?? new Date().toISOString() });
    const { publishDataset } = await import("../files/publish-dataset.js");
    let result;
    try {
      result = await publishDataset(values.out, text, key.secretKey);
    } catch (error) {
      if (isFungibleError(error)) throw error;
      const why = error instanceof FileTargetError ? error.message : writeFailure(error);
      throw new FungibleError("file_unwritable", `${NAME}: cannot publish to "${terminalText(values.out)}" (${why})`);
    }
    const { pointer } = result;
    if (values.json) printJson({ out: values.out, public_key: key.publicKey, pointer, written: result.written });
    else {
      print(`published ${pointer.data_version} to ${values.out}: ${pointer.files.json} (${pointer.size} bytes${result.reused ? ", already there" : ""}), ` +
        `.gz, .br; latest.json sequence ${pointer.sequence}, signed by ${key.publicKey}`);
    }
    return EXIT_OK;
  },
});
