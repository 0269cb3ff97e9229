/**
 * Every public function and method, fed junk from plain JavaScript: each call returns, or throws
 * (rejects) a FungibleError; never a TypeError from inside, never a hang. The entries' runtime
 * exports are enumerated, so a new export without a row in public-calls.ts fails here.
 * The chain-registry package is mocked by its mini fixture (the real one takes seconds to convert).
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { FungibleError } from "../../src/index.js";
import { argumentsNear, materialize } from "./junk-values.js";
import { CALLS, ENTRIES, METHODS, NOT_CALLED, type PublicCall } from "./public-calls.js";

vi.mock("chain-registry/mainnet/index.js", () => miniLists());
vi.mock("chain-registry/testnet/index.js", () => miniLists());
vi.mock("chain-registry/noncosmos/index.js", () => ({ assetLists: miniLists().nonCosmosAssetLists }));

function miniLists() {
  const text = readFileSync(new URL("../../fixtures/chain-registry-mini/chain-registry-mini.json", import.meta.url), "utf8");
  return JSON.parse(text) as { chains: unknown[]; assetLists: unknown[]; ibcData: unknown[]; nonCosmosAssetLists: unknown[] };
}

/** A call may take this long (a slow good call included) before it counts as a hang. */
const CALL_LIMIT_MS = 10_000;

async function settle(run: () => unknown): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`hung for ${CALL_LIMIT_MS} ms`)), CALL_LIMIT_MS);
  });
  try {
    return { ok: true, value: await Promise.race([Promise.resolve().then(run), hang]) };
  } catch (error) {
    return { ok: false, error };
  } finally {
    clearTimeout(timer);
  }
}

function describeError(error: unknown): string {
  try {
    return error instanceof Error ? `${error.constructor.name}: ${error.message}\n${error.stack}` : String(error);
  } catch {
    return "an unprintable error";
  }
}

async function checkCalls(name: string, call: PublicCall, invoke: (args: unknown[]) => unknown): Promise<void> {
  await fc.assert(
    fc.asyncProperty(argumentsNear(call.good), async (args) => {
      const outcome = await settle(() => invoke(args.map((arg) => materialize(arg))));
      if (outcome.ok) {
        await call.cleanup?.(outcome.value);
        return;
      }
      if (!(outcome.error instanceof FungibleError)) throw new Error(`${name} threw a non-FungibleError: ${describeError(outcome.error)}`);
      expect(outcome.error.message).toMatch(/^\S+: /); // names the function
    }),
    { numRuns: call.slow ? 25 : 150, interruptAfterTimeLimit: 60_000 },
  );
}

const isCallable = (value: unknown): value is (...args: unknown[]) => unknown => typeof value === "function";

describe("every public export", () => {
  for (const [entry, module] of Object.entries(ENTRIES)) {
    const callables = Object.entries(module).filter(([, value]) => isCallable(value)); // schemas and constants are values
    it(`${entry}: every callable export has a row (or a reason it is not called)`, () => {
      const rows = Object.keys(CALLS[entry] ?? {});
      const unlisted = callables.map(([name]) => name).filter((name) => !rows.includes(name) && !(name in NOT_CALLED));
      expect(unlisted).toEqual([]);
      expect(rows.filter((name) => !(name in module))).toEqual([]);
    });
    for (const [name, fn] of callables) {
      const call = CALLS[entry]?.[name];
      if (call === undefined) continue;
      it(`${entry} ${name}: junk arguments give a FungibleError or an answer`, async () => {
        const callable = fn as (...args: unknown[]) => unknown;
        await checkCalls(name, call, (args) => (call.construct ? Reflect.construct(callable, args) : callable(...args)));
      }, 240_000);
    }
  }
});

describe("every method of the objects the entries hand out", () => {
  for (const [kind, { target, calls }] of Object.entries(METHODS)) {
    it(`${kind}: every method has a row`, () => {
      const prototype = Object.getPrototypeOf(target()) as object;
      const methods = Object.getOwnPropertyNames(prototype).filter(
        (name) => name !== "constructor" && isCallable(Object.getOwnPropertyDescriptor(prototype, name)?.value),
      );
      expect(methods.sort()).toEqual(Object.keys(calls).sort());
    });
    for (const [name, call] of Object.entries(calls)) {
      it(`${kind}.${name}: junk arguments give a FungibleError or an answer`, async () => {
        await checkCalls(`${kind}.${name}`, call, (args) => {
          const object = target() as Record<string, (...args: unknown[]) => unknown>;
          return object[name]!(...args);
        });
      }, 240_000);
    }
  }
});
