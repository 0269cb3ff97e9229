/**
 * Classic zod's `z.preprocess`, which zod/mini lacks: the same pipe (a transform of the raw input,
 * then the schema), typed as classic types it, so a field keeps its schema's optionality (a bare
 * `z.pipe(z.transform(...), schema)` types its input as a required `unknown`).
 */
import * as z from "zod/mini";

export type Preprocess<S extends z.core.$ZodType> = z.ZodMiniType<z.output<S>, unknown, z.core.$ZodPreprocessInternals<S, unknown>>;

export function preprocess<S extends z.core.$ZodType>(fn: (input: unknown) => unknown, schema: S): Preprocess<S> {
  return z.pipe(z.transform(fn), schema) as unknown as Preprocess<S>;
}
