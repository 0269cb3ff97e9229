/**
 * `fungible-graph keygen --out FILE`: a new Ed25519 key pair for `publish`. The key file (secret
 * key inside, mode 0600) is never written over an existing file; the public key is printed, for
 * replicas' `--public-key` and `loadRouter({ url, publicKey })`.
 */
import { lstat } from "node:fs/promises";
import { FungibleError } from "../errors.js";
import { writeFileAtomic } from "../files/write-file-atomic.js";
import { terminalText } from "../wire/safe-text.js";
import { EXIT_OK, UsageError } from "./cli-error.js";
import { defineCommand, JSON_OPTION } from "./command.js";
import { writeFailure } from "./compile.js";
import { print, printJson } from "./output.js";

const NAME = "keygen";

export const keygen = defineCommand({
  name: NAME,
  summary: "make an Ed25519 key pair to sign published datasets",
  description: `Writes a new Ed25519 key pair to --out FILE (JSON, readable by its owner only) for
\`fungible-graph publish --key FILE\`, and prints the public key (base64) that replicas verify with
(\`serve --dataset-url URL --public-key KEY\`, loadRouter({ url, publicKey })). An existing file is
never replaced: a lost or replaced key means a new public key on every replica.`,
  options: {
    out: { type: "string", arg: "FILE", help: "where to write the key pair (required; must not exist)" },
    json: { ...JSON_OPTION.json, help: "print {out, public_key} instead of the public key alone" },
  },
  async run(values) {
    if (values.out === undefined || values.out === "") throw new UsageError(`${NAME}: --out FILE is required`, NAME);
    const out = values.out;
    const there = await lstat(out).then(() => true, () => false);
    if (there) throw new FungibleError("file_unwritable", `${NAME}: "${terminalText(out)}" exists; a key file is never replaced (remove it first if that is meant)`);
    // Loaded here: the other commands' start needs none of the signature code.
    const { newKeyPair } = await import("../dataset/pointer.js");
    const { keyFileOf } = await import("./key-file.js");
    const { secretKey } = await newKeyPair();
    const file = await keyFileOf(secretKey);
    try {
      await writeFileAtomic(out, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
    } catch (error) {
      throw new FungibleError("file_unwritable", `${NAME}: cannot write "${terminalText(out)}" (${writeFailure(error)})`);
    }
    if (values.json) printJson({ out, public_key: file.public_key });
    else print(file.public_key);
    return EXIT_OK;
  },
});
