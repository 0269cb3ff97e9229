/**
 * Each command of the built CLI: --help, tables, --json, exit codes (0 ok, 1 not found or fatal,
 * 2 usage) and messages on stderr without stack traces.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { ATOM_ON_NEUTRON_VIA_OSMOSIS, ATOM_ON_OSMOSIS, ASTRO_CW20, FIXTURE_PATH, fixtureGraph } from "../http/fixture.js";
import { runCli } from "./run-cli.js";
import { between } from "../../src/cli/between.js";
import { compile } from "../../src/cli/compile.js";
import { fromSource } from "../../src/cli/from-source.js";
import { route } from "../../src/cli/route.js";
import { serve } from "../../src/cli/serve.js";
import { describeError, EXIT_FAILURE, EXIT_USAGE, exitCodeFor, UsageError } from "../../src/cli/cli-error.js";
import { ERROR_KINDS } from "../../src/entries/schemas.js";
import { FungibleError } from "../../src/index.js";

const REG = ["--registry", FIXTURE_PATH];
const dir = mkdtempSync(join(tmpdir(), "fungible-cli-"));
const noStack = (text: string) => expect(text).not.toMatch(/\n\s+at /);
const COMMANDS = { "from-source": fromSource, between, route, serve, compile };

describe("help and usage", () => {
  it.each(["--help", "-h", "help"])("fungible-graph %s lists the commands and exits 0", async (flag) => {
    const result = await runCli([flag]);
    expect(result.code).toBe(0);
    for (const command of ["serve", "from-source", "between", "route", "validate", "compile"]) expect(result.stdout).toContain(command);
  });

  it.each(["serve", "compile", "from-source", "between", "route", "validate"])("%s --help prints its usage and exits 0", async (command) => {
    const result = await runCli([command, "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^usage: fungible-graph ${command}`));
    expect(result.stderr).toBe("");
  });

  it("prints the version", async () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
    expect((await runCli(["--version"])).stdout.trim()).toBe(pkg.version);
  });

  // Through the built binary: main's own refusals, and how any usage error reaches stderr.
  it.each([
    [[], /usage: fungible-graph <command>/],
    [["launch"], /unknown command "launch"/],
    [["from-source", "cosmoshub-4:uatom", "--bogus"], /^from-source: unknown flag --bogus\nsee: fungible-graph from-source --help\n$/],
    [["serve", "--port", "http"], /serve: --port must be a whole number from 0 to 65535, got "http"/],
  ])("%j is a usage error: exit 2", async (args, says) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(says);
    expect(result.stdout).toBe("");
    noStack(result.stderr);
  });

  // In process (a process each costs half a second): the command refuses before it prints or
  // loads anything, with the error main turns into stderr and exit 2 (above).
  it.each([
    [["from-source", "uatom"], /from-source: "uatom" is not <chain_id>:<denom>/],
    [["from-source"], /from-source: expected <chain_id>:<denom>, got none/],
    [["between", "a", "b", "c"], /between: expected <source_chain> <dest_chain>/],
    [["route", "cosmoshub-4", "osmosis-1:uosmo"], /route: "cosmoshub-4" is not <chain_id>:<denom>/],
    [["route", ":uatom", "osmosis-1:uosmo"], /route: ":uatom" is not <chain_id>:<denom>/],
    [["from-source", "osmosis-1:uosmo", "--include-swaps", "--swap-venue", "poolmanager"], /--swap-venue "poolmanager" is not <chain_id>:<name>/],
    [["compile"], /compile: --out FILE is required/],
    [["compile", "--out", "x.json", "--network", "testnet", ...REG], /compile: network picks a shipped dataset or chain-registry's lists; a registry has its own/],
    [["serve", "--workers", "many"], /serve: --workers must be a whole number from 0 to 1024, got "many"/],
    [["serve", "--body-limit", "0"], /serve: --body-limit must be a whole number from 1/],
    [["from-source", "cosmoshub-4:uatom", "--dataset", FIXTURE_PATH, ...REG], /from-source: give one source, not dataset and registry/],
    [["from-source", "cosmoshub-4:uatom", "--chain-registry", ...REG], /from-source: give one source, not registry and chain-registry/],
    [["between", "a-1", "b-1", "--network", "devnet"], /between: network must be "mainnet" or "testnet", got "devnet"/],
    [["between", "a-1", "b-1", "--network", "testnet", ...REG], /between: network picks a shipped dataset or chain-registry's lists; a registry has its own/],
  ] as [string[], RegExp][])("%j is a usage error: exit 2", async ([name, ...rest], says) => {
    const written = vi.spyOn(process.stdout, "write");
    const error = await COMMANDS[name as keyof typeof COMMANDS]!.run(rest).then(
      (code) => new Error(`exited ${code}`),
      (thrown: unknown) => thrown,
    );
    expect(written).not.toHaveBeenCalled();
    written.mockRestore();
    expect(exitCodeFor(error)).toBe(EXIT_USAGE);
    expect(describeError(error)).toMatch(says);
    noStack(describeError(error));
  });
});

describe("from-source", () => {
  it("prints a table with one row per asset and a summary", async () => {
    const result = await runCli(["from-source", "cosmoshub-4:uatom", "--allow-multi-tx", "--wide", ...REG]);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^CHAIN\s+DENOM\s+SYMBOL\s+TRACE\s+ORIGIN$/);
    expect(lines.find((line) => line.startsWith("neutron-1"))).toMatch(
      new RegExp(`^neutron-1\\s+${ATOM_ON_NEUTRON_VIA_OSMOSIS}\\s+ATOM\\.osmo\\s+transfer/channel-10/transfer/channel-0\\s+cosmoshub-4 uatom$`),
    );
    expect(lines.at(-1)).toBe("4 assets on 4 chains reachable from cosmoshub-4 uatom");
  });

  it("says so when nothing is left after the filters", async () => {
    const result = await runCli(["from-source", "cosmoshub-4:uatom", "--native-only", ...REG]);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe("no asset is reachable from cosmoshub-4 uatom with these filters");
  });

  it("names an unknown chain and exits 1", async () => {
    const result = await runCli(["from-source", "nowhere-9:uatom", ...REG]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('error: assetsFromSource: chain "nowhere-9" is not in the registry');
  });
});

describe("between", () => {
  it("prints pairs with transactions and bridges", async () => {
    const result = await runCli(["between", "1", "osmosis-1", "--include-evm-assets", "--allow-multi-tx", "--wide", ...REG]);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^SOURCE DENOM\s+SYMBOL\s+DEST DENOM\s+SYMBOL\s+TXS\s+BRIDGES$/);
    expect(lines[1]).toMatch(/^0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48\s+USDC\s+ibc\/D189\S+\s+USDC\.axl\s+1\s+AXELAR$/);
    expect(lines.at(-1)).toBe("1 asset can move 1 -> osmosis-1");
  });
});

describe("route", () => {
  it("prints each hop with its channel and transaction", async () => {
    const result = await runCli(["route", "cosmoshub-4:uatom", `neutron-1:${ATOM_ON_NEUTRON_VIA_OSMOSIS}`, "--wide", ...REG]);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split("\n");
    expect(lines[0]).toBe(`cosmoshub-4 uatom -> neutron-1 ${ATOM_ON_NEUTRON_VIA_OSMOSIS}: 2 transactions, 2 hops, bridges IBC`);
    expect(lines[3]).toMatch(new RegExp(`^1\\s+IBC transfer/channel-141\\s+cosmoshub-4 uatom\\s+osmosis-1 ${ATOM_ON_OSMOSIS}$`));
    expect(lines[4]).toMatch(new RegExp(`^2\\s+IBC transfer/channel-874\\s+osmosis-1 ${ATOM_ON_OSMOSIS}\\s+neutron-1 ${ATOM_ON_NEUTRON_VIA_OSMOSIS}$`));
  });

  it("splits at the first ':' so CW20 denoms stay whole, and --json gives the library's route in the HTTP answer", async () => {
    const to = "osmosis-1:ibc/E5916C205E90C7C3481AFD8663A13C1D6C63145FB6C38DA9FC151FEE706F32EF";
    const result = await runCli(["route", `phoenix-1:${ASTRO_CW20}`, to, "--json", ...REG]);
    expect(result.code).toBe(0);
    const { route } = JSON.parse(result.stdout) as { route: { hops: { port: string }[] } };
    const expected = fixtureGraph().route({ chain_id: "phoenix-1", denom: ASTRO_CW20 }, { chain_id: "osmosis-1", denom: to.slice("osmosis-1:".length) });
    expect(route).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(route.hops[0]!.port).toMatch(/^wasm\./);
  });

  it("exits 1 with route null when there is no route", async () => {
    const result = await runCli(["route", `phoenix-1:${ASTRO_CW20}`, "cosmoshub-4:uatom", "--json", ...REG]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({ format: "json", route: null, text: null });
    const text = await runCli(["route", `phoenix-1:${ASTRO_CW20}`, "cosmoshub-4:uatom", ...REG]);
    expect(text.stdout.trim()).toBe(`no route from phoenix-1 ${ASTRO_CW20} to cosmoshub-4 uatom`);
  });

  it("names an unknown asset and exits 1", async () => {
    const result = await runCli(["route", "cosmoshub-4:ufake", "osmosis-1:uosmo", ...REG]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/asset "ufake" on chain "cosmoshub-4" is not in the registry/);
  });
});

describe("validate", () => {
  const registry = JSON.parse(readFileSync(FIXTURE_PATH, "utf8")) as { assets: { denom: string }[] };
  const write = (name: string, value: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value));
    return path;
  };

  it("passes a clean registry with exit 0", async () => {
    const result = await runCli(["validate", ...REG]);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(`${FIXTURE_PATH}: no issues`);
    expect(JSON.parse((await runCli(["validate", ...REG, "--json"])).stdout)).toEqual({ fatal: 0, warnings: 0, issues: [] });
  });

  it("lists a declared IBC denom that is not the hash of its trace as fatal: exit 1", async () => {
    const broken = structuredClone(registry);
    broken.assets[2]!.denom = "ibc/0000000000000000000000000000000000000000000000000000000000000000";
    const path = write("mismatch.json", broken);
    const result = await runCli(["validate", "--registry", path, "--json"]);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { fatal: number; issues: { severity: string; code: string; where: string }[] };
    expect(report.fatal).toBeGreaterThanOrEqual(1);
    expect(report.issues).toContainEqual(expect.objectContaining({ severity: "fatal", code: "ibc_denom_mismatch", where: "assets[2]" }));
    const table = await runCli(["validate", "--registry", path]);
    expect(table.code).toBe(1);
    expect(table.stdout).toMatch(/^fatal\s+ibc_denom_mismatch\s+assets\[2\]\s+/m);
  });

  it("reports schema problems as fatal issues with their paths", async () => {
    const path = write("schema.json", { chains: [{ chain_id: "" }], assets: "none" });
    const result = await runCli(["validate", "--registry", path, "--json"]);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { issues: { code: string; where: string }[] };
    expect(report.issues.map((issue) => [issue.code, issue.where])).toEqual(
      expect.arrayContaining([["invalid_registry", "chains[0].chain_id"], ["invalid_registry", "assets"]]),
    );
  });

  it("names a missing or unparseable file: exit 1", async () => {
    const missing = await runCli(["validate", "--registry", join(dir, "absent.json")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/cannot read ".*absent\.json" \(ENOENT\)/);
    const garbled = await runCli(["validate", "--registry", write("garbled.json", "{")]);
    expect(garbled.code).toBe(1);
    expect(garbled.stderr).toMatch(/garbled\.json" is not valid JSON/);
    noStack(missing.stderr + garbled.stderr);
  });

  it("checks the embedded chain registry by default and exits 1 exactly when an issue is fatal", async () => {
    const result = await runCli(["validate", "--json"]);
    const report = JSON.parse(result.stdout) as { fatal: number; warnings: number; issues: { severity: string }[] };
    expect(report.issues.length).toBe(report.fatal + report.warnings);
    expect(report.issues.filter((issue) => issue.severity === "fatal").length).toBe(report.fatal);
    expect(result.code).toBe(report.fatal > 0 ? 1 : 0);
  });
});

describe("compile and --dataset", () => {
  it("writes a dataset that the query commands load to the same answers", async () => {
    const out = join(dir, "graph.json");
    const written = await runCli(["compile", "--out", out, ...REG]);
    expect(written.code).toBe(0);
    expect(written.stdout).toMatch(new RegExp(`^wrote ${out}: 8 chains, \\d+ listed assets, \\d+ KiB, data_version sha256:[0-9a-f]{32}`));
    expect(JSON.parse(readFileSync(out, "utf8"))).toMatchObject({ format: "fungible-graph-dataset/1", provenance: { source: "registry" } });
    const args = ["from-source", "cosmoshub-4:uatom", "--allow-multi-tx", "--json"];
    const fromDataset = await runCli([...args, "--dataset", out]);
    const fromRegistry = await runCli([...args, ...REG]);
    expect(fromDataset.code).toBe(0);
    expect(JSON.parse(fromDataset.stdout)).toEqual(JSON.parse(fromRegistry.stdout));
  });

  it("layers --overrides over a registry file and over a dataset alike", async () => {
    const overrides = join(dir, "overrides.json");
    writeFileSync(overrides, JSON.stringify({ overrides: [{ chain_id: "cosmoshub-4", denom: "uatom", symbol: "ATOMX" }] }));
    const out = join(dir, "graph-overridden.json");
    expect((await runCli(["compile", "--out", out, ...REG, "--overrides", overrides])).code).toBe(0);
    expect(JSON.parse(readFileSync(out, "utf8")).provenance.overrides_hash).toMatch(/^sha256:/);
    const args = ["from-source", `osmosis-1:${ATOM_ON_OSMOSIS}`, "--json", "--allow-multi-tx"];
    const compiled = await runCli([...args, "--dataset", out]);
    const layered = await runCli([...args, ...REG, "--overrides", overrides]);
    expect(compiled.code).toBe(0);
    expect(JSON.parse(compiled.stdout)).toEqual(JSON.parse(layered.stdout));
    expect(compiled.stdout).toContain("ATOMX");
    const bad = join(dir, "bad-overrides.json");
    writeFileSync(bad, JSON.stringify({ overrides: [{ chain_id: "cosmoshub-4", denom: "unothing", symbol: "X" }] }));
    const refused = await runCli([...args, ...REG, "--overrides", bad]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/unothing/);
    noStack(refused.stderr);
  });

  it("names a dataset file that is missing, and refuses a file that is not a dataset: exit 1", async () => {
    const missing = await runCli(["from-source", "cosmoshub-4:uatom", "--dataset", join(dir, "absent.json")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/dataset: cannot read ".*" \(ENOENT\)/);
    const foreign = await runCli(["from-source", "cosmoshub-4:uatom", "--dataset", FIXTURE_PATH]);
    expect(foreign.code).not.toBe(0);
    expect(foreign.stderr).toMatch(/not a fungible-graph dataset/);
    noStack(foreign.stderr);
  });

  it("reports a directory it cannot write to as an error, not a crash", async () => {
    const result = await runCli(["compile", "--out", join(dir, "no", "such", "dir", "x.json"), ...REG]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: compile: cannot write ".*x\.json" \(ENOENT: its directory does not exist\)\n$/);
    expect(result.stdout).toBe("");
    noStack(result.stderr);
  });
});

describe("CLI errors are FungibleErrors (in process, from the source)", () => {
  it("a failed write is file_unwritable (not file_unreadable), and exits 1", async () => {
    const out = join(dir, "missing-dir", "x.json");
    const error = await compile.run(["--out", out, ...REG]).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(FungibleError);
    expect(error).toMatchObject({ code: "file_unwritable", status: 500, grpcCode: 5 });
    expect((error as Error).message).toBe(`compile: cannot write "${out}" (ENOENT: its directory does not exist)`);
    expect(exitCodeFor(error)).toBe(EXIT_FAILURE);
    expect(describeError(error)).toBe(`error: ${(error as Error).message}`);
  });

  it("a usage mistake is a FungibleError of code invalid_usage, and exits 2 with a pointer to --help", async () => {
    const error = await compile.run([]).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(UsageError);
    expect(error).toBeInstanceOf(FungibleError);
    expect(error).toMatchObject({ code: "invalid_usage", status: 400, grpcCode: 3, command: "compile" });
    expect(exitCodeFor(error)).toBe(EXIT_USAGE);
    expect(describeError(error)).toBe("compile: --out FILE is required\nsee: fungible-graph compile --help");
    // Any invalid_usage FungibleError exits 2, whoever throws it.
    expect(exitCodeFor(new FungibleError("invalid_usage", "x"))).toBe(EXIT_USAGE);
    expect(ERROR_KINDS.invalid_usage).toEqual({ status: 400, grpcCode: 3 });
    expect(ERROR_KINDS.file_unwritable).toEqual(ERROR_KINDS.file_unreadable);
  });
});

describe("the shipped datasets", () => {
  // A resolve hook that fails any import of chain-registry: the default path must never need it.
  const hook = join(dir, "no-chain-registry.mjs");
  writeFileSync(
    hook,
    `import { register } from "node:module";
register("data:text/javascript," + encodeURIComponent(\`export async function resolve(specifier, context, next) {
  if (specifier.startsWith("chain-registry")) throw new Error("imported " + specifier);
  return next(specifier, context);
}\`));
`,
  );
  const withoutChainRegistry = { NODE_OPTIONS: `--import=${hook}` };

  it("answer by default (mainnet) without importing chain-registry", async () => {
    const unknown = await runCli(["between", "nowhere-9", "osmosis-1"], withoutChainRegistry);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/chain "nowhere-9" is not in the registry/);
    const atom = await runCli(["from-source", "cosmoshub-4:uatom", "--json"], withoutChainRegistry);
    expect(atom.code).toBe(0);
    expect(JSON.parse(atom.stdout).dest_assets["osmosis-1"].assets.map((a: { denom: string }) => a.denom)).toContain(ATOM_ON_OSMOSIS);
    // The hook really fails an import of chain-registry.
    const built = await runCli(["between", "nowhere-9", "osmosis-1", "--chain-registry"], withoutChainRegistry);
    expect(built.stderr).toMatch(/imported chain-registry/);
  });

  it("--network testnet answers from chain-registry's testnet lists", async () => {
    const chains = await runCli(["between", "osmo-test-5", "nowhere-9", "--network", "testnet"], withoutChainRegistry);
    expect(chains.stderr).toMatch(/chain "nowhere-9" is not in the registry/);
    const mainnet = await runCli(["between", "osmo-test-5", "nowhere-9"], withoutChainRegistry);
    expect(mainnet.stderr).toMatch(/chain "osmo-test-5" is not in the registry/);
  });
});


describe("validate --network and --dataset", () => {
  const noChainRegistry = join(dir, "validate-no-chain-registry.mjs");
  writeFileSync(
    noChainRegistry,
    `import { register } from "node:module";
register("data:text/javascript," + encodeURIComponent(\`export async function resolve(specifier, context, next) {
  if (specifier.startsWith("chain-registry")) throw new Error("imported " + specifier);
  return next(specifier, context);
}\`));
`,
  );

  it.each([
    [["validate", "--network", "devnet"], /validate: network must be "mainnet" or "testnet", got "devnet"/],
    [["validate", "--network", "testnet", ...REG], /validate: network picks a shipped dataset or chain-registry's lists; a registry has its own/],
    [["validate", "--network", "mainnet", "--dataset", "x.json"], /validate: network picks a shipped dataset or chain-registry's lists; a dataset has its own/],
    [["validate", "--dataset", "x.json", ...REG], /validate: give one source, not dataset and registry/],
  ])("%j is a usage error: exit 2", async (args, says) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(says);
    expect(result.stdout).toBe("");
  });

  it("checks a compiled dataset without importing chain-registry, and refuses one whose content was changed", async () => {
    const out = join(dir, "validate-graph.json");
    expect((await runCli(["compile", "--out", out, ...REG])).code).toBe(0);
    const clean = await runCli(["validate", "--dataset", out, "--json"], { NODE_OPTIONS: `--import=${noChainRegistry}` });
    expect(clean.stderr).toBe("");
    expect(clean.code).toBe(0);
    expect(JSON.parse(clean.stdout)).toEqual({ fatal: 0, warnings: 0, issues: [] });
    expect((await runCli(["validate", "--dataset", out])).stdout.trim()).toBe(`${out}: no issues`);

    const dataset = JSON.parse(readFileSync(out, "utf8")) as { registry: { strings: string[]; assets: { symbol: number[] } } };
    dataset.registry.strings[dataset.registry.assets.symbol.find((i) => i !== -1)!] = "CHANGED";
    const changed = join(dir, "validate-changed.json");
    writeFileSync(changed, JSON.stringify(dataset));
    const refused = await runCli(["validate", "--dataset", changed, "--json"]);
    expect(refused.code).toBe(1);
    const report = JSON.parse(refused.stdout) as { fatal: number; issues: { severity: string; code: string; where: string; message: string }[] };
    expect(report.fatal).toBe(1);
    expect(report.issues).toEqual([expect.objectContaining({ severity: "fatal", code: "invalid_dataset", where: changed })]);
    expect(report.issues[0]!.message).toMatch(/its content hashes to sha256:[0-9a-f]+, not to its data_version sha256:[0-9a-f]+: the dataset was changed or damaged/);

    const missing = await runCli(["validate", "--dataset", join(dir, "absent.json")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/validate: cannot read ".*absent\.json" \(ENOENT\)/);
    noStack(missing.stderr);
  });

  it("lists a dataset's notes as the adapter's warnings (the shipped mainnet dataset)", async () => {
    // The package ships the dataset as a module whose default export is its text: as a file here.
    const text = ((await import(new URL("../../dist/data/mainnet.js", import.meta.url).href)) as { default: string }).default;
    const mainnet = join(dir, "shipped-mainnet.json");
    writeFileSync(mainnet, text);
    const notes = (JSON.parse(text) as { notes: { code: string }[] }).notes;
    const result = await runCli(["validate", "--dataset", mainnet, "--json"], { NODE_OPTIONS: `--import=${noChainRegistry}` });
    const report = JSON.parse(result.stdout) as { fatal: number; warnings: number; issues: { severity: string; code: string; where: string }[] };
    const fromNotes = report.issues.filter((issue) => issue.where.startsWith("notes: "));
    expect(fromNotes.map((issue) => issue.code)).toEqual(notes.map((note) => note.code));
    expect(fromNotes.every((issue) => issue.severity === "warning")).toBe(true);
    expect(result.code).toBe(report.fatal > 0 ? 1 : 0);
  });

  it("--network testnet checks chain-registry's testnet lists", async () => {
    const testnet = await runCli(["validate", "--network", "testnet", "--json"]);
    const report = JSON.parse(testnet.stdout) as { fatal: number; warnings: number; issues: { severity: string; where: string }[] };
    expect(report.issues.length).toBe(report.fatal + report.warnings);
    expect(testnet.code).toBe(report.fatal > 0 ? 1 : 0);
    const mainnet = JSON.parse((await runCli(["validate", "--json"])).stdout) as { issues: unknown[] };
    expect(report.issues).not.toEqual(mainnet.issues);
    const table = await runCli(["validate", "--network", "testnet"]);
    expect(table.stdout).toMatch(/the embedded chain registry \(testnet\)/);
  });
});
