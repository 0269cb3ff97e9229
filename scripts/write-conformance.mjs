/**
 * Writes the conformance corpus: every request of fixtures/conformance/requests.json sent to the
 * built fetch handler (dist/, over the shipped mainnet dataset, no compressor: identity bytes),
 * with the status, ETag, content type and SHA-256 of the body it got.
 *
 *   npm run build && node scripts/write-conformance.mjs [OUT]   (default fixtures/conformance/mainnet.json)
 *
 * The expectations are the handler's own answers: test/http/conformance.test.ts checks some of them
 * against the oracle (test/oracle) and the contract's statuses, so a wrong answer cannot hide here.
 * Rerun it when the shipped dataset changes (the data version in the corpus then no longer matches).
 * A request may name an earlier one in `if_none_match_of` (sent with that one's ETag), and its path
 * may hold `{data_version}` (the versioned URL form), replaced by the data version served.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const DIST = process.env.FG_DIST ?? `${ROOT}dist`;
const out = process.argv[2] ?? `${ROOT}fixtures/conformance/mainnet.json`;
const { loadRouter } = await import(pathToFileURL(`${DIST}/index.js`).href);
const { createFetchHandler, checkConformance, CONFORMANCE_FORMAT } = await import(pathToFileURL(`${DIST}/http.js`).href);

const list = JSON.parse(readFileSync(`${ROOT}fixtures/conformance/requests.json`, "utf8"));
const router = await loadRouter();
const fetch = createFetchHandler(router);
const dataVersion = router.dataVersion;
const etags = new Map();
const requests = [];
for (const { name, method, path: template, headers = {}, body, if_none_match_of, body_unchecked } of list.requests) {
  const path = template.replaceAll("{data_version}", encodeURIComponent(dataVersion));
  const sent = { ...headers };
  if (if_none_match_of !== undefined) {
    const tag = etags.get(if_none_match_of);
    if (!tag) throw new Error(`${name}: if_none_match_of names "${if_none_match_of}", which is not an earlier request with an ETag`);
    sent["if-none-match"] = tag;
  }
  const response = await fetch(new Request(new URL(path, "http://conformance.invalid"), { method, headers: sent, ...(body === undefined ? {} : { body }) }));
  if (response.headers.get("content-encoding")) throw new Error(`${name}: the handler without a compressor answered ${response.headers.get("content-encoding")}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const etag = response.headers.get("etag");
  if (etag !== null) etags.set(name, etag);
  requests.push({
    name,
    method,
    path,
    ...(Object.keys(sent).length > 0 ? { headers: sent } : {}),
    ...(body === undefined ? {} : { body }),
    expect: {
      status: response.status,
      body_sha256: body_unchecked ? null : createHash("sha256").update(bytes).digest("hex"),
      etag,
      content_type: response.headers.get("content-type"),
    },
  });
}
const corpus = { format: CONFORMANCE_FORMAT, data_version: dataVersion, generated_by: "npm run build && node scripts/write-conformance.mjs", requests };
// The corpus must pass against the handler that wrote it before it is kept.
const report = await checkConformance(fetch, corpus);
if (report.failures.length > 0) throw new Error(`the new corpus fails against its own handler: ${JSON.stringify(report.failures, null, 1)}`);
writeFileSync(out, `${JSON.stringify(corpus, null, 1)}\n`);
console.log(`${out}: ${requests.length} requests for ${dataVersion}`);
