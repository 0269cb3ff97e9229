/**
 * A schema with its parse compiled by zod (`z.compile`: one generated function that hands
 * anything it rejects to zod's own parse, so the errors are zod's) where the runtime allows
 * `new Function`, the schema itself where it does not (a Worker, zod's `jitless` setting). For
 * large nested values parsed on every call, such as a route in the msgs requests: zod/mini's
 * object parser is interpreted where classic zod compiled its own. A module of its own, so that
 * the browser core, which never calls it, does not bundle zod's compiler.
 */
import * as z from "zod/mini";
import { allowsCompiling } from "./fast-parse.js";

const compiledOf = new WeakMap<object, object>();

/** `schema` compiled, made on first use and kept (a compile costs far more than a parse). */
export function compiled<S extends z.core.$ZodType>(schema: S): S {
  let made = compiledOf.get(schema) as S | undefined;
  if (made === undefined) {
    made = allowsCompiling() ? z.compile(schema) : schema;
    compiledOf.set(schema, made);
  }
  return made;
}
