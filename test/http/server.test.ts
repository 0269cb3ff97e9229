/**
 * The handler behind a real loopback socket (startServer from fungible-graph/node): the access
 * log, graph swaps, the body limit on the wire (Content-Length and chunked), and a close() that drains.
 */
import { request as httpRequest } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../src/entries/node.js";
import { readFileSync } from "node:fs";
import { buildRouter, parseRegistry } from "../../src/index.js";
import type { Registry } from "../../src/index.js";
import { FIXTURE_PATH, fixtureGraph } from "./fixture.js";

const fixtureRegistry = () => JSON.parse(readFileSync(FIXTURE_PATH, "utf8")) as Registry;

const FROM_SOURCE = "/v2/fungible/assets_from_source";
const atom = JSON.stringify({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" });
const running: RunningServer[] = [];

async function start(options: Partial<Parameters<typeof startServer>[0]> = {}) {
  const lines: string[] = [];
  const server = await startServer({ router: fixtureGraph(), port: 0, log: (line) => lines.push(line), ...options });
  running.push(server);
  return { server, lines };
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

const post = (url: string, body: BodyInit, headers: Record<string, string> = { "content-type": "application/json" }) =>
  fetch(`${url}${FROM_SOURCE}`, { method: "POST", headers, body, duplex: "half" } as RequestInit);

describe("startServer", () => {
  it("listens on a free loopback port and answers queries", async () => {
    const { server } = await start();
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.port).toBeGreaterThan(0);
    const response = await post(server.url, atom);
    expect(response.status).toBe(200);
    expect(Object.keys(((await response.json()) as { dest_assets: object }).dest_assets)).toContain("osmosis-1");
  });

  it("writes no access log by default", async () => {
    const { server, lines } = await start();
    await (await post(server.url, atom)).text();
    expect(lines).toEqual([]);
  });

  it("with an access log, writes one JSON line per request: t, method, path without query, status, ms", async () => {
    const access: string[] = [];
    const { server } = await start({ accessLog: (line) => access.push(line) });
    await (await post(server.url, atom)).text();
    await (await fetch(`${server.url}/health?probe=1`)).text();
    await (await fetch(`${server.url}/nope`)).text();
    const entries = access.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.map(({ method, path, status }) => ({ method, path, status }))).toEqual([
      { method: "POST", path: FROM_SOURCE, status: 200 },
      { method: "GET", path: "/health", status: 200 },
      { method: "GET", path: "/nope", status: 404 },
    ]);
    for (const entry of entries) {
      expect(Number.isNaN(Date.parse(entry.t as string))).toBe(false);
      expect(entry.ms).toBeTypeOf("number");
    }
  });

  it("swaps the router it serves through its LiveRouter", async () => {
    const { server } = await start();
    const before = (await (await fetch(`${server.url}/health`)).json()) as { data_version: string };
    const other = buildRouter(parseRegistry({ ...fixtureRegistry(), chains: fixtureRegistry().chains.map((c) => ({ ...c, pretty_name: `${c.pretty_name ?? c.chain_id} 2` })) }));
    expect(server.live.swap(other)).toBe("swapped");
    const after = await fetch(`${server.url}/health`);
    const body = (await after.json()) as { data_version: string };
    expect(body.data_version).toBe(other.dataVersion);
    expect(body.data_version).not.toBe(before.data_version);
    expect(after.headers.get("x-data-version")).toBe(other.dataVersion);
  });

  it("refuses a body over the limit by Content-Length and when chunked", async () => {
    const { server } = await start({ bodyLimit: 1000 });
    const big = JSON.stringify({ pad: "x".repeat(2000) });
    const sized = await post(server.url, big);
    expect(sized.status).toBe(413);
    expect(await sized.json()).toMatchObject({ code: 8 });
    const chunks = [new TextEncoder().encode(big.slice(0, 900)), new TextEncoder().encode(big.slice(900))];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const chunked = await post(server.url, stream);
    expect(chunked.status).toBe(413);
  });

  it("refuses a port that is taken", async () => {
    const { server } = await start();
    await expect(startServer({ router: fixtureGraph(), port: server.port, quiet: true })).rejects.toThrow(/EADDRINUSE/);
  });

  it("close() lets a request in flight finish, then refuses new connections", async () => {
    const { server } = await start({ drainTimeoutMs: 60_000 });
    // Send the headers and half the body, close the server, then send the rest.
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${server.url}${FROM_SOURCE}`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(atom) },
      });
      req.on("response", (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
      req.write(atom.slice(0, 20));
      req.on("socket", (socket) =>
        socket.on("connect", () => {
          setTimeout(() => {
            closed = server.close();
            setTimeout(() => req.end(atom.slice(20)), 50);
          }, 50);
        }),
      );
    });
    let closed: Promise<void> | undefined;
    const result = await answer;
    expect(result.status).toBe(200);
    expect(result.body).toContain("osmosis-1");
    await closed;
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
  });

  it("close() does not wait for idle keep-alive connections and can be called twice", async () => {
    const { server } = await start({ drainTimeoutMs: 60_000 });
    const response = await fetch(`${server.url}/health`, { headers: { connection: "keep-alive" } });
    await response.text();
    // With a 60 s drain timeout, an idle socket holding close() open would time this test out.
    await Promise.all([server.close(), server.close()]);
  });
});
