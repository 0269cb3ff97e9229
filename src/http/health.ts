/**
 * The body of `GET /health`: liveness plus which data the service answers from, and whether the
 * last reload took. A load balancer reads `status`; an operator reads the rest.
 */
import * as z from "zod/mini";
import { ProvenanceSchema } from "../dataset/data-version.js";

export const LastReloadSchema = z.readonly(
  z.object({
    ok: z.boolean().check(z.describe("Whether the last reload was swapped in (or found the data unchanged)")),
    error: z.nullable(z.string()).check(z.describe("Why the last reload was refused; null when it succeeded")),
    at: z.iso.datetime().check(z.describe("When the last reload finished (ISO 8601, UTC)")),
  }),
);

/**
 * Whether a reload is being prepared now: a load of a large file can take minutes, and an operator
 * must see it is under way (and since when) before the outcome lands in `last_reload`.
 */
const ReloadStateSchema = z.readonly(
  z.object({
    state: z.enum(["idle", "running"]).check(z.describe("`running` while a reload is being prepared or swapped in")),
    since: z.nullable(z.iso.datetime()).check(z.describe("When the running reload started (ISO 8601, UTC); null when idle")),
  }),
);

/** A file the served data was read from, as `serve` saw it. */
const ServedFileSchema = z.readonly(
  z.object({
    flag: z.enum(["registry", "dataset", "overrides", "venues", "state"]).check(z.describe("The serve flag that named the file")),
    name: z.string().check(z.describe("The file's base name (no directory)")),
    hash: z.string().check(z.describe("`sha256:` + 32 hex digits of SHA-256 of the file's bytes as read")),
  }),
);
export type ServedFile = z.infer<typeof ServedFileSchema>;

/** The signed pointer a published dataset was fetched by (`serve --dataset-url`, `followDataset`). */
const PublicationSchema = z.readonly(
  z.object({
    sequence: z.number().check(z.int(), z.gte(0), z.describe("The pointer's sequence: a fleet's replicas serving the same publication report the same number")),
    published_at: z.iso.datetime().check(z.describe("When the pointer was published (ISO 8601, UTC)")),
  }),
);
export type Publication = z.infer<typeof PublicationSchema>;

/** What /health says of a verified pointer. */
export const publicationOf = (pointer: { sequence: number; published_at: string }): Publication => ({ sequence: pointer.sequence, published_at: pointer.published_at });

/**
 * Where the data being served came from: the graph's provenance as loaded (before any dataset
 * `serve` compiles for itself, so a reload or a worker reports the same fields as a start), plus
 * the files it was read from, or the publication it was fetched by, when the server knows them.
 */
const ServedProvenanceSchema = z.readonly(
  z.extend(ProvenanceSchema.def.innerType, {
    files: z.optional(z.readonly(z.array(ServedFileSchema))).check(z.describe("The files the data was read from (serve; empty for built-in data)")),
    publication: z.optional(PublicationSchema).check(z.describe("The signed pointer a published dataset was fetched by; absent for other sources")),
  }),
);
export type ServedProvenance = z.infer<typeof ServedProvenanceSchema>;

export const HealthBodySchema = z.readonly(
  z.object({
    status: z.literal("ok"),
    chains: z.number().check(z.int(), z.gte(0), z.describe("Chains in the router being served")),
    data_version: z.string().check(z.describe("Content hash of the data behind every answer; also the X-Data-Version header")),
    provenance: ServedProvenanceSchema,
    loaded_at: z.iso.datetime().check(z.describe("When the router being served was swapped in (ISO 8601, UTC)")),
    last_reload: z.nullable(LastReloadSchema).check(z.describe("The last reload attempt; null when none happened yet")),
    reload: ReloadStateSchema.check(z.describe("A reload under way, if any")),
    state_age_seconds: z
      .optional(z.nullable(z.number().check(z.int())))
      .check(z.describe("Seconds since the state snapshot was made (provenance.state_created_at); absent without a snapshot")),
  }),
);
export type HealthBody = z.infer<typeof HealthBodySchema>;
export type LastReload = z.infer<typeof LastReloadSchema>;
