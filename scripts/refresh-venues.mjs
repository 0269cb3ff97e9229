#!/usr/bin/env node
// Refreshes the embedded venue facts (src/registry/data/swap-venues.json) from a snapshot dump
// fetched beforehand: reading the venues needs the network, this script does not (docs/data.md).
//
//   node scripts/refresh-venues.mjs DUMP.json [OUT.json]
//
// The dump is a venues file whose venues each name their source with its date in parentheses.
// The conversion and its checks are the library's own (src/registry/venue-facts.ts, bundled here
// by esbuild so Node runs it without a TypeScript step): what is written is what the build reads.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const DEFAULT_OUT = fileURLToPath(new URL("../src/registry/data/swap-venues.json", import.meta.url));
const FACTS_MODULE = fileURLToPath(new URL("../src/registry/venue-facts.ts", import.meta.url));

/** A TypeScript module of the library, bundled with its dependencies and imported. */
async function importSource(path) {
  const result = await build({ entryPoints: [path], bundle: true, write: false, format: "esm", platform: "node", target: "node20", logLevel: "silent" });
  return import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString("base64")}`);
}

function fail(message, status = 1) {
  process.stderr.write(`refresh-venues: ${message}\n`);
  process.exit(status);
}

const [dump, out = DEFAULT_OUT, ...extra] = process.argv.slice(2);
if (dump === undefined || dump.startsWith("-") || extra.length > 0) fail("usage: node scripts/refresh-venues.mjs DUMP.json [OUT.json]", 2);

let json;
try {
  json = JSON.parse(readFileSync(dump, "utf8"));
} catch (error) {
  fail(`cannot read "${dump}" as JSON: ${error.message}`);
}

const { factsFromSnapshot } = await importSource(FACTS_MODULE);
let converted;
try {
  converted = factsFromSnapshot(json);
} catch (error) {
  fail(error.message);
}
for (const { venue, denom } of converted.dropped) process.stderr.write(`refresh-venues: ${venue}: left out ${JSON.stringify(denom)} (no denom)\n`);
writeFileSync(out, `${JSON.stringify(converted.facts, null, 2)}\n`);
const counts = converted.facts.venues.map((venue) => `${venue.name} ${venue.denoms.length}`).join(", ");
process.stderr.write(`refresh-venues: wrote ${out}: ${counts} denoms\n`);
