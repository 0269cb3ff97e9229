/**
 * The one check of `startServer`'s options (a bad one is `invalid_config` naming it, before any
 * port is taken). The router itself is checked by LiveRouter, the handler's options by the
 * handler (`createService`), each where it is used.
 */
import * as z from "zod/mini";
import { MetricsOptionSchema } from "../http/metrics.js";

const callback = z.custom<(...args: never[]) => unknown>((value) => typeof value === "function", "must be a function");
const milliseconds = z.int().check(z.gte(0));

export const StartServerOptionsSchema = z.looseObject({
  router: z.optional(z.unknown()),
  source: z.optional(
    z.strictObject({
      network: z.optional(z.enum(["mainnet", "testnet"])),
      dataset: z.optional(z.string()),
      registry: z.optional(z.string()),
      chainRegistry: z.optional(z.boolean()),
      overrides: z.optional(z.string()),
      venues: z.optional(z.string()),
      state: z.optional(z.string()),
      stateOptions: z.optional(z.strictObject({ maxBlockAgeSeconds: z.optional(z.number().check(z.positive())), expiryWarningSeconds: z.optional(z.number().check(z.positive())) })),
      url: z.optional(z.string()),
      publicKey: z.optional(z.string()),
    }),
  ),
  reload: z.optional(
    z.looseObject({
      signal: z.optional(z.union([z.boolean(), z.string()])),
      watch: z.optional(z.union([z.boolean(), z.looseObject({})])),
      prepare: z.optional(callback),
      pollMs: z.optional(z.int().check(z.gte(100))),
      remote: z.optional(z.looseObject({ sequence: z.int(), dataVersion: z.string() })),
    }),
  ),
  port: z.optional(z.int().check(z.gte(0), z.lte(65_535))),
  host: z.optional(z.string().check(z.minLength(1))),
  accessLog: z.optional(z.union([z.boolean(), callback])),
  quiet: z.optional(z.boolean()),
  log: z.optional(callback),
  headersTimeoutMs: z.optional(milliseconds),
  requestTimeoutMs: z.optional(milliseconds),
  keepAliveTimeoutMs: z.optional(milliseconds),
  maxConnections: z.optional(z.int().check(z.gte(1))),
  drainTimeoutMs: z.optional(milliseconds),
  drainIdleGraceMs: z.optional(milliseconds),
  maxPipelined: z.optional(z.int().check(z.gte(0))),
  sendTimeoutMs: z.optional(z.int().check(z.gte(1))),
  maxEventLoopDelayMs: z.optional(milliseconds),
  svgBudgetMs: z.optional(z.int().check(z.gte(1))),
  maxSvgQueued: z.optional(z.int().check(z.gte(0))),
  conformance: z.optional(z.unknown()),
  onConformance: z.optional(callback),
  metrics: z.optional(MetricsOptionSchema),
  liveEndpoints: z.optional(z.record(z.string(), z.array(z.url({ protocol: /^https?$/ })).check(z.maxLength(50)))),
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
  sendTimeoutMs: 10_000,
  maxEventLoopDelayMs: 1_000,
  svgBudgetMs: 30_000,
  maxSvgQueued: 4,
} as const;
