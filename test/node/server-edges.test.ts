/**
 * startServer against what browsers and client libraries never send: malformed request lines,
 * missing or bad Host headers, backslashes, absolute URLs, oversized uploads, clients that leave
 * mid-upload, slow (slowloris) and idle connections, and keep-alive clients during a drain.
 * Every answer the server gives is JSON. Loopback only; no wall-clock thresholds.
 */
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";
import { buildRouter, parseRegistry } from "../../src/index.js";
import { startServer, type RunningServer } from "../../src/entries/node.js";
import { FIXTURE_PATH, fixtureGraph } from "../http/fixture.js";
import { rawRequest } from "./raw-http.js";

const FROM_SOURCE = "/v2/fungible/assets_from_source";
const atom = JSON.stringify({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" });
const running: RunningServer[] = [];
const sockets: Socket[] = [];

async function start(options: Partial<Parameters<typeof startServer>[0]> = {}) {
  const lines: string[] = [];
  const access: string[] = [];
  const server = await startServer({
    router: fixtureGraph(),
    port: 0,
    log: (line) => lines.push(line),
    accessLog: (line) => access.push(line),
    drainIdleGraceMs: 20,
    ...options,
  });
  running.push(server);
  return { server, lines, access };
}

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(running.splice(0).map((server) => server.close()));
});

const expectJsonError = (answer: { status: number | null; headers: Record<string, string>; body: string }, status: number) => {
  expect(answer.status).toBe(status);
  expect(answer.headers["content-type"]).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as { code: number; message: string };
  expect(body.code).toBeTypeOf("number");
  expect(body.message.length).toBeGreaterThan(0);
};

/** Opens `count` connections; each sends `first` (if any) and nothing more. */
async function openConnections(port: number, count: number, first = ""): Promise<Socket[]> {
  const opened: Socket[] = [];
  for (let i = 0; i < count; i += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, count - i) }, () => new Promise<Socket>((resolve, reject) => {
        const socket = connect(port, "127.0.0.1", () => {
          if (first) socket.write(first);
          resolve(socket);
        });
        socket.on("error", () => {});
        socket.once("error", reject);
      })),
    );
    opened.push(...batch);
  }
  sockets.push(...opened);
  return opened;
}

