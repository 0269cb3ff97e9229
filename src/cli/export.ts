/**
 * `fungible-graph export --out DIR`: the static export (../export/static-export.ts) written to a
 * directory nginx serves with no compute (docs/operations.md, examples/nginx/). The answers are
 * the live handler's own, asked with the compressor `serve` uses, so every file holds the bytes
 * `serve` sends. DIR is built beside itself and renamed into place: it appears whole or not at all.
 */
import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { FungibleError, isFungibleError } from "../errors.js";
import type { ExportedAnswer } from "../export/static-export.js";
import { terminalText } from "../wire/safe-text.js";
import { EXIT_OK, UsageError } from "./cli-error.js";
import { defineCommand, JSON_OPTION } from "./command.js";
import { ROUTER_OPTIONS, routerOfCommand } from "./load-router.js";
import { print, printJson } from "./output.js";

const NAME = "export";
const ENCODINGS = ["br", "gzip"] as const;
const SUFFIX = { br: ".br", gzip: ".gz" } as const;

export const exportCommand = defineCommand({
  name: NAME,
  summary: "write every default GET answer as files nginx serves (static export)",
  description: `Writes every default GET answer of the data (each listed asset's assets_from_source,
each chain pair's assets_between_chains that has pairs, the discovery calls and /openapi.json) to
DIR/files/, plain and precompressed (.br, .gz), exactly as \`serve\` sends them, with
DIR/nginx-maps.conf (request target to file, ETag and Vary; each exported query's exact
default POST body, by hash, to file) and DIR/manifest.json. With
examples/nginx/static-export.conf, nginx serves them (GETs with no compute, those POSTs through
examples/nginx/static-export.js): see docs/operations.md.
DIR must not exist or be empty; it is written beside itself and renamed into place.`,
  options: {
    out: { type: "string", arg: "DIR", help: "the directory to write (required; absent or empty)" },
    ...ROUTER_OPTIONS,
    json: { ...JSON_OPTION.json, help: "print {out, data_version, answers, files, bytes, seconds, skipped} instead of the line" },
  },
  async run(values) {
    if (values.out === undefined || values.out === "") throw new UsageError(`${NAME}: --out DIR is required`, NAME);
    const out = values.out;
    await assertEmptyOrAbsent(out);
    const started = performance.now();
    const router = await routerOfCommand(NAME, values);
    // Loaded here, not with the command table: the other commands run without Hono in their heap.
    const [{ createService }, { buildStaticExport, exportTargets, nginxMaps }, { exportPosts }, { nodeCompressor }] = await Promise.all([
      import("../http/handler.js"),
      import("../export/static-export.js"),
      import("../export/static-export-post.js"),
      import("../node/compressor.js"),
    ]);
    const service = createService(router, { compressor: nodeCompressor, onInternalError: () => {} });
    const staging = join(dirname(out), `.${basename(out)}.${process.pid}.export`);
    await rm(staging, { recursive: true, force: true });
    let files = 0;
    let bytes = 0;
    const write = async (answer: ExportedAnswer) => {
      const path = join(staging, "files", answer.file);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, answer.identity);
      files += 1;
      bytes += answer.identity.byteLength;
      for (const encoding of ENCODINGS) {
        const encoded = answer.encoded[encoding];
        if (encoded === undefined) continue;
        await writeFile(path + SUFFIX[encoding], encoded);
        files += 1;
        bytes += encoded.byteLength;
      }
    };
    try {
      const { export: exported, skipped } = await buildStaticExport(service.fetch, exportTargets(router), ENCODINGS, write);
      const posts = await exportPosts(service.fetch, exported.answers, ENCODINGS);
      await writeFile(join(staging, "nginx-maps.conf"), nginxMaps(exported, posts));
      const manifest = {
        format: "fungible-graph-static-export/1",
        data_version: exported.dataVersion,
        headers: exported.shared,
        answers: exported.answers.map((answer) => ({ target: answer.target, file: answer.file, etag: answer.etag, vary: answer.vary, encodings: Object.keys(answer.encoded) })),
        // The POST forms nginx answers through examples/nginx/static-export.js: sha256 of the body's normal form.
        posts: posts.map((post) => ({ path: post.path, media_type: post.mediaType, key: post.key, file: post.file, vary: post.vary })),
        skipped,
      };
      await writeFile(join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
      await rm(out, { recursive: true, force: true });
      await rename(staging, out);
      const seconds = Math.round(performance.now() - started) / 1000;
      const written = { out, data_version: exported.dataVersion, answers: exported.answers.length, files, bytes, seconds, skipped: skipped.length };
      if (values.json) printJson(written);
      else print(`wrote ${out}: ${written.answers} answers in ${files} files, ${(bytes / 1024 / 1024).toFixed(1)} MiB, data_version ${written.data_version}, ${seconds} s`);
      return EXIT_OK;
    } catch (error) {
      await rm(staging, { recursive: true, force: true }).catch(() => {});
      const code = (error as NodeJS.ErrnoException).code;
      // A FungibleError (an answer the export refuses to write) keeps its own code and message.
      if (typeof code === "string" && !isFungibleError(error)) throw new FungibleError("file_unwritable", `${NAME}: cannot write "${terminalText(out)}" (${code})`);
      throw error;
    }
  },
});

/** An export never lands on top of another (a served directory holding two versions): DIR is new or empty. */
async function assertEmptyOrAbsent(out: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(out);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return;
    throw new FungibleError("file_unwritable", `${NAME}: cannot write "${terminalText(out)}" (${code === "ENOTDIR" ? "it is not a directory" : code})`);
  }
  if (entries.length > 0) throw new UsageError(`${NAME}: "${terminalText(out)}" is not empty; export to a new directory (one per data version) and point nginx at it`, NAME);
}
