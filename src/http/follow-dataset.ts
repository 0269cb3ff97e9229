/**
 * A service following a published dataset (`fungible-graph publish`) on a runtime with no threads,
 * timers or files to spare: a Worker, Deno Deploy, a service worker. It serves what it has (the
 * data bundled with it) and, when asked and at most every `everyMs`, revalidates the signed pointer
 * (ETag), fetches and verifies a newer file (./../router/remote-dataset.ts) and swaps it into the
 * LiveRouter. Nothing unverified is ever served: a refusal (tampered file, wrong key, downgrade,
 * unreachable server) keeps the data being served and is reported in /health (`last_reload`).
 * The Node server has its own reload path (src/node/live-reload.ts: a worker thread prepares it).
 */
import * as z from "zod/mini";
import { describeValue, optionsArgument, parseArgument } from "../arguments.js";
import { parsePublicKey } from "../dataset/public-key.js";
import { FungibleError, isFungibleError } from "../errors.js";
import type { RefusedPointer, RemoteMark } from "../router/remote-dataset.js";
import { resolveSource } from "../router/source.js";
import { publicationOf } from "./health.js";
import { isLiveRouter, type LiveRouter } from "./live-router.js";

export interface FollowDatasetOptions {
  /** The URL of the published dataset's signed pointer (`latest.json`). */
  url: string;
  /** The publisher's Ed25519 public key (`fungible-graph keygen` prints it): 32 bytes, or their base64 or hex. */
  publicKey: string | Uint8Array;
  /** Revalidate the pointer at most this often, in ms (default 60,000; at least 1,000). */
  everyMs?: number;
  /** Time for the pointer and the file together, in ms (default 30,000). */
  timeoutMs?: number;
  /** Refuse a pointer whose sequence is below this one (what a previous deployment served). */
  minSequence?: number;
  /** The clock, in ms (tests pin it); default `Date.now`. */
  now?: () => number;
}

export interface DatasetFollower {
  /**
   * Revalidates the pointer when the last check is `everyMs` old (one check at a time: a call while
   * one runs shares it) and swaps a newer verified dataset in. Never rejects: a swap or a refusal
   * is LiveRouter's `last_reload` (a pointer that did not move records nothing). Give it to the platform's `waitUntil` so the answer does not wait.
   */
  check(): Promise<void>;
  /** The pointer of the data being served; null until one was loaded. */
  readonly published: RemoteMark | null;
}

export const FOLLOW_DEFAULT_EVERY_MS = 60_000;

const FN = "followDataset";

const OptionsSchema = z.object({
  url: z.url({ protocol: /^https?$/ }),
  publicKey: z.union([z.string(), z.instanceof(Uint8Array)]),
  everyMs: z.optional(z.int().check(z.gte(1_000))),
  timeoutMs: z.optional(z.int().check(z.gte(1))),
  minSequence: z.optional(z.int().check(z.gte(0))),
  now: z.optional(z.custom<() => number>((value) => typeof value === "function")),
});

export function followDataset(live: LiveRouter, optionsArg: FollowDatasetOptions): DatasetFollower {
  if (!isLiveRouter(live)) throw new FungibleError("invalid_config", `${FN}: live must be a LiveRouter (it is what the fetch handler serves from), got ${describeValue(live)}`);
  const options = parseArgument(OptionsSchema, optionsArgument(optionsArg, FN), { fn: FN, arg: "options", code: "invalid_config" });
  const publicKey = parsePublicKey(options.publicKey, FN); // a wrong key is the set-up's fault: said now, not in /health later
  const everyMs = options.everyMs ?? FOLLOW_DEFAULT_EVERY_MS;
  const now = options.now ?? Date.now;
  let published: RemoteMark | null = null;
  // A pointer whose file was refused: asked again while the pointer names it, refused without its file.
  let refused: RefusedPointer | undefined;
  let lastCheck = -Infinity;
  let running: Promise<void> | null = null;

  // As serve's poll: a check that finds nothing new (the usual case, every minute) leaves /health
  // and the reload counters alone, unless it clears a refusal; a swap or a refusal is recorded.
  async function revalidate(): Promise<void> {
    try {
      const { fetchSignedDataset, refusedPointerOf } = await import("../router/remote-dataset.js");
      const result = await fetchSignedDataset({
        url: options.url,
        publicKey,
        since: published ?? undefined,
        minSequence: options.minSequence,
        timeoutMs: options.timeoutMs,
        refused,
        fn: FN,
      }).catch((error: unknown) => {
        refused = refusedPointerOf(error);
        throw error;
      });
      refused = undefined;
      if (result.kind === "fetched") {
        const router = await resolveSource({ kind: "url", bytes: result.bytes, dataVersion: result.mark.dataVersion }, {}, FN);
        live.swap(router, { ...router.provenance, publication: publicationOf(result.pointer) });
      }
      published = result.mark;
      if (result.kind === "fetched" || live.lastReload?.ok === false) live.recordReload({ ok: true });
    } catch (error) {
      live.recordReload({ ok: false, error: isFungibleError(error) ? error.message : `${FN}: ${String(error)}` });
    }
  }

  return {
    check() {
      if (running) return running;
      if (now() - lastCheck < everyMs) return Promise.resolve();
      lastCheck = now();
      running = revalidate().finally(() => {
        running = null;
      });
      return running;
    },
    get published() {
      return published;
    },
  };
}
