/**
 * One way to load: the same source through the library (`loadRouter`), the Node layer
 * (`loadSource`, `startServer`), the CLI (`compile`, `serve`) gives the same data_version and the
 * same provenance, and a source given twice is refused with the same words everywhere.
 * Uses the built CLI (dist/cli.js) for the command runs.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadRouter } from "../../src/index.js";
import { startServer } from "../../src/entries/node.js";
import { loadSource } from "../../src/files/load-source.js";
import { runCli, startServe, type ServeProcess } from "../cli/run-cli.js";
import { ATOM_ON_OSMOSIS, FIXTURE_PATH } from "../http/fixture.js";

const dir = mkdtempSync(join(tmpdir(), "fg-one-loader-"));
const serves: ServeProcess[] = [];
afterAll(() => {
  for (const serve of serves) serve.child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

const OVERRIDES = { overrides: [{ chain_id: "cosmoshub-4", denom: "uatom", symbol: "ATOMX" }] };
const overridesFile = join(dir, "overrides.json");
writeFileSync(overridesFile, JSON.stringify(OVERRIDES));

interface Health {
  data_version: string;
  provenance: Record<string, unknown> & { files?: unknown };
}

/** /health of a `serve` run with these flags, without the files list (the serve-only part). */
async function servedHealth(flags: string[]): Promise<{ data_version: string; provenance: Record<string, unknown> }> {
  const serve = await startServe(["--port", "0", "--workers", "1", "--quiet", ...flags], {}, 120_000);
  serves.push(serve);
  const health = (await (await fetch(`${serve.url}/health`)).json()) as Health;
  serve.child.kill("SIGTERM");
  const { files: _files, ...provenance } = health.provenance;
  return { data_version: health.data_version, provenance };
}

/** The data_version and provenance `compile` writes for these flags (the dataset records the router's provenance). */
async function compiled(flags: string[]): Promise<{ data_version: string; provenance: Record<string, unknown> }> {
  const out = join(dir, `compiled-${Math.random().toString(36).slice(2)}.json`);
  const result = await runCli(["compile", "--out", out, ...flags, "--json"]);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  const written = JSON.parse(result.stdout) as { data_version: string };
  const dataset = JSON.parse(readFileSync(out, "utf8")) as { data_version: string; provenance: Record<string, unknown> };
  expect(dataset.data_version).toBe(written.data_version);
  return { data_version: written.data_version, provenance: dataset.provenance };
}

describe("one source, every surface: the same data_version and provenance", () => {
  it("a registry with overrides: loadRouter, loadSource, startServer, serve and compile", async () => {
    const library = await loadRouter({ registry: JSON.parse(readFileSync(FIXTURE_PATH, "utf8")), overrides: OVERRIDES });
    const expected = { data_version: library.dataVersion, provenance: { ...library.provenance } };
    expect(expected.provenance).toEqual({ source: "registry", overrides_hash: expect.stringMatching(/^sha256:[0-9a-f]{32}$/) });
    const node = await loadSource({ registry: FIXTURE_PATH, overrides: overridesFile });
    expect({ data_version: node.dataVersion, provenance: node.provenance }).toEqual(expected);
    const server = await startServer({ source: { registry: FIXTURE_PATH, overrides: overridesFile }, port: 0, quiet: true });
    try {
      expect(server.live.health()).toMatchObject({ data_version: expected.data_version, provenance: expected.provenance });
    } finally {
      await server.close();
    }
    const flags = ["--registry", FIXTURE_PATH, "--overrides", overridesFile];
    expect(await servedHealth(flags)).toEqual(expected);
    expect(await compiled(flags)).toEqual(expected);
  }, 180_000);

  it("a dataset file with overrides: loadRouter({dataset}) and serve --dataset report the dataset's provenance plus the overrides", async () => {
    const datasetFile = join(dir, "plain.json");
    expect((await runCli(["compile", "--out", datasetFile, "--registry", FIXTURE_PATH])).code).toBe(0);
    const library = await loadRouter({ dataset: readFileSync(datasetFile, "utf8"), overrides: OVERRIDES });
    expect(library.provenance).toEqual({ source: "registry", overrides_hash: expect.stringMatching(/^sha256:/) });
    expect(await servedHealth(["--dataset", datasetFile, "--overrides", overridesFile])).toEqual({ data_version: library.dataVersion, provenance: library.provenance });
  }, 180_000);

  it("replacement venues and overrides over a registry: compile and loadSource agree; a dataset takes no venues", async () => {
    const venuesFile = join(dir, "venues.json");
    const venues = [{ name: "test-pool", chain_id: "osmosis-1", denoms: ["uosmo", ATOM_ON_OSMOSIS] }];
    writeFileSync(venuesFile, JSON.stringify({ venues }));
    const node = await loadSource({ registry: FIXTURE_PATH, venues: venuesFile, overrides: overridesFile });
    expect(node.registry.swap_venues).toEqual(venues);
    expect(node.provenance).toEqual({ source: "registry", venues_hash: expect.stringMatching(/^sha256:/), overrides_hash: expect.stringMatching(/^sha256:/) });
    expect(await compiled(["--registry", FIXTURE_PATH, "--venues", venuesFile, "--overrides", overridesFile])).toEqual({ data_version: node.dataVersion, provenance: node.provenance });
    await expect(loadSource({ dataset: FIXTURE_PATH, venues: venuesFile })).rejects.toMatchObject({
      code: "invalid_config",
      message: "loadSource: venues replace a registry's swap venues; a dataset has its own compiled in",
    });
  }, 120_000);

  it("chain-registry: serve --chain-registry records what compile records, overlay_hash included", async () => {
    const flags = ["--network", "testnet"];
    const fromCompile = await compiled(flags);
    expect(fromCompile.provenance).toMatchObject({ source: "chain-registry", network: "testnet", overlay_hash: expect.stringMatching(/^sha256:/) });
    expect(await servedHealth(["--chain-registry", ...flags])).toEqual(fromCompile);
    const node = await loadSource({ chainRegistry: true, network: "testnet" });
    expect({ data_version: node.dataVersion, provenance: node.provenance }).toEqual(fromCompile);
  }, 240_000);
});

