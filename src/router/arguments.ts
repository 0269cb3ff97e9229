/**
 * The checks `buildRouter` and `loadRouter` make first, so junk is a FungibleError naming them.
 * A router argument is checked by `routerArgument` (core.ts), by its brand.
 */
import * as z from "zod/mini";
import { parseArgument } from "../arguments.js";
import { ProvenanceSchema, type Provenance } from "../dataset/data-version.js";
import type { RegistryIssue } from "../registry/issues.js";
import { registryArgument, type Registry } from "../registry/schema.js";

const text = z.string();
const BuildOptionsSchema = z.optional(
  z.object({
    provenance: z.optional(ProvenanceSchema),
    issues: z.optional(z.array(z.looseObject({ severity: z.enum(["fatal", "warning"]), code: text, where: text, message: text }))),
    state: z.optional(z.unknown()),
  }),
);

/** `buildRouter(registry, options)`'s arguments checked: `[registry, options] = buildRouterArguments(registry, options)`. */
export function buildRouterArguments(
  registry: unknown,
  options: unknown,
): [Registry, { provenance?: Provenance; issues?: readonly RegistryIssue[]; state?: unknown }] {
  const site = { fn: "buildRouter", arg: "options", code: "invalid_config", expected: "an object {provenance, issues, state} or undefined" } as const;
  return [registryArgument(registry, "buildRouter"), (parseArgument(BuildOptionsSchema, options, site) ?? {}) as { provenance?: Provenance; issues?: readonly RegistryIssue[]; state?: unknown }];
}

/**
 * `loadRouter`'s options checked as a whole (`invalid_config`): an object with only the known
 * fields, read once here (a getter or Proxy that throws is refused). The fields' values are
 * checked where they are used (`parseRegistry`, `parseOverrides`, the network and dataset checks).
 */
const LoadRouterOptionsSchema = z.optional(
  z.partial(
    z.strictObject({
      network: z.unknown(),
      dataset: z.unknown(),
      registry: z.unknown(),
      overrides: z.unknown(),
      state: z.unknown(),
      stateOptions: z.unknown(),
      url: z.unknown(),
      publicKey: z.unknown(),
      minSequence: z.int().check(z.gte(0), z.lte(Number.MAX_SAFE_INTEGER)),
      timeoutMs: z.int().check(z.gte(1), z.lte(3_600_000)),
    }),
  ),
);

export function loadRouterOptions<T extends object>(options: T | undefined): T {
  const site = { fn: "loadRouter", arg: "options", code: "invalid_config", expected: "an object {network | dataset | registry | url and publicKey, overrides, state, stateOptions, minSequence, timeoutMs} or undefined" } as const;
  return (parseArgument(LoadRouterOptionsSchema, options, site) ?? {}) as T;
}
