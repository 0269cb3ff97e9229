/**
 * The conformance corpus (fixtures/conformance/mainnet.json, written by scripts/write-conformance.mjs
 * from the handler itself) checked against what does not come from the handler: the shipped data
 * version, the oracle's answers (test/oracle) for the two Skip Go queries, the statuses the
 * request list names from the contract, RFC 9110's empty 304 body. Then the whole corpus passes on
 * the fetch handler in-process, and a corpus with one expectation changed fails naming that request.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, test } from "vitest";
import { createFetchHandler, type FetchHandler } from "../../src/http/handler.js";
import { checkConformance, describeFailures, parseConformanceCorpus, type ConformanceCorpus } from "../../src/export/conformance.js";
import { isFungibleError, type AssetRouter } from "../../src/index.js";
import { Oracle } from "../oracle/oracle.js";
import { shippedRouter } from "../support/shipped-router.js";

const CORPUS_FILE = new URL("../../fixtures/conformance/mainnet.json", import.meta.url);
const REQUESTS_FILE = new URL("../../fixtures/conformance/requests.json", import.meta.url);
const corpus = parseConformanceCorpus(JSON.parse(readFileSync(CORPUS_FILE, "utf8")));
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");
const entry = (name: string) => corpus.requests.find((r) => r.name === name)!;
const send = (fetch: FetchHandler, name: string) => {
  const e = entry(name);
  return fetch(new Request(`http://x${e.path}`, { method: e.method, headers: e.headers ?? {}, ...(e.body === undefined ? {} : { body: e.body }) }));
};

let router: AssetRouter;
let fetch: FetchHandler;
let oracle: Oracle | undefined;
beforeAll(async () => {
  router = await shippedRouter();
  fetch = createFetchHandler(router);
});

describe("the corpus against independent facts", () => {
  test("it is for the shipped dataset's data version (else: npm run build && node scripts/write-conformance.mjs)", () => {
    expect(corpus.data_version).toBe(router.dataVersion);
  });

  test("every request of the list is in the corpus, in order, and no other", () => {
    const list = JSON.parse(readFileSync(REQUESTS_FILE, "utf8")) as { requests: { name: string }[] };
    expect(corpus.requests.map((r) => r.name)).toEqual(list.requests.map((r) => r.name));
  });

  test("a status the request's name gives from the contract is the expected status", () => {
    const named = corpus.requests.filter((r) => /\((\d{3})\)$/.test(r.name));
    expect(named.length).toBeGreaterThan(8);
    for (const r of named) expect(r.expect.status, r.name).toBe(Number(/\((\d{3})\)$/.exec(r.name)![1]));
  });

  test("a 304 has an empty body and the ETag of the request it revalidates", () => {
    const revalidations = corpus.requests.filter((r) => r.expect.status === 304);
    expect(revalidations.length).toBeGreaterThanOrEqual(2);
    for (const r of revalidations) {
      expect(r.expect.body_sha256).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"); // SHA-256 of nothing
      expect(r.expect.etag).toBe(r.headers!["if-none-match"]);
    }
  });

  test("two spellings and three encodings of one GET share one ETag, which names the data version", () => {
    const names = ["from-source atom GET", "from-source atom GET, parameters reordered (same answer, same ETag)", "from-source atom GET, gzip accepted", "from-source atom GET, br and gzip accepted"];
    const tags = new Set(names.map((name) => entry(name).expect.etag));
    expect(tags.size).toBe(1);
    expect([...tags][0]).toMatch(new RegExp(`^W/"${corpus.data_version.slice("sha256:".length, "sha256:".length + 16)}-[0-9a-f]{16}"$`));
    expect(new Set(names.map((name) => entry(name).expect.body_sha256)).size).toBe(1);
  });

  test.each([
    ["between cosmoshub-4 -> osmosis-1 GET", (o: Oracle) => o.assetsBetweenChains({ source_chain_id: "cosmoshub-4", dest_chain_id: "osmosis-1" })],
    ["from-source atom GET", (o: Oracle) => o.assetsFromSource({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" })],
    ["from-source noble usdc GET", (o: Oracle) => o.assetsFromSource({ source_asset_denom: "uusdc", source_asset_chain_id: "noble-1" })],
  ] as const)("%s: the bytes the corpus hashes are the oracle's answer", async (name, ask) => {
    oracle ??= new Oracle(router.registry); // built once: its plain Dijkstra takes seconds on mainnet
    const text = await (await send(fetch, name)).text();
    expect(sha256(text)).toBe(entry(name).expect.body_sha256);
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(ask(oracle))));
  }, 60_000);
});

describe("checkConformance", () => {
  test("the fetch handler in-process passes the whole corpus", async () => {
    const report = await checkConformance(fetch, corpus);
    expect(describeFailures(report)).toBe("");
    expect(report.checked).toBe(corpus.requests.length);
  });

  test("a changed expectation fails, naming the request and what differed", async () => {
    const changed: ConformanceCorpus = structuredClone(corpus);
    const victim = changed.requests.find((r) => r.name === "chains")!;
    victim.expect.body_sha256 = "0".repeat(64);
    changed.requests.find((r) => r.name === "unknown path (404)")!.expect.status = 200;
    const report = await checkConformance(fetch, changed);
    expect(report.failures.map((f) => f.name)).toEqual(["chains", "unknown path (404)"]);
    expect(report.failures[0]!.problem).toMatch(/^body SHA-256 [0-9a-f]{16}\.\.\. \(\d+ bytes\), expected 0000000000000000\.\.\.$/);
    expect(report.failures[1]!.problem).toBe("status 404, expected 200");
  });

  test("a 503 with Retry-After (busy) is asked again, up to 3 times; one that stays busy fails", async () => {
    const only: ConformanceCorpus = { ...corpus, requests: corpus.requests.filter((r) => r.name === "chains") };
    const busy = (times: number) => {
      let left = times;
      return async (request: Request) =>
        left-- > 0 ? new Response("{}", { status: 503, headers: { "retry-after": "0", "x-data-version": corpus.data_version } }) : fetch(request);
    };
    expect((await checkConformance(busy(3), only)).failures).toEqual([]);
    const failures = (await checkConformance(busy(4), only)).failures;
    expect(failures[0]!.problem).toBe("status 503, expected 200");
  });

  test("another data version fails every request, saying which version answered", async () => {
    const report = await checkConformance(fetch, { ...corpus, data_version: "sha256:00000000000000000000000000000000" });
    expect(report.failures.filter((f) => f.problem.startsWith("X-Data-Version")).length).toBe(corpus.requests.length);
  });

  test.each([
    ["not a corpus", { requests: [] }],
    ["a duplicate name", { ...corpus, requests: [corpus.requests[0], corpus.requests[0]] }],
    ["a path that is no path", { ...corpus, requests: [{ ...corpus.requests[0], path: "http://elsewhere/" }] }],
  ])("%s is refused with invalid_config", async (_what, bad) => {
    const error = await checkConformance(fetch, bad).catch((e: unknown) => e);
    expect(isFungibleError(error) && error.code).toBe("invalid_config");
  });
});
