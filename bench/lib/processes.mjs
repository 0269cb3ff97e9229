/**
 * Child processes for the bench: fresh-process measurements (a script that prints one JSON line)
 * and servers (spawned, ready at their `listening on http://HOST:PORT` line). Every wait has a
 * time limit; every process started here is stopped here, by its own pid.
 */
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";

/**
 * Runs `node ...nodeArgs script ...args`; resolves with the JSON of its last stdout line.
 * @param {string} script
 * @param {string[]} [args]
 * @param {{ nodeArgs?: string[], timeoutMs?: number, env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<any>}
 */
export function runJsonChild(script, args = [], { nodeArgs = [], timeoutMs = 120_000, env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${script} ${args.join(" ")}: no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const last = stdout.trim().split("\n").pop() ?? "";
      if (code !== 0) {
        reject(new Error(`${script} ${args.join(" ")} exited ${code ?? signal}: ${lastLines(stderr || stdout)}`));
        return;
      }
      try {
        resolve(JSON.parse(last));
      } catch {
        reject(new Error(`${script}: last output line is not JSON: ${last.slice(0, 200)}`));
      }
    });
  });
}

const LISTENING = /listening on (http:\/\/[^\s]+)/;

/**
 * Spawns a server process and resolves once it prints `listening on http://HOST:PORT`, with the
 * time from spawn to that line. Rejects (and kills it) if it exits or stays silent too long.
 * @param {string[]} args
 * @param {{ nodeArgs?: string[], timeoutMs?: number, env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<any>}
 */
export function startServerProcess(args, { nodeArgs = [], timeoutMs = 60_000, env } = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [...nodeArgs, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env },
    });
    let output = "";
    let done = false;
    const onData = (d) => {
      output += d;
      const match = LISTENING.exec(output);
      if (match && !done) {
        const readyMs = performance.now() - t0;
        done = true;
        clearTimeout(timer);
        const url = match[1].replace("0.0.0.0", "127.0.0.1").replace("[::]", "127.0.0.1").replace(/\/$/, "");
        resolve({ url, readyMs, pid: child.pid, output: () => output, stop: () => stopProcess(child) });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    const timer = setTimeout(() => {
      if (done) return;
      done = true;
      child.kill("SIGKILL");
      reject(new Error(`${args.join(" ")}: no "listening on" line within ${timeoutMs} ms: ${lastLines(output)}`));
    }, timeoutMs);
    child.on("exit", (code, signal) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      reject(new Error(`${args.join(" ")} exited ${code ?? signal} before listening: ${lastLines(output)}`));
    });
  });
}

/** SIGTERM, then SIGKILL after 5 s; resolves when the process is gone. */
export function stopProcess(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

function lastLines(text, n = 3) {
  return text.trim().split("\n").slice(-n).join(" | ").slice(0, 500);
}
