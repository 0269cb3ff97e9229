/**
 * The POST forms of the static export behind Debian's nginx with njs (the documented
 * examples/nginx/static-export.conf and .js, only paths, port and, for the second nginx, the
 * upstream its comments describe, replaced): the official @skip-go/client's assetsFromSource
 * (always a POST) answered as the live server answers it, for a sample of exported source assets
 * that varies per run; raw POSTs of the exported bodies in any member order, whitespace, escapes,
 * content-type spelling and encoding get the live server's bytes and headers; every other body goes
 * to the fallback: a JSON 404 naming the data version without an origin, the live answer with one.
 */
import { assetsFromSource } from "@skip-go/client";
import fc from "fast-check";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postNormalForm } from "../../../src/export/static-export-post.js";
import { startServer, type RunningServer } from "../../../src/entries/node.js";
import { FIXTURE_PATH, fixtureGraph } from "../../http/fixture.js";
import { runCli } from "../../cli/run-cli.js";
import { Agent, BROTLI_STATIC, get, NJS, nginxMissing, njsMissing, startNginx, staticExportConfig, type Answer, type Nginx } from "./engines.js";
// @ts-expect-error: the njs handler is plain JavaScript (Node runs it too: it imports only "crypto")
import njsHandler from "../../../examples/nginx/static-export.js";
import { missingTool } from "../../support/required-tool.js";

const missing = missingTool(nginxMissing() ?? njsMissing());
const SEED = Number(process.env.FG_FLEET_SEED ?? Math.floor(Math.random() * 2 ** 31));
const replay = `seed ${SEED} (replay: FG_FLEET_SEED=${SEED})`;
const FROM_SOURCE = "/v2/fungible/assets_from_source";
const BETWEEN = "/v2/fungible/assets_between_chains";
/** Headers nginx adds to every answer, which the live server sends otherwise or not at all. */
const TRANSPORT = new Set(["date", "server", "connection", "keep-alive", "transfer-encoding"]);

interface Manifest {
  data_version: string;
  answers: { target: string; file: string }[];
  posts: { path: string; media_type: string; key: string; file: string }[];
}

/** An exported POST: its path and the body (the GET's parameters) it answers. */
interface Exported {
  path: string;
  body: Record<string, string>;
}

let dir: string;
let manifest: Manifest;
let exported: Exported[];
let plain: Nginx;
let fronting: Nginx;
let live: RunningServer;
const agent = new Agent({ keepAlive: true, maxSockets: 4 });
const headersOf = (answer: Answer) => Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !TRANSPORT.has(name)));
const post = (base: string, path: string, text: string, headers: Record<string, string> = {}) => get(agent, base, path, headers, "POST", text);

