/**
 * Issue 23: `compile --out` never leaves a broken target. The dataset goes to a temporary file
 * beside the target, synced and renamed over it (a new inode; the old file is whole until then);
 * a target that is a FIFO, a directory or a symbolic link is refused with a clear message and
 * exit 1, never waited on, written into or followed.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync, mkdirSync, lstatSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeFileAtomic } from "../../src/files/write-file-atomic.js";
import { FIXTURE_PATH } from "../http/fixture.js";
import { runCli } from "./run-cli.js";

const REG = ["--registry", FIXTURE_PATH];

describe("compile --out", () => {
  it("replaces a regular file by renaming a synced temporary one over it, leaving nothing else behind", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-out-"));
    const out = join(dir, "data.json");
    writeFileSync(out, "the previous dataset");
    const before = statSync(out).ino;
    const result = await runCli(["compile", "--out", out, ...REG]);
    expect(result.code).toBe(0);
    expect(JSON.parse(readFileSync(out, "utf8")).format).toBe("fungible-graph-dataset/1");
    expect(statSync(out).ino).not.toBe(before);
    expect(readdirSync(dir)).toEqual(["data.json"]);
  });

  it.each([
    ["a FIFO", (path: string) => execFileSync("mkfifo", [path]), /a FIFO, not a regular file/],
    ["a directory", (path: string) => mkdirSync(path), /a directory, not a regular file/],
    ["a symbolic link", (path: string) => symlinkSync(join(path, "..", "elsewhere.json"), path), /a symbolic link, not a regular file/],
  ])("refuses a target that is %s, at once and without touching it", async (_kind, make, message) => {
    const dir = mkdtempSync(join(tmpdir(), "fg-out-"));
    const out = join(dir, "data.json");
    make(out);
    const kind = lstatSync(out);
    const started = performance.now();
    const result = await runCli(["compile", "--out", out, ...REG]);
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/compile: cannot write ".*data\.json"/);
    expect(result.stderr).toMatch(message);
    expect(lstatSync(out).mode).toBe(kind.mode);
    expect(readdirSync(dir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("keeps the target whole when the write fails, and removes its temporary file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-out-"));
    const out = join(dir, "data.json");
    writeFileSync(out, "the previous dataset");
    // A value the file write itself rejects, after the temporary file was opened.
    await expect(writeFileAtomic(out, 42 as unknown as string)).rejects.toThrow();
    expect(readFileSync(out, "utf8")).toBe("the previous dataset");
    expect(readdirSync(dir)).toEqual(["data.json"]);
  });
});
