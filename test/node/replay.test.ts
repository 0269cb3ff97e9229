/**
 * The Node server writes a repeated GET of a query from the pipeline's replay cache (the headers
 * and bytes the Hono app produced the first time). What the pipeline refuses (a bad Host) or
 * judges itself (a body on a GET, If-None-Match, HEAD) still reaches it once the answer is kept,
 * and a reload empties what is replayed.
 */
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../src/entries/node.js";
import { readFileSync } from "node:fs";
import { buildRouter, parseRegistry } from "../../src/index.js";
import type { Registry } from "../../src/index.js";
import { FIXTURE_PATH, fixtureGraph } from "../http/fixture.js";
import { rawRequest, type RawAnswer } from "./raw-http.js";

const FROM_SOURCE = "/v2/fungible/assets_from_source?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4&allow_multi_tx=true";
const BETWEEN = "/v2/fungible/assets_between_chains?source_chain_id=cosmoshub-4&dest_chain_id=osmosis-1";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ router: fixtureGraph(), port: 0, quiet: true });
});
afterAll(() => server.close());

function ask(method: string, target: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const lines = [`${method} ${target} HTTP/1.1`, "Host: 127.0.0.1", "Connection: close", ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return rawRequest(server.port, `${lines.join("\r\n")}\r\n\r\n`);
}

function decoded(answer: RawAnswer): string {
  const bytes = Buffer.from(answer.body, "latin1");
  const encoding = answer.headers["content-encoding"];
  if (encoding === "gzip") return gunzipSync(bytes).toString("utf8");
  if (encoding === "br") return brotliDecompressSync(bytes).toString("utf8");
  return bytes.toString("utf8");
}

describe.each([
  ["assets_from_source", FROM_SOURCE],
  ["assets_between_chains", BETWEEN],
])("%s: a kept answer", (_name, target) => {
  it("is replayed whole, with its length, and a 304 still comes from the pipeline", async () => {
    const first = await ask("GET", target, { "Accept-Encoding": "gzip" });
    const again = await ask("GET", target, { "Accept-Encoding": "gzip" });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(JSON.parse(decoded(again))).toEqual(JSON.parse(decoded(first)));
    expect(Number(again.headers["content-length"])).toBe(Buffer.byteLength(again.body, "latin1"));
    const revalidated = await ask("GET", target, { "If-None-Match": again.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers["x-data-version"]).toBe(server.live.current.dataVersion);
    const head = await ask("HEAD", target);
    expect([head.status, head.body]).toEqual([200, ""]);
  });

  it("what the handler refuses stays refused once the answer is kept", async () => {
    await ask("GET", target);
    const badHost = await rawRequest(server.port, `GET ${target} HTTP/1.1\r\nHost: bad host\r\nConnection: close\r\n\r\n`);
    expect(badHost.status).toBe(400);
    expect(JSON.parse(badHost.body)).toMatchObject({ code: 3 });
    const withBody = await rawRequest(server.port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`);
    expect(withBody.status).toBe(200);
    const post = await rawRequest(server.port, `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`);
    expect(post.status).toBe(415);
  });
});

it("a reload empties what the fast path serves: the next answer names the new version", async () => {
  await ask("GET", FROM_SOURCE);
  const before = await ask("GET", FROM_SOURCE);
  const previous = server.live.current;
  // The fixture with its chains renamed: another data version.
  const registry = JSON.parse(readFileSync(FIXTURE_PATH, "utf8")) as Registry;
  server.live.swap(buildRouter(parseRegistry({ ...registry, chains: registry.chains.map((chain) => ({ ...chain, pretty_name: `${chain.pretty_name ?? chain.chain_id} 2` })) })));
  try {
    const after = await ask("GET", FROM_SOURCE);
    expect(before.headers["x-data-version"]).toBe(previous.dataVersion);
    expect(after.headers["x-data-version"]).toBe(server.live.current.dataVersion);
    expect(after.headers["x-data-version"]).not.toBe(previous.dataVersion);
    expect(after.status).toBe(200);
  } finally {
    server.live.swap(previous);
  }
});
