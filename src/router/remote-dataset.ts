/**
 * A published dataset fetched and verified (docs/operations.md "Publishing datasets"): the signed
 * pointer first (bounded, revalidated with its ETag), its signature checked with the caller's
 * public key, its sequence against the one already served (no downgrade), then the file it names,
 * read no further than the signed size (and never past a hard cap), its SHA-256 checked before a
 * byte of it is parsed. Nothing unverified leaves this module. The runtime's own `fetch` with an
 * AbortSignal: runs on Node, Deno, Bun, Workers and browsers alike.
 */
import { FungibleError } from "../errors.js";
import { sha256Hex } from "../sha256.js";
import { readBodyBounded } from "./bounded-body.js";
import { parsePointer, parsePublicKey, POINTER_MAX_BYTES, verifyPointer, type Pointer } from "../dataset/pointer.js";

/** The largest dataset fetched (256 MiB): mainnet is under 1 MiB; more is a mistake or an attack. */
export const DATASET_MAX_BYTES = 256 * 1024 * 1024;
/** Default time for the pointer and the file together. */
export const FETCH_TIMEOUT_MS = 30_000;

/** What a reader remembers of the pointer it serves: the floor for the next one, and its ETag. */
export interface RemoteMark {
  sequence: number;
  dataVersion: string;
  /** The pointer's ETag as its server sent it (If-None-Match next time), or null. */
  etag: string | null;
  /** When the pointer was published (for logs and /health). */
  publishedAt: string;
}

export interface RemoteRequest {
  /** The pointer's URL; the files it names are beside it. */
  url: string;
  /** The publisher's Ed25519 public key (32 bytes, base64 or hex). */
  publicKey: unknown;
  /** What is served now: an older sequence is refused, an equal one is unchanged, its ETag is revalidated. */
  since?: RemoteMark | undefined;
  /** A pointer with a lower sequence is refused (a downgrade), as with `since`, but an equal one is fetched. */
  minSequence?: number | undefined;
  /** Time for the pointer and the file together (default 30 s). */
  timeoutMs?: number | undefined;
  /** Cap on the file's size (default and at most DATASET_MAX_BYTES). */
  maxBytes?: number | undefined;
  fn?: string;
}

export type RemoteResult =
  /** The pointer did not move (304, or the same sequence and data). */
  | { kind: "unchanged"; mark: RemoteMark }
  /** A newer pointer and its file, verified: the bytes are the signed ones. */
  | { kind: "fetched"; mark: RemoteMark; pointer: Pointer; bytes: Uint8Array };

export async function fetchSignedDataset(request: RemoteRequest): Promise<RemoteResult> {
  const fn = request.fn ?? "loadRouter";
  const publicKey = parsePublicKey(request.publicKey, fn);
  const pointerUrl = parseUrl(request.url, fn);
  const timeoutMs = request.timeoutMs ?? FETCH_TIMEOUT_MS;
  const cap = Math.min(request.maxBytes ?? DATASET_MAX_BYTES, DATASET_MAX_BYTES);
  const deadline = AbortSignal.timeout(timeoutMs);
  const get = (url: URL, what: string, headers: Record<string, string>, limit: number) => fetchBounded(url, what, headers, limit, deadline, timeoutMs, fn);

  const since = request.since;
  const first = await get(pointerUrl, "the pointer", since?.etag ? { "if-none-match": since.etag } : {}, POINTER_MAX_BYTES);
  if (first.status === 304) {
    if (since === undefined) throw new FungibleError("fetch_failed", `${fn}: ${pointerUrl.href} answered 304 to a request that was not conditional`);
    return { kind: "unchanged", mark: since };
  }
  const where = `${fn}: ${pointerUrl.href}`;
  const pointer = parsePointer(new TextDecoder("utf-8", { fatal: false }).decode(first.bytes!), where);
  await verifyPointer(pointer, publicKey, where);
  const mark: RemoteMark = { sequence: pointer.sequence, dataVersion: pointer.data_version, etag: first.etag, publishedAt: pointer.published_at };
  if (request.minSequence !== undefined && pointer.sequence < request.minSequence) {
    throw untrusted(["sequence"], `${where}: a downgrade: the pointer's sequence ${pointer.sequence} (published ${pointer.published_at}) is below ${request.minSequence}`);
  }
  if (since !== undefined) {
    if (pointer.sequence < since.sequence || (pointer.sequence === since.sequence && pointer.data_version !== since.dataVersion)) {
      throw untrusted(["sequence"], `${where}: a downgrade: the pointer's sequence ${pointer.sequence} (data ${pointer.data_version}, published ${pointer.published_at}) is not after the one being served, ${since.sequence} (${since.dataVersion})`);
    }
    if (pointer.sequence === since.sequence) return { kind: "unchanged", mark };
  }
  if (pointer.size > cap) {
    throw new FungibleError("payload_too_large", `${where}: the pointer names a file of ${pointer.size} bytes, over the cap of ${cap}`);
  }
  // Beside the pointer as served: after a redirect, beside where it was found.
  const fileUrl = new URL(pointer.files.json, first.url ?? pointerUrl);
  // Read one byte past the signed size, so a longer file is seen as such, not cut to fit.
  const file = await get(fileUrl, "the dataset", {}, pointer.size + 1);
  const bytes = file.bytes!;
  if (bytes.length !== pointer.size) {
    throw untrusted(["size"], `${fn}: ${fileUrl.href} is ${bytes.length > pointer.size ? "longer" : "shorter"} than the ${pointer.size} bytes the pointer signs; refused`);
  }
  const hash = sha256Hex(bytes);
  if (hash !== pointer.sha256) throw untrusted(["sha256"], `${fn}: ${fileUrl.href} does not have the SHA-256 the pointer signs (${hash.slice(0, 16)}... not ${pointer.sha256.slice(0, 16)}...): tampered; refused`);
  return { kind: "fetched", mark, pointer, bytes };
}

