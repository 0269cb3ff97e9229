/**
 * Issue 23, "a dataset is checked whole", through the server: a dataset whose model section was
 * edited (one integer: a voucher steps back over a channel its chain lacks) is refused at start
 * and on reload, /health reporting the refusal while the genuine data keeps serving; putting the
 * genuine file back, even with its old size and mtime, is seen as a change by the file watch
 * (content, not stats) and the reload that follows succeeds.
 */
import { mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../src/entries/node.js";
import { buildRouter, compileDataset, parseRegistry } from "../../src/index.js";
import { prepareDataset } from "../../src/node/served-graph.js";
import { watchFiles } from "../../src/node/watch-files.js";
import { FIXTURE_PATH } from "../http/fixture.js";

const servers: RunningServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** The fixture's dataset, and the same text with one listed voucher's arrival end moved to another end (same length). */
function datasets(): { genuine: string; tampered: string } {
  const genuine = compileDataset(buildRouter(parseRegistry(JSON.parse(readFileSync(FIXTURE_PATH, "utf8")))));
  const json = JSON.parse(genuine);
  const i = (json.model.arrival as number[]).findIndex((end) => end > 1);
  const arrival = json.model.arrival[i] as number;
  // The other end of the same channel: on the counterparty chain, not the voucher's.
  json.model.arrival[i] = arrival ^ 1;
  const tampered = JSON.stringify(json);
  expect(tampered.length).toBe(genuine.length);
  return { genuine, tampered };
}

describe("a dataset with an edited model section", () => {
  it("is refused at start", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-tamper-"));
    const file = join(dir, "data.json");
    writeFileSync(file, datasets().tampered);
    await expect(startServer({ source: { dataset: file }, port: 0, quiet: true })).rejects.toMatchObject({ code: "invalid_dataset", message: expect.stringMatching(/not to its data_version/) });
  });

  it("is refused on reload, and putting the genuine file back heals", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-tamper-"));
    const file = join(dir, "data.json");
    const { genuine, tampered } = datasets();
    writeFileSync(file, genuine);
    const lines: string[] = [];
    const server = await startServer({ source: { dataset: file }, port: 0, log: (line) => lines.push(line), reload: { prepare: prepareDataset } });
    servers.push(server);
    const version = server.live.current.dataVersion;
    writeFileSync(file, tampered);
    await server.reload("test");
    const refused = (await (await fetch(`${server.url}/health`)).json()) as { data_version: string; last_reload: { ok: boolean; error: string } };
    expect(refused.last_reload).toMatchObject({ ok: false, error: expect.stringMatching(/invalid|data_version/) });
    expect(refused.data_version).toBe(version);
    writeFileSync(file, genuine);
    await server.reload("test");
    const healed = (await (await fetch(`${server.url}/health`)).json()) as { data_version: string; last_reload: { ok: boolean } };
    expect(healed.last_reload.ok).toBe(true);
    expect(healed.data_version).toBe(version);
  });

  it("restored with its old size and mtime is a change to the file watch; a touch is not", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-tamper-"));
    const file = join(dir, "data.json");
    const { genuine, tampered } = datasets();
    writeFileSync(file, tampered);
    const { atime, mtime } = statSync(file);
    const changes: string[][] = [];
    const watch = watchFiles([file], (changed) => changes.push(changed), { debounceMs: 50, pollMs: 100 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Same content, new mtime: not a change.
      writeFileSync(file, tampered);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(changes).toEqual([]);
      // Other content, same size, old mtime put back.
      writeFileSync(file, genuine);
      utimesSync(file, atime, mtime);
      const deadline = Date.now() + 5000;
      while (changes.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(changes).toHaveLength(1);
    } finally {
      watch.close();
    }
  });
});
