/**
 * The argument check of every public function: one zod parse, and one way to fail, a
 * `FungibleError` naming the function and the argument ("route: `from` must be an object
 * {chain_id, denom}, got undefined"), never a TypeError from deep inside. Callers from plain
 * JavaScript may pass anything: a getter or Proxy that throws, a revoked Proxy, a null-prototype
 * object, a huge string. Reading or describing such a value must not throw either.
 */
import * as z from "zod/mini";
import { detailsOfZodError, FungibleError, type FungibleErrorCode, safeParse } from "./errors.js";

/** The argument name of a request body: its issues are reported by their path alone, as HTTP clients see them. */
export const REQUEST = "request";

/** Which argument of which function, and how to report it. */
interface ArgumentSite {
  /** The public function or method, as users call it: `route`, `loadRouter`. */
  fn: string;
  /** The parameter's name: `from`, `options`, or `REQUEST` for a request body. */
  arg: string;
  /** What a right value looks like, for when the value is wrong as a whole: "an object {chain_id, denom}". */
  expected?: string;
  /** `invalid_request` (the default) for what a request or argument says, `invalid_config` for set-up options. */
  code?: FungibleErrorCode;
}

/** `value` parsed by `schema`, or `FungibleError` naming the function and the argument. */
export function parseArgument<S extends z.ZodMiniType>(schema: S, value: unknown, site: ArgumentSite): z.output<S> {
  const result = safeParseArgument(schema, value, site);
  if (result.success) return result.data;
  throw argumentError(value, site, site.code ?? "invalid_request", result.error);
}

/**
 * zod's `safeParse`, except that a value zod cannot even read (a getter or Proxy trap that
 * throws) is a `FungibleError` too: for parsers with their own report of zod's issues.
 */
export function safeParseArgument<S extends z.ZodMiniType>(schema: S, value: unknown, site: ArgumentSite): z.core.util.SafeParseResult<z.output<S>> {
  try {
    const result = safeParse(schema, value);
    // zod builds the error on first read, describing the input (its prototype...): read it here.
    if (!result.success) void result.error.issues;
    return result;
  } catch (error) {
    if (error instanceof FungibleError) throw error;
    throw new FungibleError(site.code ?? "invalid_request", `${site.fn}: \`${site.arg}\` could not be read (${messageOf(error)})`);
  }
}

/**
 * `value` checked by `schema` and returned as it is: for a caller's own answer object whose keys
 * are data (a parse copies through `z.record`, which drops a `__proto__` key).
 */
export function checkArgument<S extends z.ZodMiniType>(schema: S, value: unknown, site: ArgumentSite): z.input<S> {
  parseArgument(schema, value, site);
  return value as z.input<S>;
}

function argumentError(value: unknown, site: ArgumentSite, code: FungibleErrorCode, error: z.core.$ZodError): FungibleError {
  const { fn, arg } = site;
  const details = detailsOfZodError(error);
  // Wrong as a whole (not an object at all...): say what was expected and what came.
  const whole = error.issues.find((issue) => issue.path.length === 0 && issue.code === "invalid_type");
  if (whole !== undefined) {
    const what = site.expected === undefined ? `is invalid (${whole.message})` : `must be ${site.expected}`;
    return new FungibleError(code, `${fn}: \`${arg}\` ${what}, got ${describeValue(value)}`, details);
  }
  const prefix = arg === REQUEST ? [] : [arg];
  const summary = details
    .map((detail) => {
      const path = [...prefix, ...detail.path];
      return path.length > 0 ? `${path.join(".")}: ${detail.message}` : detail.message;
    })
    .join("; ");
  return new FungibleError(code, `${fn}: ${summary}`, details);
}

/** A short description of any value for a message; never throws, never quotes more than 40 characters. */
export function describeValue(value: unknown): string {
  try {
    if (value === null || value === undefined) return String(value);
    switch (typeof value) {
      case "string":
        return value.length > 40 ? `${JSON.stringify(value.slice(0, 40))}... (${value.length} characters)` : JSON.stringify(value);
      case "number":
      case "boolean":
      case "bigint":
        return `${typeof value} ${String(value)}`;
      case "symbol":
        return "a symbol";
      case "function":
        return "a function";
      default:
        return Array.isArray(value) ? `an array of ${value.length}` : "an object";
    }
  } catch {
    return "an unreadable value"; // a revoked Proxy
  }
}

function messageOf(error: unknown): string {
  try {
    return error instanceof Error ? error.message : describeValue(error);
  } catch {
    return "an unreadable error";
  }
}

const OPTIONS = z.optional(z.looseObject({}));

/**
 * An options argument: an object (its fields copied, so a getter runs once, here) or undefined
 * for none. Anything else is `invalid_config`: options are the caller's set-up, not a request.
 */
export function optionsArgument<T extends object>(value: T | undefined, fn: string, arg = "options"): Partial<T> {
  return (parseArgument(OPTIONS, value, { fn, arg, code: "invalid_config", expected: "an object or undefined" }) ?? {}) as Partial<T>;
}