function untrusted(path: string[], message: string): FungibleError {
  return new FungibleError("untrusted_data", message, [{ path, message: path[0] === "sequence" ? "older than served" : "not as signed" }]);
}

function parseUrl(text: unknown, fn: string): URL {
  let url: URL | undefined;
  try {
    url = typeof text === "string" ? new URL(text) : undefined;
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== "https:" && url.protocol !== "http:")) {
    throw new FungibleError("invalid_config", `${fn}: url must be an absolute http(s) URL of a dataset pointer, got ${JSON.stringify(String(text)).slice(0, 120)}`);
  }
  return url;
}

interface Fetched {
  status: number;
  etag: string | null;
  /** The body (null for a 304). */
  bytes: Uint8Array | null;
  /** The URL answered, after redirects (null when the runtime does not say). */
  url: string | null;
}

/** GET `url`, its body read up to `limit` bytes (more is refused as soon as it arrives), within the shared deadline. */
async function fetchBounded(url: URL, what: string, headers: Record<string, string>, limit: number, signal: AbortSignal, timeoutMs: number, fn: string): Promise<Fetched> {
  const timedOut = () => new FungibleError("timeout", `${fn}: ${what} (${url.href}) did not arrive within ${timeoutMs / 1000} s`);
  let response: Response;
  try {
    response = await fetch(url, { headers, signal, redirect: "follow" });
  } catch (error) {
    if (signal.aborted) throw timedOut();
    throw new FungibleError("fetch_failed", `${fn}: cannot fetch ${what} (${url.href}): ${causeOf(error)}`);
  }
  if (response.status === 304) {
    await response.body?.cancel().catch(() => {});
    return { status: 304, etag: response.headers.get("etag"), bytes: null, url: null };
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new FungibleError("fetch_failed", `${fn}: ${what} (${url.href}) answered ${response.status} ${response.statusText}`.trimEnd());
  }
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  // A length header over the limit is refused unread (a compressed transfer's length is of the encoded bytes: it proves nothing, so it is not trusted below the limit).
  if (declared > limit && response.headers.get("content-encoding") === null) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge(fn, what, url, limit);
  }
  try {
    const bytes = await readBodyBounded(response, limit, () => tooLarge(fn, what, url, limit));
    return { status: response.status, etag: response.headers.get("etag"), bytes, url: response.url || null };
  } catch (error) {
    if (error instanceof FungibleError) throw error;
    if (signal.aborted) throw timedOut();
    throw new FungibleError("fetch_failed", `${fn}: reading ${what} (${url.href}) failed: ${causeOf(error)}`);
  }
}

function tooLarge(fn: string, what: string, url: URL, limit: number): FungibleError {
  // The dataset's limit is its signed size + 1: a longer body is not the signed file.
  if (what === "the dataset") return untrusted(["size"], `${fn}: ${url.href} is longer than the ${limit - 1} bytes the pointer signs; refused`);
  return new FungibleError("payload_too_large", `${fn}: ${what} (${url.href}) is over ${limit} bytes; refused`);
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  if (cause?.code) return cause.code;
  return error instanceof Error ? error.message : String(error);
}
