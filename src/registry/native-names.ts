/**
 * The names the hosted Skip Go API gives an EVM chain's native gas asset (`ethereum-native` for
 * `wei` on chain 1), kept as cited data (./data/native-names.json): a request may name the asset
 * either way, and answers spell it as the registry lists it. Checked once, on first use.
 */
import * as z from "zod/mini";
import { errorFromZod, safeParse } from "../errors.js";
// Only the keys read, by name (no import attribute: a JSON module so imported has only its default), so a
// bundle leaves out the file's "about", its documentation (checked by test/registry/data-files.test.ts).
import { names as namesFile } from "./data/native-names.json";

const NativeNamesSchema = z.record(
  z.string(),
  z.strictObject({ name: z.string().check(z.minLength(1)), denom: z.string().check(z.minLength(1)), source: z.string().check(z.minLength(10)) }),
);

let byChain: Map<string, { name: string; denom: string }> | undefined;

function nativeNames(): Map<string, { name: string; denom: string }> {
  if (byChain === undefined) {
    const parsed = safeParse(NativeNamesSchema, namesFile);
    if (!parsed.success) throw errorFromZod("invalid_registry", "native-names.json is invalid", parsed.error);
    byChain = new Map(Object.entries(parsed.data).map(([chainId, { name, denom }]) => [chainId, { name, denom }]));
  }
  return byChain;
}

/** The registry denom that `denom` names on `chainId` when it is the hosted API's name of the chain's native asset. */
export function nativeDenomNamed(chainId: string, denom: string): string | undefined {
  const entry = nativeNames().get(chainId);
  return entry !== undefined && entry.name === denom ? entry.denom : undefined;
}