describe.skipIf(missing !== null)(`static export's POST forms behind nginx + njs${missing === null ? "" : ` (skipped: ${missing})`}`, () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "fg-static-post-"));
    chmodSync(dir, 0o755); // nginx's workers run unprivileged: they read the export as anyone may
    const out = join(dir, "export");
    const written = await runCli(["export", "--registry", FIXTURE_PATH, "--out", out]);
    expect(written.code, written.stderr).toBe(0);
    manifest = JSON.parse(readFileSync(join(out, "manifest.json"), "utf8"));
    const files = new Set(manifest.posts.map((entry) => entry.file));
    exported = manifest.answers
      .filter((answer) => files.has(answer.file))
      .map((answer) => {
        const [path, query] = answer.target.split("?") as [string, string];
        return { path, body: Object.fromEntries(new URLSearchParams(query)) };
      });
    live = await startServer({ router: fixtureGraph(), port: 0, log: () => {} });
    plain = await startNginx((port) => staticExportConfig(out, port), { modules: [BROTLI_STATIC, NJS] });
    fronting = await startNginx((port) => staticExportConfig(out, port, `127.0.0.1:${new URL(live.url).port}`), { modules: [BROTLI_STATIC, NJS] });
  }, 120_000);

  afterAll(async () => {
    agent.destroy();
    await plain?.stop();
    await fronting?.stop();
    await live?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("exports the POST form of every exported query answer, for both paths", () => {
    expect(exported.filter((entry) => entry.path === FROM_SOURCE).length).toBe(manifest.answers.filter((answer) => answer.target.startsWith(`${FROM_SOURCE}?`)).length);
    expect(exported.some((entry) => entry.path === BETWEEN)).toBe(true);
  });

  it(`answers the official client's assetsFromSource as the live server does (${replay})`, async () => {
    const sources = exported.filter((entry) => entry.path === FROM_SOURCE);
    const [sample] = fc.sample(fc.shuffledSubarray(sources, { minLength: Math.min(8, sources.length), maxLength: Math.min(8, sources.length) }), { numRuns: 1, seed: SEED });
    let nonEmpty = 0;
    for (const { body } of sample!) {
      const ask = (apiUrl: string) => assetsFromSource({ sourceAssetChainId: body.source_asset_chain_id!, sourceAssetDenom: body.source_asset_denom!, apiUrl });
      const [fromNginx, fromLive] = [await ask(plain.url), await ask(live.url)];
      expect(fromNginx, `${JSON.stringify(body)} ${replay}`).toEqual(fromLive);
      if (Object.keys(fromLive ?? {}).length > 0) nonEmpty += 1;
    }
    expect(nonEmpty).toBeGreaterThan(0);
  }, 60_000);

  it(`answers an exported body in any order, whitespace, escapes, content type and encoding with the live bytes and headers (${replay})`, async () => {
    const ws = fc.constantFrom("", " ", "\n", "\t ", "\r\n  ");
    const spelling = fc.record({
      entry: fc.constantFrom(...exported),
      order: fc.infiniteStream(fc.double()),
      gaps: fc.array(ws, { minLength: 16, maxLength: 16 }),
      escape: fc.boolean(),
      contentType: fc.constantFrom<string | null>("application/json", "application/json; charset=utf-8", "Application/JSON", null),
      encoding: fc.constantFrom<string | null>(null, "gzip", "br", "gzip, deflate, br"),
    });
    await fc.assert(
      fc.asyncProperty(spelling, async ({ entry, order, gaps, escape, contentType, encoding }) => {
        const ranks = order.take(Object.keys(entry.body).length);
        const rank = [...ranks];
        const members = Object.entries(entry.body)
          .map((member, i) => ({ member, rank: rank[i]! }))
          .sort((a, b) => a.rank - b.rank)
          .map(({ member }) => member);
        const gap = (i: number) => gaps[i % gaps.length]!;
        // \u0075 for the first letter: the same JSON string, other bytes.
        const value = (text: string) => (escape && text.length > 0 ? `"\\u${text.charCodeAt(0).toString(16).padStart(4, "0")}${JSON.stringify(text).slice(2)}` : JSON.stringify(text));
        const text = `${gap(0)}{${gap(1)}${members.map(([name, v], i) => `${JSON.stringify(name)}${gap(2 + i)}:${gap(5 + i)}${value(v)}`).join(`${gap(9)},${gap(10)}`)}${gap(11)}}${gap(12)}`;
        const headers: Record<string, string> = {};
        if (contentType !== null) headers["content-type"] = contentType;
        if (encoding !== null) headers["accept-encoding"] = encoding;
        const [fromNginx, fromLive] = [await post(plain.url, entry.path, text, headers), await post(live.url, entry.path, text, headers)];
        expect(fromLive.status, text).toBe(200);
        expect(fromNginx.status, `${text} ${fromNginx.body.toString().slice(0, 200)}`).toBe(200);
        expect(fromNginx.body.equals(fromLive.body), text).toBe(true);
        expect(headersOf(fromNginx), text).toEqual(headersOf(fromLive));
      }),
      { numRuns: 60, seed: SEED },
    );
  }, 120_000);

  it("hands every other body to the fallback: a JSON 404 without an origin, the live answer with one", async () => {
    const source = exported.find((entry) => entry.path === FROM_SOURCE)!.body;
    const between = exported.find((entry) => entry.path === BETWEEN)!.body;
    const json = { "content-type": "application/json" };
    const others: [string, string, Record<string, string>][] = [
      [FROM_SOURCE, JSON.stringify({ ...source, source_asset_denom: "unot-listed" }), json],
      [FROM_SOURCE, JSON.stringify({ ...source, source_asset_denom: source.source_asset_denom!.toUpperCase() }), json],
      [FROM_SOURCE, JSON.stringify({ ...source, allow_multi_tx: true }), json],
      [FROM_SOURCE, JSON.stringify({ ...source, allow_multi_tx: false }), json], // the same question, not the exported body
      [FROM_SOURCE, JSON.stringify({ source_asset_chain_id: source.source_asset_chain_id }), json],
      [FROM_SOURCE, JSON.stringify([source]), json],
      [FROM_SOURCE, `${JSON.stringify(source).slice(0, -1)}`, json],
      [FROM_SOURCE, "", json],
      [FROM_SOURCE, JSON.stringify(source), { "content-type": "text/plain" }],
      [BETWEEN, JSON.stringify({ ...between, include_evm_assets: true }), json],
      [BETWEEN, JSON.stringify({ source_chain_id: between.dest_chain_id, dest_chain_id: between.dest_chain_id }), json],
    ];
    for (const [path, text, headers] of others) {
      const [fromPlain, fromFronting, fromLive] = [await post(plain.url, path, text, headers), await post(fronting.url, path, text, headers), await post(live.url, path, text, headers)];
      expect(fromPlain.status, text).toBe(404);
      const refusal = JSON.parse(fromPlain.body.toString()) as { code: number; message: string };
      expect(refusal.code).toBe(5);
      expect(refusal.message).toContain(manifest.data_version);
      expect(fromPlain.headers["content-type"]).toBe("application/json; charset=utf-8");
      for (const name of ["x-data-version", "access-control-allow-origin", "access-control-expose-headers", "x-content-type-options"]) expect(fromPlain.headers[name], name).toBe(fromLive.headers[name]);
      expect(fromFronting.status, text).toBe(fromLive.status);
      expect(fromFronting.body.equals(fromLive.body), `${text} ${fromFronting.body.toString().slice(0, 200)}`).toBe(true);
      expect(fromFronting.headers["x-data-version"]).toBe(fromLive.headers["x-data-version"]);
    }
    // An exported body still comes from the export when an origin is configured.
    const held = await post(fronting.url, FROM_SOURCE, JSON.stringify(source), json);
    const fromLive = await post(live.url, FROM_SOURCE, JSON.stringify(source), json);
    expect(held.body.equals(fromLive.body)).toBe(true);
    // GETs the export does not hold go to the origin too.
    const target = "/v2/info/chains?include_evm=true";
    const [proxied, direct] = [await get(agent, fronting.url, target), await get(agent, live.url, target)];
    expect(proxied.status).toBe(direct.status);
    expect(proxied.body.equals(direct.body)).toBe(true);
  }, 60_000);

  it("refuses a body over the live handler's limit with its JSON 413, with or without a length, under the limit or far over nginx's default", async () => {
    const source = exported.find((entry) => entry.path === FROM_SOURCE)!.body;
    const json = { "content-type": "application/json" };
    const padded = (bytes: number) => {
      const text = JSON.stringify({ ...source, pad: "" });
      return `${text.slice(0, -2)}${"x".repeat(bytes - text.length)}"}`;
    };
    const chunked = { ...json, "transfer-encoding": "chunked" };
    for (const [bytes, headers] of [[64 * 1024 + 1, json], [300_000, json], [300_000, chunked], [2 * 1024 * 1024, json]] as const) {
      const text = padded(bytes);
      expect(Buffer.byteLength(text)).toBe(bytes);
      const [fromPlain, fromFronting, fromLive] = [await post(plain.url, FROM_SOURCE, text, headers), await post(fronting.url, FROM_SOURCE, text, headers), await post(live.url, FROM_SOURCE, text, headers)];
      expect(fromLive.status).toBe(413);
      for (const answer of [fromPlain, fromFronting]) {
        expect(answer.status, `${bytes} bytes, ${JSON.stringify(headers)} ${plain.errorLog().slice(-600)}`).toBe(413);
        expect(answer.body.equals(fromLive.body), `${bytes} bytes: ${answer.body.toString().slice(0, 200)}`).toBe(true);
        expect(headersOf(answer)).toEqual(headersOf(fromLive));
      }
    }
    // At the limit it is still a body like any other (not exported: the fallback's 404).
    expect((await post(plain.url, FROM_SOURCE, padded(64 * 1024), json)).status).toBe(404);
  }, 60_000);

  it(`normalises a body as the export does (njs handler's normalForm = postNormalForm, ${replay})`, () => {
    const body = fc.oneof(fc.jsonValue(), fc.dictionary(fc.string(), fc.string()), fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer())));
    fc.assert(
      fc.property(fc.constantFrom(FROM_SOURCE, BETWEEN), fc.constantFrom("application/json", ""), body, (path, mediaType, value) => {
        // Both read a parsed body, so the value goes through JSON as nginx's body would.
        const parsed: unknown = JSON.parse(JSON.stringify(value));
        expect((njsHandler as { normalForm: (p: string, m: string, b: unknown) => string | null }).normalForm(path, mediaType, parsed)).toBe(postNormalForm(path, mediaType, parsed));
      }),
      { seed: SEED },
    );
  });
});
