/**
 * A published dataset fetched and verified (docs/operations.md "Publishing datasets"): the signed
 * pointer first (bounded, revalidated with its ETag), its signature checked with the caller's
 * public key, its sequence against the one already served (no downgrade), then the file it names,
 * read no further than the signed size (and never past a hard cap), its SHA-256 checked before a
 * byte of it is parsed. Nothing unverified leaves this module. Both go through the one fetch
 * (src/remote/bounded-fetch.ts: bounded, redirects only within the origin): runs on Node, Deno,
 * Bun, Workers and browsers alike. A pointer whose file was refused is remembered in the mark the
 * refusal carries (`refusedMarkOf`): asked again, the same pointer is refused without its file.
 */
import { FungibleError, type FungibleErrorCode } from "../errors.js";
import { sha256Hex } from "../sha256.js";
import { fetchBounded as fetchOutside, FetchProblem, type Fetched } from "../remote/bounded-fetch.js";
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
  /** A pointer whose file was refused before: the same pointer again is refused without fetching its file. */
  refused?: RefusedPointer | undefined;
  fn?: string;
}

/** A pointer whose file was refused (size, SHA-256, over the cap), and how: kept by the caller between polls. */
export interface RefusedPointer {
  url: string;
  sequence: number;
  dataVersion: string;
  sha256: string;
  code: FungibleErrorCode;
  message: string;
  details: { path: (string | number)[]; message: string }[];
}

const refusals = new WeakMap<object, RefusedPointer>();

/** The refused pointer an error of `fetchSignedDataset` asks its caller to remember (pass it as `refused` next time); undefined: nothing to remember. */
export function refusedPointerOf(error: unknown): RefusedPointer | undefined {
  return typeof error === "object" && error !== null ? refusals.get(error) : undefined;
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
  const mark: RemoteMark = { sequence: pointer.sequence, dataVersion: pointer.data_version, etag: first.headers.get("etag"), publishedAt: pointer.published_at };
  if (request.minSequence !== undefined && pointer.sequence < request.minSequence) {
    throw untrusted(["sequence"], `${where}: a downgrade: the pointer's sequence ${pointer.sequence} (published ${pointer.published_at}) is below ${request.minSequence}`);
  }
  if (since !== undefined) {
    if (pointer.sequence < since.sequence || (pointer.sequence === since.sequence && pointer.data_version !== since.dataVersion)) {
      throw untrusted(["sequence"], `${where}: a downgrade: the pointer's sequence ${pointer.sequence} (data ${pointer.data_version}, published ${pointer.published_at}) is not after the one being served, ${since.sequence} (${since.dataVersion})`);
    }
    if (pointer.sequence === since.sequence) return { kind: "unchanged", mark };
  }
  const previous = request.refused;
  if (previous !== undefined && previous.url === pointerUrl.href && previous.sequence === pointer.sequence && previous.dataVersion === pointer.data_version && previous.sha256 === pointer.sha256) {
    throw remember(new FungibleError(previous.code, `${previous.message} (remembered: this pointer's file is not fetched again until the pointer changes)`, previous.details), previous);
  }
  try {
    return { kind: "fetched", mark, pointer, bytes: await signedFile(pointer, first.url, cap, get, fn) };
  } catch (error) {
    // A file refused for what it is (not for a network hiccup) stays refused while the pointer names it.
    if (error instanceof FungibleError && (error.code === "untrusted_data" || error.code === "payload_too_large")) {
      throw remember(error, { url: pointerUrl.href, sequence: pointer.sequence, dataVersion: pointer.data_version, sha256: pointer.sha256, code: error.code, message: error.message, details: error.details.map((d) => ({ path: [...d.path], message: d.message })) });
    }
    throw error;
  }
}

function remember(error: FungibleError, refused: RefusedPointer): FungibleError {
  refusals.set(error, refused);
  return error;
}

/** The file a verified pointer names, beside it, checked against its signed size and SHA-256. */
async function signedFile(pointer: Pointer, pointerAt: string, cap: number, get: (url: URL, what: string, headers: Record<string, string>, limit: number) => Promise<Fetched>, fn: string): Promise<Uint8Array> {
  if (pointer.size > cap) {
    throw new FungibleError("payload_too_large", `${fn}: ${pointerAt}: the pointer names a file of ${pointer.size} bytes, over the cap of ${cap}`);
  }
  // Beside the pointer as served: after a redirect (within its origin), beside where it was found.
  const fileUrl = new URL(pointer.files.json, pointerAt);
  // Read one byte past the signed size, so a longer file is seen as such, not cut to fit.
  const file = await get(fileUrl, "the dataset", {}, pointer.size + 1);
  const bytes = file.bytes!;
  if (bytes.length !== pointer.size) {
    throw untrusted(["size"], `${fn}: ${fileUrl.href} is ${bytes.length > pointer.size ? "longer" : "shorter"} than the ${pointer.size} bytes the pointer signs; refused`);
  }
  const hash = sha256Hex(bytes);
  if (hash !== pointer.sha256) throw untrusted(["sha256"], `${fn}: ${fileUrl.href} does not have the SHA-256 the pointer signs (${hash.slice(0, 16)}... not ${pointer.sha256.slice(0, 16)}...): tampered; refused`);
  return bytes;
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

/** GET through the one fetch (src/remote/bounded-fetch.ts), its refusals said as FungibleErrors of this module. */
async function fetchBounded(url: URL, what: string, headers: Record<string, string>, limit: number, signal: AbortSignal, timeoutMs: number, fn: string): Promise<Fetched> {
  try {
    return await fetchOutside(url.href, { maxBytes: limit, signal, timeoutMs, headers });
  } catch (error) {
    if (!(error instanceof FetchProblem)) throw error;
    switch (error.kind) {
      case "timeout":
        throw new FungibleError("timeout", `${fn}: ${what} (${url.href}) did not arrive within ${timeoutMs / 1000} s`);
      case "too_large":
        // The dataset's limit is its signed size + 1: a longer body is not the signed file.
        if (what === "the dataset") throw untrusted(["size"], `${fn}: ${url.href} is longer than the ${limit - 1} bytes the pointer signs; refused`);
        throw new FungibleError("payload_too_large", `${fn}: ${what} (${url.href}) is over ${limit} bytes; refused`);
      case "http":
        throw new FungibleError("fetch_failed", `${fn}: ${what} (${url.href}) answered ${error.status}`);
      default:
        throw new FungibleError("fetch_failed", `${fn}: cannot fetch ${what} (${url.href}): ${error.detail}`);
    }
  }
}
