/**
 * The static export (`fungible-graph export`) served by Debian's nginx with the documented
 * configuration (examples/nginx/static-export.conf, only its paths and port replaced), compared
 * with a live `startServer` on the same data: for every exported answer, both forms, every
 * spelling the maps name and the usual Accept-Encoding values, the same status, bytes and headers
 * (nginx adds Date, Server and Connection); 304s for the same If-None-Match values; JSON errors
 * for what the export does not hold; and the official @skip-go/client reading the discovery
 * calls and assets_between_chains through nginx exactly as through the live server.
 */
import { assetsBetweenChains, bridges, chains, venues, assets } from "@skip-go/client";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spellingsOf } from "../../../src/export/static-export.js";
import { versionedTarget } from "../../../src/http/versioned.js";
import { startServer, type RunningServer } from "../../../src/entries/node.js";
import { FIXTURE_PATH, fixtureGraph } from "../../http/fixture.js";
import { runCli } from "../../cli/run-cli.js";
import { Agent, BROTLI_STATIC, get, NJS, nginxMissing, njsMissing, startNginx, staticExportConfig, type Answer, type Nginx } from "./engines.js";
import { missingTool } from "../../support/required-tool.js";

const missing = missingTool(nginxMissing() ?? njsMissing());
/** Headers nginx adds to every answer, which the live server sends otherwise or not at all. */
const TRANSPORT = new Set(["date", "server", "connection", "keep-alive"]);

interface Manifest {
  data_version: string;
  answers: { target: string; file: string; etag: string }[];
}

let dir: string;
let manifest: Manifest;
let nginx: Nginx;
let live: RunningServer;
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

const headersOf = (answer: Answer) => Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !TRANSPORT.has(name)));

describe.skipIf(missing !== null)(`static export behind nginx${missing === null ? "" : ` (skipped: ${missing})`}`, () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "fg-static-"));
    chmodSync(dir, 0o755); // nginx's workers run unprivileged: they read the export as anyone may
    const exported = await runCli(["export", "--registry", FIXTURE_PATH, "--out", join(dir, "export")]);
    expect(exported.code, exported.stderr).toBe(0);
    manifest = JSON.parse(readFileSync(join(dir, "export", "manifest.json"), "utf8"));
    nginx = await startNginx((port) => staticExportConfig(join(dir, "export"), port), { modules: [BROTLI_STATIC, NJS] });
    live = await startServer({ router: fixtureGraph(), port: 0, log: () => {} });
  }, 120_000);

  afterAll(async () => {
    agent.destroy();
    await nginx?.stop();
    await live?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers every exported request as the live server does: status, bytes and headers", async () => {
    let compared = 0;
    for (const answer of manifest.answers) {
      for (const spelling of spellingsOf(answer.target)) {
        for (const target of [spelling, versionedTarget(manifest.data_version, spelling)]) {
          for (const encoding of [null, "gzip", "br", "gzip, deflate, br"]) {
            const headers: Record<string, string> = encoding === null ? {} : { "accept-encoding": encoding };
            const [fromNginx, fromLive] = await Promise.all([get(agent, nginx.url, target, headers), get(agent, live.url, target, headers)]);
            expect(fromNginx.status, `${target} ${fromNginx.body.toString().slice(0, 300)}`).toBe(200);
            expect(fromLive.status, target).toBe(200);
            expect(fromNginx.body.equals(fromLive.body), `${target} ${encoding}`).toBe(true);
            expect(headersOf(fromNginx), `${target} ${encoding}`).toEqual(headersOf(fromLive));
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBeGreaterThanOrEqual(manifest.answers.length * 8);
  }, 240_000);

  it("answers If-None-Match as the live server does: 304 with the same headers, or the answer", async () => {
    for (const answer of manifest.answers.slice(0, 40)) {
      const opaque = answer.etag.slice(2);
      for (const target of [answer.target, versionedTarget(manifest.data_version, answer.target)]) {
        for (const value of [answer.etag, opaque, `"nope", ${answer.etag}`, "*", '"other"', "garbage"]) {
          const headers = { "if-none-match": value, "accept-encoding": "gzip, br" };
          const [fromNginx, fromLive] = await Promise.all([get(agent, nginx.url, target, headers), get(agent, live.url, target, headers)]);
          expect(fromNginx.status, `${target} ${value}`).toBe(fromLive.status);
          if (fromLive.status === 304) {
            // A 304 keeps the validators and caching headers (RFC 9110 15.4.5); nginx sends no body length.
            for (const name of ["etag", "cache-control", "x-data-version", "cache-tag", "content-location", "vary"]) {
              expect(fromNginx.headers[name], `${target} ${value} ${name}`).toBe(fromLive.headers[name]);
            }
            expect(fromNginx.body.byteLength).toBe(0);
          } else expect(fromNginx.body.equals(fromLive.body)).toBe(true);
        }
      }
    }
  }, 120_000);

  it("refuses what it does not hold with a JSON error naming its data version, never another answer", async () => {
    const notHeld = [
      "/v2/fungible/assets_between_chains?source_chain_id=cosmoshub-4&dest_chain_id=osmosis-1&allow_multi_tx=true",
      "/v2/info/chains?include_evm=true",
      "/health",
      `/at/sha256:00000000000000000000000000000000/v2/info/chains`,
      // Another case is another question for the live handler (chain ids are case-sensitive), though nginx's map look-up ignores case.
      "/v2/fungible/assets_between_chains?source_chain_id=COSMOSHUB-4&dest_chain_id=osmosis-1",
      "/V2/INFO/CHAINS",
      `/AT/${manifest.data_version}/v2/info/chains`,
    ];
    for (const target of notHeld) {
      const response = await get(agent, nginx.url, target);
      expect(response.status, target).toBe(404);
      const body = JSON.parse(response.body.toString()) as { code: number; message: string };
      expect(body.code).toBe(5);
      expect(body.message).toContain(manifest.data_version);
      expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(response.headers["x-data-version"]).toBe(manifest.data_version);
      expect(response.headers["access-control-allow-origin"]).toBe("*");
    }
    const post = await get(agent, nginx.url, "/v2/info/chains", {}, "POST");
    expect(post.status).toBe(405);
    expect((JSON.parse(post.body.toString()) as { code: number }).code).toBe(12);
  });

  it("serves the official @skip-go/client's GET calls exactly as the live server does", async () => {
    const through = async (apiUrl: string) => ({
      chains: await chains({ apiUrl }),
      bridges: await bridges({ apiUrl }),
      venues: await venues({ apiUrl }),
      assets: await assets({ apiUrl }),
      between: await assetsBetweenChains({ sourceChainId: "cosmoshub-4", destChainId: "osmosis-1", apiUrl }),
    });
    const [fromNginx, fromLive] = [await through(nginx.url), await through(live.url)];
    expect(fromNginx).toEqual(fromLive);
    expect(fromNginx.between!.assetsBetweenChains!.length).toBeGreaterThan(0);
    expect(fromNginx.chains!.length).toBeGreaterThan(1);
    expect(fromNginx.venues!.length + fromNginx.bridges!.length).toBeGreaterThan(0);
  }, 60_000);
});
