/**
 * The checks `buildRouter` and `loadRouter` make first, so junk is a FungibleError naming them.
 * A router argument is checked by `routerArgument` (core.ts), by its brand.
 */
import * as z from "zod";
import { parseArgument } from "../arguments.js";
import { ProvenanceSchema, type Provenance } from "../dataset/data-version.js";
import type { RegistryIssue } from "../registry/issues.js";
import { registryArgument, type Registry } from "../registry/schema.js";

const text = z.string();
const BuildOptionsSchema = z
  .object({
    provenance: ProvenanceSchema.optional(),
    issues: z.array(z.looseObject({ severity: z.enum(["fatal", "warning"]), code: text, where: text, message: text })).optional(),
    state: z.unknown().optional(),
  })
  .optional();

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
const LoadRouterOptionsSchema = z
  .strictObject({
    network: z.unknown(),
    dataset: z.unknown(),
    registry: z.unknown(),
    overrides: z.unknown(),
    state: z.unknown(),
    url: z.unknown(),
    publicKey: z.unknown(),
    minSequence: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
    timeoutMs: z.int().min(1).max(3_600_000),
  })
  .partial()
  .optional();

export function loadRouterOptions<T extends object>(options: T | undefined): T {
  const site = { fn: "loadRouter", arg: "options", code: "invalid_config", expected: "an object {network | dataset | registry | url and publicKey, overrides, state, minSequence, timeoutMs} or undefined" } as const;
  return (parseArgument(LoadRouterOptionsSchema, options, site) ?? {}) as T;
}
