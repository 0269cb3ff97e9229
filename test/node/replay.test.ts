/**
 * The Node server writes a repeated GET of a query straight from the service's kept bytes. Each
 * repeat must be the answer the fetch handler gave the first time: same status, same body bytes,
 * same headers (but the connection's own), in every encoding, for 304s and HEAD; and what the
 * handler refuses (a bad Host, a body on a GET) is still refused after the answer is cached.
 * The first asking runs through the fetch handler, so each pair compares the two paths.
 */
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../src/entries/node.js";
import { fixtureGraph } from "../http/fixture.js";
import { rawRequest, type RawAnswer } from "./raw-http.js";

const FROM_SOURCE = "/v2/fungible/assets_from_source?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4&allow_multi_tx=true";
const BETWEEN = "/v2/fungible/assets_between_chains?source_chain_id=cosmoshub-4&dest_chain_id=osmosis-1";
/** Headers of the connection, not of the answer. */
const CONNECTION_HEADERS = new Set(["date", "connection", "keep-alive"]);

let server: RunningServer;
beforeAll(async () => {
  // A compression floor of 0 bytes would need the handler option; the fixture's answers are small,
  // so the server is asked with every encoding and each answer checked as it comes.
  server = await startServer({ router: fixtureGraph(), port: 0, quiet: true });
});
afterAll(() => server.close());

function ask(method: string, target: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const lines = [`${method} ${target} HTTP/1.1`, "Host: 127.0.0.1", "Connection: close", ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return rawRequest(server.port, `${lines.join("\r\n")}\r\n\r\n`);
}

const answerHeaders = (answer: RawAnswer) =>
  Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !CONNECTION_HEADERS.has(name)).sort(([a], [b]) => (a < b ? -1 : 1)));

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
])("%s: a repeated GET is the fetch handler's answer again", (_name, target) => {
  it.each([
    ["identity", {}],
    ["gzip", { "Accept-Encoding": "gzip" }],
    ["brotli", { "Accept-Encoding": "br;q=1, gzip;q=0.5" }],
  ])("%s", async (_encoding, headers) => {
    const first = await ask("GET", target, headers);
    const again = await ask("GET", target, headers);
    const third = await ask("GET", target, headers);
    expect(first.status).toBe(200);
    for (const repeat of [again, third]) {
      expect(repeat.status).toBe(first.status);
      expect(answerHeaders(repeat)).toEqual(answerHeaders(first));
      expect(Buffer.from(repeat.body, "latin1").equals(Buffer.from(first.body, "latin1"))).toBe(true);
    }
    expect(JSON.parse(decoded(third))).toEqual(JSON.parse(decoded(first)));
    expect(Number(third.headers["content-length"])).toBe(Buffer.byteLength(third.body, "latin1"));
  });

  it("304 on If-None-Match, and HEAD, alike on both paths", async () => {
    const { headers } = await ask("GET", target);
    const etag = headers.etag!;
    const revalidations = [await ask("GET", target, { "If-None-Match": etag }), await ask("GET", target, { "If-None-Match": `"x", ${etag}` })];
    for (const answer of revalidations) {
      expect(answer.status).toBe(304);
      expect(answer.body).toBe("");
      expect(answer.headers.etag).toBe(etag);
      expect(answer.headers["x-data-version"]).toBe(server.live.current.dataVersion);
    }
    const heads = [await ask("HEAD", target), await ask("HEAD", target)];
    expect(answerHeaders(heads[1]!)).toEqual(answerHeaders(heads[0]!));
    expect(heads.map((answer) => [answer.status, answer.body])).toEqual([[200, ""], [200, ""]]);
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
  const { loadRouter } = await import("../../src/index.js");
  server.live.swap(await loadRouter({ network: "testnet" }));
  try {
    const after = await ask("GET", FROM_SOURCE);
    expect(before.headers["x-data-version"]).toBe(previous.dataVersion);
    expect(after.headers["x-data-version"]).toBe(server.live.current.dataVersion);
    expect(after.headers["x-data-version"]).not.toBe(previous.dataVersion);
    // cosmoshub-4 is not on the testnet: the new data's 404, not the kept answer.
    expect(after.status).toBe(404);
  } finally {
    server.live.swap(previous);
  }
});