describe("answers in JSON to requests the stack refuses", () => {
  it.each([
    ["a malformed request line", "GARBAGE\r\n\r\n", 400],
    ["a request line with no version", "GET /health\r\n\r\n", 400],
    ["a bad header line", "GET /health HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n", 400],
    ["no Host header", "GET /health HTTP/1.1\r\n\r\n", 400],
    ["a bad Host header", "GET /health HTTP/1.1\r\nHost: exa mple/..\r\n\r\n", 400],
    ["a backslash in the path", "GET /he\\alth HTTP/1.1\r\nHost: x\r\n\r\n", 400],
    ["an absolute-form URL with an odd scheme", "GET ftp://x/health HTTP/1.1\r\nHost: x\r\n\r\n", 400],
    ["headers over the size limit", `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(70_000)}\r\n\r\n`, 431],
  ])("%s", async (_name, bytes, status) => {
    const { server, lines } = await start();
    const answer = await rawRequest(server.port, bytes);
    expectJsonError(answer, status);
    expect(answer.headers["x-data-version"]).toBe(server.live.current.dataVersion);
    expect(lines.filter((line) => line.startsWith("internal error"))).toEqual([]);
  });

  it("an absolute-form URL to a real path is answered, not refused with an empty body", async () => {
    const { server } = await start();
    const answer = await rawRequest(server.port, `GET http://127.0.0.1:${server.port}/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: "ok" });
  });
});

describe("refusals written below the handler name the data version", () => {
  it("answers a bad Expect with a JSON 417 carrying X-Data-Version", async () => {
    const { server } = await start();
    const answer = await rawRequest(server.port, "GET /health HTTP/1.1\r\nHost: x\r\nExpect: tea\r\n\r\n");
    expectJsonError(answer, 417);
    expect(answer.headers["x-data-version"]).toBe(server.live.current.dataVersion);
  });

  it("answers CONNECT with a JSON 405 carrying X-Data-Version", async () => {
    const { server } = await start();
    const answer = await rawRequest(server.port, "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n", { oneResponse: false });
    expectJsonError(answer, 405);
    expect(answer.headers["x-data-version"]).toBe(server.live.current.dataVersion);
  });

  it("reads the version served when the refusal is written, not at start", async () => {
    const { server } = await start();
    const raw = JSON.parse(readFileSync(FIXTURE_PATH, "utf8")) as { chains: { pretty_name: string }[] };
    raw.chains[0]!.pretty_name = "Cosmos Hub (renamed)";
    const other = buildRouter(parseRegistry(raw));
    expect(server.live.swap(other)).toBe("swapped");
    for (const bytes of [
      "GARBAGE\r\n\r\n",
      "GET /health HTTP/1.1\r\n\r\n",
      `POST ${FROM_SOURCE} HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\n`,
      "GET /health HTTP/1.1\r\nHost: x\r\nExpect: tea\r\n\r\n",
      `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(70_000)}\r\n\r\n`,
    ]) {
      const answer = await rawRequest(server.port, bytes);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.headers["x-data-version"], bytes.slice(0, 40)).toBe(other.dataVersion);
    }
  });
});

describe("bad bytes after requests on a kept-alive connection", () => {
  it("answers a pipelined POST in full, then refuses the junk after it in JSON and closes", async () => {
    const { server, lines } = await start();
    const post = `POST ${FROM_SOURCE} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(atom)}\r\n\r\n${atom}`;
    const answer = await rawRequest(server.port, `${post}${post}\u0001\u0002 junk\r\n\r\n`, { oneResponse: false, timeoutMs: 10_000 });
    expect(answer.closedByServer).toBe(true);
    const parts = answer.text.split(/(?=HTTP\/1\.1 \d{3} )/);
    expect(parts.map((part) => part.slice(0, 12))).toEqual(["HTTP/1.1 200", "HTTP/1.1 200", "HTTP/1.1 400"]);
    for (const part of parts.slice(0, 2)) {
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(part)![1]);
      const body = part.slice(part.indexOf("\r\n\r\n") + 4);
      expect(Buffer.byteLength(body, "latin1")).toBe(length);
      expect(JSON.parse(Buffer.from(body, "latin1").toString("utf8"))).toHaveProperty("dest_assets");
    }
    expect(JSON.parse(parts[2]!.slice(parts[2]!.indexOf("\r\n\r\n") + 4))).toMatchObject({ code: 3 });
    expect(parts[2]).toContain(`\r\nx-data-version: ${server.live.current.dataVersion}\r\n`);
    expect(lines).toEqual([]);
  });

  it("says nothing more when the answer before the junk closed the connection", async () => {
    const { server, lines } = await start();
    const answer = await rawRequest(server.port, "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n\u0001junk\r\n\r\n", { oneResponse: false });
    expect(answer.closedByServer).toBe(true);
    expect(answer.text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(answer.status).toBe(200);
    expect(lines).toEqual([]);
  });
});

describe("body limits on the wire", () => {
  it("refuses a declared Content-Length over the limit before reading it, then closes the connection", async () => {
    const { server } = await start({ bodyLimit: 1000 });
    // Headers plus 10 bytes of a 10 MB upload: the answer must not wait for the rest.
    const answer = await rawRequest(
      server.port,
      `POST ${FROM_SOURCE} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n{"a":"bbbb`,
      { oneResponse: false, timeoutMs: 10_000 },
    );
    expectJsonError(answer, 413);
    expect(answer.headers.connection).toBe("close");
    expect(answer.headers["x-data-version"]).toBe(server.live.current.dataVersion);
    expect(answer.closedByServer).toBe(true);
  });

  it("refuses a chunked upload once it passes the limit and closes the connection", async () => {
    const { server } = await start({ bodyLimit: 1000 });
    const chunk = "x".repeat(600);
    const part = `${chunk.length.toString(16)}\r\n${chunk}\r\n`;
    const answer = await rawRequest(
      server.port,
      `POST ${FROM_SOURCE} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${part}${part}`,
      { oneResponse: false, timeoutMs: 10_000 },
    );
    expectJsonError(answer, 413);
    expect(answer.headers.connection).toBe("close");
    expect(answer.closedByServer).toBe(true);
  });
});

