/** A reader that stops early (`fungible-graph ... | head -1`) ends the output quietly: exit 0, no stack. */
import { spawn } from "node:child_process";
import { expect, it } from "vitest";
import { CLI } from "./run-cli.js";

it("exits 0 without a stack trace when stdout closes early", async () => {
  // A large answer (every asset OSMO reaches, on the shipped mainnet data) outlasts the first chunk.
  const child = spawn(process.execPath, [CLI, "from-source", "osmosis-1:uosmo", "--allow-multi-tx", "--json"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr!.on("data", (chunk: Buffer) => (err += chunk));
  // Like `head -c 1`: read one chunk, then close the pipe while the command may still be writing.
  child.stdout!.once("data", () => child.stdout!.destroy());
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  expect(err).not.toMatch(/EPIPE|Error:|at /);
  expect(code).toBe(0);
});
