/**
 * HTTP edges: a Transfer-Encoding node does not support, or a malformed chunked body, gets a JSON
 * answer (501 / 400) before the connection closes, after the answers pipelined ahead of it; every
 * answer (queries, replays, errors, node-level refusals, the page) says `X-Content-Type-Options: nosniff`.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../src/entries/node.js";
import { PAGE_PATHS } from "../../src/http/page/page-html.js";
import { fixtureGraph } from "../http/fixture.js";
import { rawRequest } from "../node/raw-http.js";

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function start() {
  const lines: string[] = [];
  const server = await startServer({ router: fixtureGraph(), port: 0, log: (line) => lines.push(line) });
  running.push(server);
  return { server, lines };
}

const post = (headers: string, body: string) =>
  `POST /v2/fungible/assets_from_source HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${headers}\r\n${body}`;
const good = JSON.stringify({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" });
const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;

describe("bodies node's parser refuses", () => {
  it.each([
    ["Transfer-Encoding: gzip", "Transfer-Encoding: gzip\r\n", good, 501, 12],
    ["Transfer-Encoding: identity", "Transfer-Encoding: identity\r\n", good, 501, 12],
    ["a chunk size that is not hex", "Transfer-Encoding: chunked\r\n", `zz\r\n${good}\r\n0\r\n\r\n`, 400, 3],
    ["chunk data longer than its size", "Transfer-Encoding: chunked\r\n", `3\r\n${good}\r\n0\r\n\r\n`, 400, 3],
  ])("%s: a JSON error answer, then the connection closes", async (_name, headers, body, status, grpc) => {
    const { server } = await start();
    const answer = await rawRequest(server.port, post(headers, body), { oneResponse: false });
    expect(answer.status, answer.text).toBe(status);
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["connection"]).toBe("close");
    const parsed = JSON.parse(answer.body) as { code: number; message: string };
    expect(parsed.code).toBe(grpc);
    expect(parsed.message.length).toBeGreaterThan(0);
    expect(answer.closedByServer).toBe(true);
    // One answer only: nothing written after the refusal.
    expect(answer.text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });

  it("answers a good request pipelined ahead of a bad chunked one first, in order", async () => {
    const { server } = await start();
    const first = post(`Content-Length: ${good.length}\r\n`, good);
    const bad = post("Transfer-Encoding: chunked\r\n", `${chunk(good.slice(0, 10))}zz\r\n`);
    const answer = await rawRequest(server.port, first + bad, { oneResponse: false });
    const statuses = [...answer.text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => Number(match[1]));
    expect(statuses).toEqual([200, 400]);
    expect(answer.closedByServer).toBe(true);
  });

  it("still accepts a well-formed chunked body", async () => {
    const { server } = await start();
    const answer = await rawRequest(server.port, post("Transfer-Encoding: chunked\r\n", `${chunk(good.slice(0, 20))}${chunk(good.slice(20))}0\r\n\r\n`));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toHaveProperty("dest_assets");
  });
});

describe("X-Content-Type-Options: nosniff on every answer", () => {
  const query = "/v2/fungible/assets_from_source?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4";
  it.each([
    ["the health check", "GET /health HTTP/1.1\r\nHost: x\r\n\r\n", 200],
    ["a query", `GET ${query} HTTP/1.1\r\nHost: x\r\n\r\n`, 200],
    ["the page", `GET ${PAGE_PATHS.page} HTTP/1.1\r\nHost: x\r\n\r\n`, 200],
    ["a 404", "GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n", 404],
    ["a 405", "DELETE /health HTTP/1.1\r\nHost: x\r\n\r\n", 405],
    ["a 413", post("Content-Length: 999999999\r\n", ""), 413],
    ["a request node's parser refuses", "GET /health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n", 400],
    ["a request the adapter refuses (no Host)", "GET /health HTTP/1.1\r\n\r\n", 400],
  ])("%s", async (_name, bytes, status) => {
    const { server } = await start();
    const answer = await rawRequest(server.port, bytes);
    expect(answer.status, answer.text).toBe(status);
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("a replayed query (served from the replay cache) too", async () => {
    const { server } = await start();
    const bytes = `GET ${query} HTTP/1.1\r\nHost: x\r\n\r\n`;
    const first = await rawRequest(server.port, bytes);
    const again = await rawRequest(server.port, bytes);
    expect(again.body).toBe(first.body);
    expect(again.headers["x-content-type-options"]).toBe("nosniff");
  });
});