describe("clients that go away or go slow", () => {
  it("logs a client that disconnects mid-upload as one abort line: no internal error, no access line", async () => {
    const { server, lines, access } = await start();
    const socket = connect(server.port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(`POST ${FROM_SOURCE} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"source_asset`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    for (let i = 0; i < 50 && lines.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^client closed the connection before the answer: POST \/v2\/fungible\/assets_from_source \(mid-upload\)$/);
    expect(access).toEqual([]);
  });

  it("says nothing of an abort when quiet: not to its log, not to stderr", async () => {
    /** A client that leaves mid-upload; resolves once the server has closed its side (the abort is handled). */
    async function leaveMidUpload(server: RunningServer): Promise<void> {
      const socket = connect(server.port, "127.0.0.1");
      await new Promise((resolve) => socket.once("connect", resolve));
      socket.write(`POST ${FROM_SOURCE} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.destroy();
      const open = () => new Promise<number>((resolve) => server.server.getConnections((_error, count) => resolve(count)));
      for (let i = 0; i < 100 && (await open()) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await open(), "the server saw the client go").toBe(0);
      await new Promise((resolve) => setImmediate(resolve));
    }
    // The control: the same client, not quiet, is one line, so the quiet run below is about quiet.
    const loud = await start();
    await leaveMidUpload(loud.server);
    expect(loud.lines).toEqual(["client closed the connection before the answer: POST /v2/fungible/assets_from_source (mid-upload)"]);

    // Quiet, with a log given: the line goes neither to that log nor to the default (stderr).
    const stderr = vi.spyOn(process.stderr, "write");
    try {
      const { server, lines } = await start({ quiet: true });
      await leaveMidUpload(server);
      expect(lines).toEqual([]);
      expect(stderr.mock.calls.map(([chunk]) => String(chunk)).filter((text) => text.includes("client closed"))).toEqual([]);
    } finally {
      stderr.mockRestore();
    }
  });

  it("answers a normal request while 500 slowloris connections trickle headers, and cuts them with a JSON 408", async () => {
    const { server } = await start({ headersTimeoutMs: 1500, requestTimeoutMs: 3000 });
    const slow = await openConnections(server.port, 500, "GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ");
    const answers = slow.slice(0, 3).map(
      (socket) =>
        new Promise<string>((resolve) => {
          let text = "";
          socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
          socket.on("close", () => resolve(text));
        }),
    );
    const response = await fetch(`${server.url}${FROM_SOURCE}`, { method: "POST", headers: { "content-type": "application/json" }, body: atom });
    expect(response.status).toBe(200);
    await response.text();
    for (const text of await Promise.all(answers)) {
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(text).toContain(`\r\nx-data-version: ${server.live.current.dataVersion}\r\n`);
      expect(JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4))).toMatchObject({ code: 3 });
    }
  });

  it("a request that never arrives whole gets a JSON 408 when the connection's timeouts meet, never a silent close; an idle connection just ends", async () => {
    // Equal limits: the socket's send timeout fires before node's headers check (found by the
    // socket-level fuzz of bench scenario 7: blank lines, then nothing).
    const { server } = await start({ headersTimeoutMs: 1000, sendTimeoutMs: 1000, keepAliveTimeoutMs: 1000 });
    const answerOf = (bytes: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(server.port, "127.0.0.1", () => socket.write(bytes));
        sockets.push(socket);
        let text = "";
        socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
        socket.on("close", () => resolve(text));
      });
    const [blank, started, idle] = await Promise.all([answerOf("\n\r\n\r\n"), answerOf("GET /health HTTP/1.1\r\nHost: x\r\n"), answerOf("")]);
    for (const text of [blank, started]) {
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4))).toMatchObject({ code: 3 });
    }
    expect(idle).toBe("");
  });

  it("answers a normal request while 2,000 idle connections are open, and caps connections", async () => {
    const { server } = await start({ maxConnections: 2100 });
    expect(server.server.maxConnections).toBe(2100);
    await openConnections(server.port, 2000);
    const response = await fetch(`${server.url}/health`);
    expect(response.status).toBe(200);
    await response.text();
  });

  it("drops connections over the cap without disturbing the ones it serves", async () => {
    const { server } = await start({ maxConnections: 5 });
    await openConnections(server.port, 5);
    const extra = await rawRequest(server.port, "GET /health HTTP/1.1\r\nHost: x\r\n\r\n", { timeoutMs: 2000 });
    expect(extra.status).toBeNull();
    expect(extra.closedByServer).toBe(true);
  });
});

describe("draining", () => {
  /** A socket that has sent the headers of a POST with Expect: 100-continue and got its 100: the server holds that request. */
  async function heldRequest(port: number): Promise<{ socket: Socket; answer: Promise<string> }> {
    const socket = (await openConnections(port, 1))[0]!;
    let text = "";
    const answer = new Promise<string>((resolve) => socket.once("close", () => resolve(text)));
    await new Promise<void>((resolve) => {
      socket.on("data", (chunk: Buffer) => {
        text += chunk.toString("latin1");
        if (text.includes("100 Continue")) resolve();
      });
      socket.write(`POST ${FROM_SOURCE} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(atom)}\r\nExpect: 100-continue\r\n\r\n`);
    });
    return { socket, answer };
  }

  it("answers the requests in flight with Connection: close, closes idle connections, then refuses new ones", async () => {
    const { server } = await start({ drainIdleGraceMs: 200 });
    const held = await Promise.all([heldRequest(server.port), heldRequest(server.port)]);
    const [idle] = await openConnections(server.port, 1);
    const idleClosed = new Promise<boolean>((resolve) => idle!.once("close", () => resolve(true)));
    const closing = server.close();
    // The bodies arrive after close(): their requests were taken before it, so they are answered.
    for (const { socket } of held) socket.write(atom);
    const answers = await Promise.all(held.map(({ answer }) => answer));
    for (const text of answers) {
      expect(text).toMatch(/HTTP\/1\.1 200 OK/);
      expect(text.toLowerCase()).toContain("connection: close");
    }
    expect(await idleClosed).toBe(true);
    await closing;
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(server.port, "127.0.0.1", () => resolve("connected"));
      socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    expect(refused).toBe("ECONNREFUSED");
  });
});
