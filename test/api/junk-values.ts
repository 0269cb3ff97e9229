/**
 * Junk a caller from plain JavaScript may pass: anything fast-check makes (null prototypes,
 * boxed values, sparse arrays...), big strings, and hand-picked hostile values (getters and
 * Proxies that throw, a revoked Proxy, a `__proto__` own key). `near(good)` also replaces one
 * nested field of a good argument, so the checks behind the first one are reached too.
 */
import fc from "fast-check";

const boom = () => {
  throw new Error("boom from a caller's getter");
};

function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

const throwingTraps: ProxyHandler<object> = { get: boom, has: boom, ownKeys: boom, getPrototypeOf: boom, getOwnPropertyDescriptor: boom };

/**
 * A value made only when the call is made, shown by its label: fast-check prints counterexamples,
 * and printing a revoked Proxy or a throwing getter would throw in the reporter instead.
 */
export class Lazy {
  constructor(
    readonly label: string,
    readonly make: () => unknown,
  ) {}
  [fc.toStringMethod](): string {
    return `<${this.label}>`;
  }
}

/** The arguments as the function receives them: every `Lazy` made (inside objects and arrays too). */
export function materialize(value: unknown, depth = 0): unknown {
  if (value instanceof Lazy) return value.make();
  if (depth > 4 || typeof value !== "object" || value === null) return value;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return value;
  const keys = Object.keys(value);
  if (!keys.some((key) => (value as Record<string, unknown>)[key] instanceof Lazy || typeof (value as Record<string, unknown>)[key] === "object")) return value;
  const copy: Record<string, unknown> = Array.isArray(value) ? [] : Object.create(prototype as object | null);
  for (const key of keys) {
    Object.defineProperty(copy, key, { value: materialize((value as Record<string, unknown>)[key], depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/** Made fresh per call: some are stateful, and none may leak between calls. */
function hostileValues(): unknown[] {
  return [
    undefined,
    null,
    0,
    -0,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    2 ** 53,
    10n,
    true,
    "",
    " ",
    "x".repeat(100_000),
    "\u0000\u202e\ud800",
    Symbol("junk"),
    [],
    [undefined],
    new Array(3),
    {},
    Object.create(null),
    JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1}'),
    { get chain_id() { return boom(); }, get denom() { return boom(); }, get source_asset_chain_id() { return boom(); } },
    new Proxy({}, throwingTraps),
    new Proxy([], throwingTraps),
    revokedProxy(),
    () => "a function",
    new Date(Number.NaN),
    /regex/,
    new Map([["k", "v"]]),
    new Set([1]),
    new Uint8Array([1, 2, 3]),
    Promise.resolve(1),
    new Error("an error as an argument"),
    { then: boom },
  ];
}

const HOSTILE_COUNT = hostileValues().length;

function describeHostile(index: number): string {
  const value = hostileValues()[index];
  try {
    return typeof value === "string" ? `string of ${value.length}` : typeof value === "object" && value !== null ? "an object (see hostileValues)" : String(value);
  } catch {
    return "unprintable";
  }
}

export const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({
    withNullPrototype: true,
    withObjectString: true,
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withSparseArray: true,
    withTypedArray: true,
    withUnicodeString: true,
  }),
  fc.nat(100_000).map((length) => new Lazy(`"a" x ${length}`, () => "a".repeat(length))),
  fc.nat(HOSTILE_COUNT - 1).map((index) => new Lazy(`hostile value ${index}: ${describeHostile(index)}`, () => hostileValues()[index])),
);

/** `good` with one field, at any depth up to 3, replaced by junk; or junk in its place. */
export function near(good: unknown, depth = 0): fc.Arbitrary<unknown> {
  const keys = depth < 3 && typeof good === "object" && good !== null ? Object.keys(good) : [];
  if (keys.length === 0) return junk;
  return fc.oneof(
    junk,
    fc.constantFrom(...keys).chain((key) => near((good as Record<string, unknown>)[key], depth + 1).map((value) => withField(good as object, key, value))),
  );
}

function withField(good: object, key: string, value: unknown): unknown {
  const copy = (Array.isArray(good) ? [...(good as unknown[])] : { ...good }) as Record<string, unknown>;
  // Defined, not assigned: a `__proto__` field stays an own key.
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** The arguments of one call: each position good, junk, or good with junk inside. */
export function argumentsNear(good: readonly unknown[]): fc.Arbitrary<unknown[]> {
  return fc.tuple(...good.map((value) => fc.oneof(fc.constant(value), near(value))), fc.option(junk, { nil: undefined })).map(
    ([...args]) => {
      const extra = args.pop();
      // Sometimes one argument more than the function takes: it must be ignored or refused.
      return extra === undefined ? args : [...args, extra];
    },
  );
}
