/**
 * Issue 23, "every connection's memory is bounded", against one `serve` process (the shipped
 * mainnet dataset) started with a small heap: 300 GETs of every chain's assets pipelined in one
 * write, and clients that ask for large answers and never read. Meanwhile another connection
 * probes /health: every probe is answered, and the process is alive at the end. Loopback only,
 * bounded in count and time.
 */
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startServe, type ServeProcess } from "../cli/run-cli.js";

/** Small for a process holding the mainnet graph: before issue 23, the pipelining attack needed gigabytes. */
const HEAP_MB = 320;
const started: ServeProcess[] = [];

afterEach(() => {
  for (const { child } of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

async function smallHeapServe(): Promise<{ server: ServeProcess; port: number }> {
  const server = await startServe(["--port", "0", "--workers", "1"], { NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}` });
  started.push(server);
  return { server, port: Number(new URL(server.url).port) };
}

/** Probes /health every `everyMs` on fresh connections until stopped: how many were sent and answered 200. */
function probeHealth(url: string, everyMs: number): { stop(): Promise<{ sent: number; answered: number }> } {
  let sent = 0;
  let answered = 0;
  const pending: Promise<void>[] = [];
  const timer = setInterval(() => {
    sent++;
    pending.push(
      fetch(`${url}/health`, { signal: AbortSignal.timeout(5000), headers: { connection: "close" } })
        .then(async (response) => {
          if (response.status === 200 && ((await response.json()) as { status: string }).status === "ok") answered++;
        })
        .catch(() => {}),
    );
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return { sent, answered };
    },
  };
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.once("error", reject);
  });
}

/** Every asset of every chain, every kind included: about 9 MB of JSON for the mainnet data. */
const ALL_ASSETS = "/v2/fungible/assets?include_no_metadata_assets=true&include_cw20_assets=true&include_evm_assets=true&include_svm_assets=true";
const GET_ALL_ASSETS = `GET ${ALL_ASSETS} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;

describe("a single small-heap serve process under connection attacks", () => {
  it("answers 300 pipelined GETs of all assets one at a time, in order, and /health throughout", async () => {
    const { server, port } = await smallHeapServe();
    const probes = probeHealth(server.url, 200);
    const socket = await open(port);
    let received = 0;
    let text = "";
    socket.on("data", (chunk: Buffer) => {
      received += chunk.length;
      // Only the status lines matter; keep the tail for one split across chunks.
      text = (text + chunk.toString("latin1")).slice(-64);
    });
    const statuses: string[] = [];
    socket.on("data", (chunk: Buffer) => {
      for (const match of chunk.toString("latin1").matchAll(/HTTP\/1\.1 (\d{3}) /g)) statuses.push(match[1]!);
    });
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    socket.on("error", () => {});
    socket.write(GET_ALL_ASSETS.repeat(300));
    // Read for a while (each answer is ~9 MB), then stop: the server must stay up either way.
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    socket.destroy();
    const { sent, answered } = await probes.stop();
    expect(sent).toBeGreaterThan(10);
    expect(answered).toBe(sent);
    // Answers came (more than one: a reading client is served), the first ones 200; at most the
    // pipelining limit past what was answered is refused with a 503, nothing else.
    expect(statuses.length).toBeGreaterThan(1);
    expect(statuses[0]).toBe("200");
    expect(statuses.every((status) => status === "200" || status === "503")).toBe(true);
    expect(received).toBeGreaterThan(9_000_000);
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    expect(server.stderr()).not.toMatch(/heap out of memory|FATAL ERROR/);
  }, 90_000);

  it("cuts clients that ask for large answers and never read, and keeps answering /health", async () => {
    const { server, port } = await smallHeapServe();
    const probes = probeHealth(server.url, 200);
    const stalled: Socket[] = [];
    const CLIENTS = 30;
    for (let i = 0; i < CLIENTS; i++) {
      const socket = await open(port);
      socket.on("error", () => {});
      // Never read: the kernel's receive buffer fills, then the server's send side.
      socket.pause();
      // Pipelined behind the first: none of them may be computed while the first is unread.
      socket.write(GET_ALL_ASSETS.repeat(5));
      stalled.push(socket);
    }
    const cutLines = () => server.stderr().match(/connection cut: its client stopped reading/g)?.length ?? 0;
    const deadline = performance.now() + 40_000;
    while (cutLines() < CLIENTS && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    const cut = cutLines();
    // What each client got before the cut: less than its first answer (nothing after it was computed).
    const received = await Promise.all(
      stalled.map(
        (socket) =>
          new Promise<number>((resolve) => {
            let bytes = 0;
            socket.on("data", (chunk: Buffer) => (bytes += chunk.length));
            socket.once("close", () => resolve(bytes));
            socket.resume();
            setTimeout(() => resolve(-1), 10_000);
          }),
      ),
    );
    const { sent, answered } = await probes.stop();
    expect(cut, "every stalled client was cut within 40 s").toBe(CLIENTS);
    expect(received.every((bytes) => bytes >= 0 && bytes < 9_500_000)).toBe(true);
    expect(answered).toBe(sent);
    expect(sent).toBeGreaterThan(5);
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    expect(server.stderr()).not.toMatch(/heap out of memory|FATAL ERROR/);
  }, 90_000);
});
