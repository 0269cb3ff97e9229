#!/usr/bin/env node
// Records explain answers of a built library (a dist/ directory) for a fixed sample of requests on
// three routers: the shipped mainnet dataset, a synthetic registry (bench/synthetic-registry.mjs,
// scale 1, seed 7) and fixtures/explain-registry.json. Each answer is kept as the SHA-256 of its
// JSON text plus a readable summary, so test/explain/recorded-answers.test.ts can show that a new
// implementation answers byte for byte as the one recorded.
//
//   node test/explain/record-answers.mjs <dist-dir> fixtures/explain-answers.json <commit of dist-dir>
//
// fixtures/explain-answers.json was recorded from commit 9d5a11b: the explain of 8ddb836 (it re-ran
// the route search once per route it returned) on the data and answer spelling of issue 25 (EIP-55
// addresses, the forwards_after_bridge flag), before explain was rebuilt on one search.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { registryProfile } from "../../bench/registry-profile.mjs";
import { syntheticRegistry } from "../../bench/synthetic-registry.mjs";
import { requestSample } from "./answer-sample.mjs";

const [dist, out, commit] = process.argv.slice(2);
if (dist === undefined || out === undefined || commit === undefined) {
  console.error("usage: record-answers.mjs <dist-dir> <out.json> <commit of dist-dir>");
  process.exit(2);
}
const lib = await import(pathToFileURL(`${dist}/index.js`).href);
const { explain } = await import(pathToFileURL(`${dist}/explain.js`).href);
const mainnetText = (await import(pathToFileURL(`${dist}/data/mainnet.js`).href)).default;

const mainnet = await lib.loadRouter({ dataset: mainnetText });
const synthetic = lib.buildRouter(lib.parseRegistry(syntheticRegistry(registryProfile(mainnet.registry), { scale: 1, seed: 7 }).registry));
const fixture = lib.buildRouter(lib.parseRegistry(JSON.parse(readFileSync("fixtures/explain-registry.json", "utf8"))));
const routers = { mainnet, synthetic, fixture };

const answers = [];
const started = performance.now();
for (const [name, router] of Object.entries(routers)) {
  for (const request of requestSample(name, router)) {
    const t = performance.now();
    // The verdict came after the recording: the answer without it is hashed, as recorded-answers.test.ts compares it.
    const { verdict, ...answer } = explain(router, request);
    const text = JSON.stringify(answer);
    answers.push({
      router: name,
      request,
      sha256: createHash("sha256").update(text).digest("hex"),
      bytes: text.length,
      reachable: answer.reachable,
      routes: answer.routes.length,
      codes: answer.reasons.map((reason) => reason.code),
    });
    const ms = performance.now() - t;
    if (ms > 2000) console.error(`${name} ${JSON.stringify(request)}: ${Math.round(ms)} ms, ${answer.routes.length} routes`);
  }
}
// One answer per line: a readable diff when the sample changes.
const about =
  "explain answers (SHA-256 of the JSON text of each answer, with a summary) recorded by test/explain/record-answers.mjs " +
  `from the implementation of commit ${commit}, which re-ran the route search once per route returned; ` +
  "test/explain/recorded-answers.test.ts asks the same requests of the current one";
const source =
  `fungible-graph commit ${commit}, dist/ built by npm run build; mainnet: the shipped dataset; synthetic: bench/synthetic-registry.mjs scale 1 seed 7; fixture: fixtures/explain-registry.json`;
writeFileSync(out, `{\n "about": ${JSON.stringify(about)},\n "source": ${JSON.stringify(source)},\n "answers": [\n${answers.map((a) => `  ${JSON.stringify(a)}`).join(",\n")}\n ]\n}\n`);
console.error(`${answers.length} answers in ${Math.round(performance.now() - started)} ms`);
