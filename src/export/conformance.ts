/**
 * The conformance corpus (fungible-graph-conformance/1): requests to the HTTP surface, each with the
 * status, ETag, content type and SHA-256 of the decoded body it must get for one data version.
 * `checkConformance` sends them to any fetch function (the handler in-process on Node, Deno, Bun;
 * a Worker under workerd; a server over HTTP) and lists every difference: two replicas or runtimes
 * that pass the same corpus give the same bytes and ETags. `serve --check-conformance` runs it as a
 * readiness check before listening. The corpus is data (fixtures/conformance/), written by
 * scripts/write-conformance.mjs from the request list next to it; runtime-neutral like the handler.
 */
import * as z from "zod/mini";
import { parseArgument } from "../arguments.js";
import { FungibleError } from "../errors.js";
import { sha256Hex } from "../sha256.js";

export const CONFORMANCE_FORMAT = "fungible-graph-conformance/1";
/** Bounds of what a corpus may ask: a corpus is read from a file an operator names. */
export const CONFORMANCE_LIMITS = { requests: 5_000, bodyBytes: 64 * 1024, pathChars: 4_096, timeoutMs: 10_000 } as const;

const HEX64 = /^[0-9a-f]{64}$/;

export const ConformanceRequestSchema = z.strictObject({
  /** Unique within the corpus: failures name it. */
  name: z.string().check(z.minLength(1), z.maxLength(200)),
  method: z.enum(["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"]),
  /** Path and query string as sent (percent-encoded), e.g. `/v2/fungible/assets_from_source?...`. */
  path: z.string().check(z.startsWith("/"), z.maxLength(CONFORMANCE_LIMITS.pathChars)),
  headers: z.optional(z.record(z.string().check(z.regex(/^[a-z0-9-]+$/, "header names in lower case")), z.string().check(z.maxLength(1_000)))),
  body: z.optional(z.string().check(z.maxLength(CONFORMANCE_LIMITS.bodyBytes))),
  expect: z.strictObject({
    status: z.int().check(z.gte(100), z.lte(599)),
    /** SHA-256 of the body after undoing Content-Encoding; null: not compared (e.g. /health, which tells the uptime). */
    body_sha256: z.nullable(z.string().check(z.regex(HEX64))),
    /** The ETag header; null: the answer has none. */
    etag: z.nullable(z.string().check(z.maxLength(200))),
    /** The Content-Type header; null: not compared. */
    content_type: z.nullable(z.string().check(z.maxLength(200))),
  }),
});
export type ConformanceRequest = z.infer<typeof ConformanceRequestSchema>;

export const ConformanceCorpusSchema = z
  .strictObject({
    format: z.literal(CONFORMANCE_FORMAT),
    /** The data version every answer must name (X-Data-Version) and that the expectations hold for. */
    data_version: z.string().check(z.minLength(1), z.maxLength(200)),
    /** How the corpus was written: the command that regenerates it. */
    generated_by: z.string().check(z.maxLength(1_000)),
    requests: z.array(ConformanceRequestSchema).check(z.minLength(1), z.maxLength(CONFORMANCE_LIMITS.requests)),
  })
  .check(z.refine((corpus) => new Set(corpus.requests.map((r) => r.name)).size === corpus.requests.length, "request names must be unique"));
export type ConformanceCorpus = z.infer<typeof ConformanceCorpusSchema>;

export interface ConformanceFailure {
  name: string;
  method: string;
  path: string;
  /** What differed, in one sentence: "status 404, expected 200". */
  problem: string;
}

export interface ConformanceReport {
  data_version: string;
  /** Requests sent. */
  checked: number;
  failures: ConformanceFailure[];
}

export interface ConformanceOptions {
  /** Origin the paths are resolved against (default http://conformance.invalid): only the path reaches the handler. */
  origin?: string;
  /**
   * Bodies arrive decoded although Content-Encoding names an encoding (an HTTP client such as
   * fetch over the network decodes them): hash them as they are.
   */
  bodiesDecoded?: boolean;
  /** Decodes an encoding DecompressionStream lacks here (br on Node 20: node:zlib). */
  decode?: (encoding: string, bytes: Uint8Array) => Promise<Uint8Array> | Uint8Array;
}

/** What a corpus is sent to: a fetch handler, or `fetch` itself against a running server (`origin`). */
export type ConformanceFetch = (request: Request) => Promise<Response> | Response;

// Checked where they enter, as every public function's arguments are (src/arguments.ts).
const FetchSchema = z.custom<ConformanceFetch>((value) => typeof value === "function");
const OptionsSchema = z.strictObject({
  origin: z.optional(z.url()),
  bodiesDecoded: z.optional(z.boolean()),
  decode: z.optional(z.custom<NonNullable<ConformanceOptions["decode"]>>((value) => typeof value === "function")),
});
const ReportSchema = z.object({ failures: z.array(z.object({ name: z.string(), method: z.string(), path: z.string(), problem: z.string() })) });

/** `corpus` checked against the corpus format: `invalid_config` naming what is wrong. */
export function parseConformanceCorpus(corpus: unknown): ConformanceCorpus {
  return parseArgument(ConformanceCorpusSchema, corpus, { fn: "checkConformance", arg: "corpus", code: "invalid_config", expected: `a ${CONFORMANCE_FORMAT} corpus` });
}

