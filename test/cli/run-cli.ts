/**
 * Runs the BUILT command (`node dist/cli.js`, made by `npm run build`, which `npm test` runs
 * first) as a user would, with a time limit so a hung process fails the test instead of the run.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

// FG_DIST: a private build directory (a developer building elsewhere while another build runs).
export const CLI = process.env.FG_DIST ? `${process.env.FG_DIST.replace(/\/$/, "")}/cli.js` : fileURLToPath(new URL("../../dist/cli.js", import.meta.url));
if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` (npm test does it first)`);

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { ...process.env, ...env }, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `serve` and resolves once it prints its listening line (or rejects when it exits first). */
export function startServe(args: string[], env: NodeJS.ProcessEnv = {}, readyWithinMs = 60_000): Promise<ServeProcess> {
  const child = spawn(process.execPath, [CLI, "serve", ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (err += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`serve printed no listening line within ${readyWithinMs} ms\nstdout: ${out}\nstderr: ${err}`));
    }, readyWithinMs);
    const check = () => {
      const match = /^listening on (http:\/\/\S+)$/m.exec(out);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off("data", check);
      resolve({ child, url: match[1]!, stdout: () => out, stderr: () => err, exited });
    };
    child.stdout!.on("data", check);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${code ?? signal}) before listening\nstdout: ${out}\nstderr: ${err}`));
    });
  });
}
