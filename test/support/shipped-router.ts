/**
 * The mainnet/testnet routers loaded from the datasets the package ships (dist/data/, written by
 * `npm run build`, which `npm test` runs first; FG_DIST: a private build's). Loading takes a
 * fraction of building from chain-registry, and test/router/dataset-mainnet.test.ts proves the
 * shipped data answers exactly as a router built from the installed chain-registry: tests that
 * are not about the chain-registry adapter use these. Loaded once per test file (per-file.ts: a
 * router grows as it decodes denoms, so files never share one).
 */
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { loadRouter, type AssetRouter } from "../../src/index.js";
import { perFile } from "./per-file.js";

export const DIST = process.env.FG_DIST ? `${process.env.FG_DIST.replace(/\/$/, "")}/` : fileURLToPath(new URL("../../dist/", import.meta.url));

const loaded = { mainnet: perFile(() => load("mainnet")), testnet: perFile(() => load("testnet")) };

/** The shipped dataset's JSON text: the default export of dist/data/<network>.js. */
export async function shippedDatasetText(network: "mainnet" | "testnet"): Promise<string> {
  const file = `${DIST}data/${network}.js`;
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` (npm test does it first)`);
  return ((await import(pathToFileURL(file).href)) as { default: string }).default;
}

const load = async (network: "mainnet" | "testnet") => loadRouter({ dataset: await shippedDatasetText(network) });

export function shippedRouter(network: "mainnet" | "testnet" = "mainnet"): Promise<AssetRouter> {
  return loaded[network]();
}
