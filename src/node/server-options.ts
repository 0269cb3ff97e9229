/**
 * The one check of `startServer`'s options (a bad one is `invalid_config` naming it, before any
 * port is taken). The router itself is checked by LiveRouter, the handler's options by the
 * handler (`createService`), each where it is used.
 */
import * as z from "zod";
import { ServiceMetrics } from "../http/metrics.js";

const callback = z.custom<(...args: never[]) => unknown>((value) => typeof value === "function", "must be a function");
const milliseconds = z.int().min(0);

export const StartServerOptionsSchema = z.looseObject({
  router: z.unknown().optional(),
  source: z
    .strictObject({
      network: z.enum(["mainnet", "testnet"]).optional(),
      dataset: z.string().optional(),
      registry: z.string().optional(),
      chainRegistry: z.boolean().optional(),
      overrides: z.string().optional(),
      venues: z.string().optional(),
      state: z.string().optional(),
      url: z.string().optional(),
      publicKey: z.string().optional(),
    })
    .optional(),
  reload: z
    .looseObject({
      signal: z.union([z.boolean(), z.string()]).optional(),
      watch: z.union([z.boolean(), z.looseObject({})]).optional(),
      prepare: callback.optional(),
      pollMs: z.int().min(100).optional(),
      remote: z.looseObject({ sequence: z.int(), dataVersion: z.string() }).optional(),
    })
    .optional(),
  port: z.int().min(0).max(65_535).optional(),
  host: z.string().min(1).optional(),
  accessLog: z.union([z.boolean(), callback]).optional(),
  quiet: z.boolean().optional(),
  log: callback.optional(),
  headersTimeoutMs: milliseconds.optional(),
  requestTimeoutMs: milliseconds.optional(),
  keepAliveTimeoutMs: milliseconds.optional(),
  maxConnections: z.int().min(1).optional(),
  drainTimeoutMs: milliseconds.optional(),
  drainIdleGraceMs: milliseconds.optional(),
  maxPipelined: z.int().min(0).optional(),
  outputBudgetBytes: z.int().min(1).optional(),
  sendTimeoutMs: z.int().min(1).optional(),
  maxQueueWaitMs: z.int().min(1).optional(),
  svgBudgetMs: z.int().min(1).optional(),
  maxSvgQueued: z.int().min(0).optional(),
  conformance: z.unknown().optional(),
  onConformance: callback.optional(),
  metrics: z.union([z.boolean(), z.instanceof(ServiceMetrics)]).optional(),
});

/** Defaults of the limits (also the `serve` flags' defaults). */
export const SERVER_DEFAULTS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 10_000,
  drainTimeoutMs: 10_000,
  drainIdleGraceMs: 1_000,
  maxPipelined: 1024,
  outputBudgetBytes: 4 * 1024 * 1024,
  sendTimeoutMs: 10_000,
  maxQueueWaitMs: 2_000,
  svgBudgetMs: 30_000,
  maxSvgQueued: 4,
} as const;
