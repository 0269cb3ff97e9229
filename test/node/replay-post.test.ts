/**
 * A repeated POST of a query is written from the pipeline's replay cache, keyed by everything its
 * answer depends on (target, Content-Type, body text, negotiated encoding): the answers are the
 * library's own, and what the pipeline refuses stays refused however often the same body was
 * answered before (another media type, two Content-Types, invalid UTF-8, a body cut short).
 */
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../src/entries/node.js";
import { assetsFromSourceJson } from "../../src/wire/serialize.js";
import { ATOM_ON_OSMOSIS, fixtureGraph } from "../http/fixture.js";
import { rawRequest, type RawAnswer } from "./raw-http.js";

const PATH = "/v2/fungible/assets_from_source";
const UATOM = { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4", allow_multi_tx: true };
const ATOM_OSMOSIS = { source_asset_denom: ATOM_ON_OSMOSIS, source_asset_chain_id: "osmosis-1", allow_multi_tx: true };

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ router: fixtureGraph(), port: 0, quiet: true });
});
afterAll(() => server.close());

function post(body: string | Buffer, headers: string[] = ["Content-Type: application/json"]): Promise<RawAnswer> {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  const head = [`POST ${PATH} HTTP/1.1`, "Host: 127.0.0.1", "Connection: close", ...headers, `Content-Length: ${bytes.length}`];
  return rawRequest(server.port, Buffer.concat([Buffer.from(`${head.join("\r\n")}\r\n\r\n`), bytes]));
}

/** The library's answer, as the wire writes it. */
const expected = (options: typeof UATOM) => JSON.parse(assetsFromSourceJson(fixtureGraph().assetsFromSource(options)));

it("a repeated body gets the library's answer with the same headers, each body its own", async () => {
  const answers = [];
  for (const options of [UATOM, ATOM_OSMOSIS, UATOM, ATOM_OSMOSIS, UATOM]) answers.push([options, await post(JSON.stringify(options))] as const);
  for (const [options, answer] of answers) {
    expect(answer.status).toBe(200);
    expect(JSON.parse(Buffer.from(answer.body, "latin1").toString("utf8"))).toEqual(expected(options));
    expect(Number(answer.headers["content-length"])).toBe(Buffer.byteLength(answer.body, "latin1"));
    expect(answer.headers["x-data-version"]).toBe(server.live.current.dataVersion);
  }
  const { date: _a, ...first } = answers[0]![1].headers;
  const { date: _b, ...repeat } = answers[4]![1].headers;
  expect(repeat).toEqual(first);
});

it("the negotiated encoding is part of the key: gzip and identity repeats stay apart", async () => {
  const body = JSON.stringify(UATOM);
  const gzipHeaders = ["Content-Type: application/json", "Accept-Encoding: gzip"];
  const sequence = [await post(body, gzipHeaders), await post(body), await post(body, gzipHeaders), await post(body)];
  const texts = sequence.map((answer) => {
    const bytes = Buffer.from(answer.body, "latin1");
    return answer.headers["content-encoding"] === "gzip" ? gunzipSync(bytes).toString("utf8") : bytes.toString("utf8");
  });
  expect(sequence.map((answer) => answer.headers["content-encoding"] ?? "identity")).toEqual(["gzip", "identity", "gzip", "identity"]);
  for (const text of texts) expect(JSON.parse(text)).toEqual(expected(UATOM));
});

it("what the pipeline refuses stays refused after the same body was answered", async () => {
  const body = JSON.stringify(UATOM);
  expect((await post(body)).status).toBe(200);
  expect((await post(body)).status).toBe(200);
  expect((await post(body, ["Content-Type: text/plain"])).status).toBe(415);
  // node keeps the first of two Content-Types; the pipeline sees both, and refuses them.
  expect((await post(body, ["Content-Type: application/json", "Content-Type: text/plain"])).status).toBe(415);
  const invalid = Buffer.from(body);
  invalid[invalid.indexOf("u")] = 0xff; // not UTF-8
  const refused = await post(invalid);
  expect(refused.status).toBe(400);
  expect(JSON.parse(refused.body)).toMatchObject({ code: 3 });
});

it("a chunked body, a large one and a BOM go through the pipeline alike", async () => {
  const body = JSON.stringify(UATOM);
  const chunked = await rawRequest(
    server.port,
    `POST ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`,
  );
  const padded = await post(`${body}${" ".repeat(5000)}`);
  const bom = await post(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body)]));
  for (const answer of [chunked, padded, bom]) {
    expect(answer.status).toBe(200);
    expect(JSON.parse(Buffer.from(answer.body, "latin1").toString("utf8"))).toEqual(expected(UATOM));
  }
});

it("a client that leaves mid-body gets nothing and the server keeps answering", async () => {
  const cut = await rawRequest(server.port, `POST ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"source_`, {
    timeoutMs: 300,
  });
  expect(cut.status).toBeNull();
  expect((await post(JSON.stringify(UATOM))).status).toBe(200);
});