/** Sends every request of `corpus` to `fetch`, one at a time, and reports what differed. */
export async function checkConformance(fetchArg: ConformanceFetch, corpusArg: unknown, optionsArg: ConformanceOptions = {}): Promise<ConformanceReport> {
  const fetch = parseArgument(FetchSchema, fetchArg, { fn: "checkConformance", arg: "fetch", code: "invalid_config", expected: "a function (request) => Response" });
  const corpus = parseConformanceCorpus(corpusArg);
  const options = parseArgument(OptionsSchema, optionsArg, { fn: "checkConformance", arg: "options", code: "invalid_config" }) as ConformanceOptions;
  const origin = options.origin ?? "http://conformance.invalid";
  const failures: ConformanceFailure[] = [];
  for (const entry of corpus.requests) {
    const request = () =>
      new Request(new URL(entry.path, origin), {
        method: entry.method,
        headers: entry.headers ?? {},
        ...(entry.body === undefined ? {} : { body: entry.body }),
      });
    let problems: string[];
    try {
      problems = await withTimeout(async () => differences(await answerOf(fetch, request, entry), entry, corpus.data_version, options), entry.name);
    } catch (error) {
      problems = [`no answer: ${error instanceof Error ? error.message : String(error)}`];
    }
    for (const problem of problems) failures.push({ name: entry.name, method: entry.method, path: entry.path, problem });
  }
  return { data_version: corpus.data_version, checked: corpus.requests.length, failures };
}

/** A 503 with Retry-After is the service busy (a work budget spent on a cold cache), not another answer: asked again. */
const BUSY_RETRIES = 3;

async function answerOf(fetch: ConformanceFetch, request: () => Request, entry: ConformanceRequest): Promise<Response> {
  let response = await fetch(request());
  for (let retry = 0; retry < BUSY_RETRIES && response.status === 503 && entry.expect.status !== 503 && response.headers.has("retry-after"); retry++) {
    await response.arrayBuffer();
    const seconds = Number(response.headers.get("retry-after"));
    await new Promise((resolve) => setTimeout(resolve, Math.min(Number.isFinite(seconds) ? seconds : 1, 1) * 1000));
    response = await fetch(request());
  }
  return response;
}

/** One line per failure, for a log or a refusal to start. */
export function describeFailures(reportArg: ConformanceReport, maxArg = 10): string {
  const report = parseArgument(ReportSchema, reportArg, { fn: "describeFailures", arg: "report", expected: "a report of checkConformance" });
  const max = parseArgument(z.int().check(z.gte(0)), maxArg, { fn: "describeFailures", arg: "max" });
  const lines = report.failures.slice(0, max).map((f) => `  ${f.name} (${f.method} ${f.path}): ${f.problem}`);
  if (report.failures.length > max) lines.push(`  ... and ${report.failures.length - max} more`);
  return lines.join("\n");
}

async function differences(response: Response, entry: ConformanceRequest, dataVersion: string, options: ConformanceOptions): Promise<string[]> {
  const { expect } = entry;
  const problems: string[] = [];
  const seen = (name: string) => response.headers.get(name);
  if (response.status !== expect.status) problems.push(`status ${response.status}, expected ${expect.status}`);
  const version = seen("x-data-version");
  if (version !== dataVersion) problems.push(`X-Data-Version ${JSON.stringify(version)}, expected ${JSON.stringify(dataVersion)}`);
  if (seen("etag") !== expect.etag) problems.push(`ETag ${JSON.stringify(seen("etag"))}, expected ${JSON.stringify(expect.etag)}`);
  if (expect.content_type !== null && seen("content-type") !== expect.content_type) {
    problems.push(`Content-Type ${JSON.stringify(seen("content-type"))}, expected ${JSON.stringify(expect.content_type)}`);
  }
  const raw = new Uint8Array(await response.arrayBuffer());
  if (expect.body_sha256 === null) return problems;
  const encoding = (seen("content-encoding") ?? "identity").trim().toLowerCase();
  const body = options.bodiesDecoded || encoding === "identity" ? raw : await decoded(encoding, raw, options);
  const hash = sha256Hex(body);
  if (hash !== expect.body_sha256) problems.push(`body SHA-256 ${hash.slice(0, 16)}... (${body.byteLength} bytes), expected ${expect.body_sha256.slice(0, 16)}...`);
  return problems;
}

async function decoded(encoding: string, bytes: Uint8Array, options: ConformanceOptions): Promise<Uint8Array> {
  if (options.decode !== undefined) return options.decode(encoding, bytes);
  if (encoding !== "gzip" && encoding !== "deflate") throw new FungibleError("not_implemented", `cannot decode Content-Encoding ${encoding} here (pass options.decode)`);
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream(encoding));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A handler that never answers fails its request instead of hanging the check. */
async function withTimeout<T>(work: () => Promise<T>, name: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name}: no answer within ${CONFORMANCE_LIMITS.timeoutMs} ms`)), CONFORMANCE_LIMITS.timeoutMs);
  });
  try {
    return await Promise.race([work(), late]);
  } finally {
    clearTimeout(timer);
  }
}
