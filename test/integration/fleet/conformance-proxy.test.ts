/**
 * The conformance corpus behind a real cache: two `serve` replicas of the shipped mainnet data,
 * each passing `--check-conformance` before it listens (the readiness check), behind Debian's
 * nginx with the documented caching configuration (examples/nginx/cdn-cache.conf). The corpus is
 * then asked through nginx twice, a cold cache and a warm one: every status, ETag, content type
 * and body hash is what the corpus says, so what a client sees does not depend on whether the
 * answer came from a replica or from the cache.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFleet, type Fleet } from "../../../bench/lib/cdn-fleet.mjs";
import { checkConformance, describeFailures, parseConformanceCorpus } from "../../../src/export/conformance.js";
import { CLI } from "../../cli/run-cli.js";
import { nginxMissing } from "./engines.js";
import { missingTool } from "../../support/required-tool.js";

const CORPUS = fileURLToPath(new URL("../../../fixtures/conformance/mainnet.json", import.meta.url));
const corpus = parseConformanceCorpus(JSON.parse(readFileSync(CORPUS, "utf8")));
const missing = missingTool(nginxMissing());

let fleet: Fleet;

describe.skipIf(missing !== null)(`the conformance corpus through nginx${missing === null ? "" : ` (skipped: ${missing})`}`, () => {
  beforeAll(async () => {
    fleet = await startFleet({ cli: CLI, dataArgs: ["--check-conformance", CORPUS] });
  }, 180_000);

  afterAll(async () => {
    await fleet?.stop();
  });

  it("each replica passed the corpus before it listened", () => {
    for (const replica of fleet.replicas) expect(replica.output()).toContain(`conformance: ${corpus.requests.length} requests answered as the corpus says`);
  });

  it("answers the corpus through the cache, cold and warm", async () => {
    // fetch decodes gzip and br itself: the bodies arrive decoded.
    const overHttp = (request: Request) => fetch(request);
    for (const round of ["cold cache", "warm cache"]) {
      const report = await checkConformance(overHttp, corpus, { origin: fleet.url, bodiesDecoded: true });
      expect(describeFailures(report), round).toBe("");
    }
  }, 120_000);
});
