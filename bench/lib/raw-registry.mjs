/**
 * The raw `chain-registry` package data (camelCase, chain names), as a user of
 * `@chain-registry/utils` holds it, plus chain-name <-> chain-id lookups.
 */
import { createRequire } from "node:module";
import { ROOT } from "./package.mjs";

const require = createRequire(ROOT);

export function loadRawMainnet() {
  const { assetLists, chains, ibcData } = require("chain-registry/mainnet");
  const idByName = new Map(chains.filter((c) => c.chainId).map((c) => [c.chainName, c.chainId]));
  const nameById = new Map([...idByName].map(([name, id]) => [id, name]));
  return { assetLists, chains, ibcData, idByName, nameById };
}

export function loadChainRegistryUtils() {
  return require("@chain-registry/utils");
}

/** Runs `fn` with console.log/warn silenced (the utils print warnings inside their hot path). */
export function quietly(fn) {
  const { log, warn } = console;
  console.log = console.warn = () => {};
  try {
    return fn();
  } finally {
    console.log = log;
    console.warn = warn;
  }
}