describe("a source given twice is refused in the same words everywhere", () => {
  const registry = JSON.parse(readFileSync(FIXTURE_PATH, "utf8")) as unknown;

  /** The message of a refusal without its `fn: ` prefix. */
  async function said(run: () => Promise<unknown>, fn: string): Promise<string> {
    const error = await run().then(
      () => new Error("accepted"),
      (thrown: unknown) => thrown as Error,
    );
    expect(error).toMatchObject({ code: "invalid_config" });
    expect(error.message.startsWith(`${fn}: `)).toBe(true);
    return error.message.slice(fn.length + 2);
  }

  async function cliSaid(args: string[]): Promise<string> {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    const first = result.stderr.split("\n")[0]!;
    const command = args[0]!;
    expect(first.startsWith(`${command}: `)).toBe(true);
    return first.slice(command.length + 2);
  }

  it.each([
    ["dataset and registry", { dataset: "x" }, { dataset: FIXTURE_PATH }, ["--dataset", FIXTURE_PATH]],
    ["network with a registry", { network: "testnet" }, { network: "testnet" }, ["--network", "testnet"]],
  ] as const)("%s", async (_, library, node, flags) => {
    const messages = [
      await said(() => loadRouter({ registry, ...library } as Parameters<typeof loadRouter>[0]), "loadRouter"),
      await said(() => loadSource({ registry: FIXTURE_PATH, ...node }, "loadSource"), "loadSource"),
      await said(() => startServer({ source: { registry: FIXTURE_PATH, ...node }, port: 0 }), "startServer"),
      await cliSaid(["route", "cosmoshub-4:uatom", "osmosis-1:uosmo", "--registry", FIXTURE_PATH, ...flags]),
      await cliSaid(["serve", "--port", "0", "--registry", FIXTURE_PATH, ...flags]),
      await cliSaid(["validate", "--registry", FIXTURE_PATH, ...flags]),
    ];
    expect(new Set(messages).size, messages.join("\n")).toBe(1);
    expect(messages[0]).toMatch(/^(give one source, not dataset and registry|network picks a shipped dataset or chain-registry's lists; a registry has its own)$/);
  }, 120_000);

  it("an unknown network", async () => {
    const messages = [
      await said(() => loadRouter({ network: "devnet" as "mainnet" }), "loadRouter"),
      await said(() => loadSource({ network: "devnet" as "mainnet" }), "loadSource"),
      await cliSaid(["chains", "--network", "devnet"]),
      await cliSaid(["compile", "--out", join(dir, "never.json"), "--network", "devnet"]),
    ];
    expect(messages).toEqual(Array(messages.length).fill('network must be "mainnet" or "testnet", got "devnet"'));
  }, 60_000);
});
