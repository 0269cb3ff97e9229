/**
 * The body of `GET /health`: liveness plus which data the service answers from, and whether the
 * last reload took. A load balancer reads `status`; an operator reads the rest.
 */
import * as z from "zod";
import { ProvenanceSchema } from "../engine/data-version.js";

export const LastReloadSchema = z
  .object({
    ok: z.boolean().describe("Whether the last reload was swapped in (or found the data unchanged)"),
    error: z.string().nullable().describe("Why the last reload was refused; null when it succeeded"),
    at: z.iso.datetime().describe("When the last reload finished (ISO 8601, UTC)"),
  })
  .readonly();

export const HealthBodySchema = z
  .object({
    status: z.literal("ok"),
    chains: z.number().int().min(0).describe("Chains in the graph being served"),
    data_version: z.string().describe("Content hash of the data behind every answer; also the X-Data-Version header"),
    provenance: ProvenanceSchema,
    loaded_at: z.iso.datetime().describe("When the graph being served was swapped in (ISO 8601, UTC)"),
    last_reload: LastReloadSchema.nullable().describe("The last reload attempt; null when none happened yet"),
  })
  .readonly();
export type HealthBody = z.infer<typeof HealthBodySchema>;
export type LastReload = z.infer<typeof LastReloadSchema>;
