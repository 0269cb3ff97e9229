/**
 * One grammar on the command line (the built CLI): an asset is `<chain_id>:<denom>` everywhere,
 * the older `from-source <denom> <chain_id>` gets the new spelling as a hint, every command takes
 * --json (serve refuses it with why), and mistyped flags and commands get "did you mean" with a
 * usage message and exit 2, never Node's parser text.
 */
import { describe, expect, it } from "vitest";
import { explain } from "../../src/entries/explain.js";
import { buildOpenApiDocument } from "../../src/entries/http.js";
import { closestNames } from "../../src/cli/parse-flags.js";
import { ASTRO_CW20, FIXTURE_PATH, fixtureGraph } from "../http/fixture.js";
import { runCli } from "./run-cli.js";

const REG = ["--registry", FIXTURE_PATH];
const COMMANDS = ["serve", "from-source", "between", "route", "msgs", "resume", "why", "destinations", "chains", "assets", "validate", "compile", "export", "refresh-state", "publish", "keygen"];
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** A usage error as users see it: exit 2, nothing on stdout, our words (no Node parser text, no stack). */
async function usageError(args: string[]): Promise<string> {
  const result = await runCli(args);
  expect(result.code, result.stderr).toBe(2);
  expect(result.stdout).toBe("");
  expect(result.stderr).not.toMatch(/To specify a positional|ERR_PARSE_ARGS|\n\s+at /);
  // With --json anywhere on the line the error is the service's JSON body (code 3: invalid argument).
  if (args.includes("--json")) {
    const body = JSON.parse(result.stderr) as { code: number; message: string };
    expect(body.code).toBe(3);
    return body.message;
  }
  expect(result.stderr).toMatch(/\nsee: fungible-graph [\w-]*\s?--help\n$/);
  return result.stderr;
}

describe.concurrent("an asset is <chain_id>:<denom>", () => {
  it("from-source cosmoshub-4:uatom --json is the library's answer", async () => {
    const result = await runCli(["from-source", "cosmoshub-4:uatom", ...REG, "--json"]);
    expect(result.code).toBe(0);
    const library = fixtureGraph().assetsFromSource({ source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom" });
    expect(Object.keys(library.dest_assets).length).toBeGreaterThan(0);
    expect(JSON.parse(result.stdout)).toEqual(asJson(library));
  });

  it("the older order `from-source uatom cosmoshub-4` is refused with the new spelling as a hint", async () => {
    expect(await usageError(["from-source", "uatom", "cosmoshub-4", ...REG])).toContain("did you mean `from-source cosmoshub-4:uatom`?");
    expect(await usageError(["from-source", ASTRO_CW20, "phoenix-1", ...REG])).toContain(`did you mean \`from-source phoenix-1:${ASTRO_CW20}\`?`);
  });

  it("splits at the first ':' so a CW20 denom stays whole", async () => {
    const result = await runCli(["from-source", `phoenix-1:${ASTRO_CW20}`, ...REG, "--json"]);
    expect(result.code).toBe(0);
    const library = fixtureGraph().assetsFromSource({ source_asset_chain_id: "phoenix-1", source_asset_denom: ASTRO_CW20 });
    expect(JSON.parse(result.stdout)).toEqual(asJson(library));
  });

  it("a source without a chain is a usage error naming the grammar", async () => {
    expect(await usageError(["from-source", "uatom", ...REG])).toContain('from-source: "uatom" is not <chain_id>:<denom>');
    expect(await usageError(["why", "uatom", "osmosis-1", ...REG])).toContain('why: "uatom" is not <chain_id>:<denom>');
  });
});

describe.concurrent("--json on every command", () => {
  it("the command list is the one tested here", async () => {
    const result = await runCli(["--help"]);
    const listed = [...result.stdout.matchAll(/^ {2}([a-z-]+)/gm)].map((m) => m[1]);
    expect(listed).toEqual(COMMANDS);
  });

  it.each(COMMANDS.filter((command) => command !== "serve"))("%s --help lists --json", async (command) => {
    const result = await runCli([command, "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ {2}--json\s+\S/m);
  });

  it("serve refuses --json and says why", async () => {
    expect(await usageError(["serve", "--json", ...REG])).toContain("serve: --json is not taken here: serve answers over HTTP");
  });

  it("why --json prints the library's ExplainResponse, the same as --format json", async () => {
    const args = ["why", "cosmoshub-4:uatom", "osmosis-1", ...REG];
    const json = await runCli([...args, "--json"]);
    expect(json.code).toBe(0);
    const library = explain(fixtureGraph(), { source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom", dest_chain_id: "osmosis-1" });
    expect(JSON.parse(json.stdout)).toEqual(asJson(library));
    expect((await runCli([...args, "--format", "json"])).stdout).toBe(json.stdout);
  });
});

describe.concurrent("why's filters default as between's, and each flag works", () => {
  it("EVM assets count only with --include-evm-assets", async () => {
    const args = ["why", "axelar-dojo-1:uusdc", "1", ...REG, "--json"];
    const byDefault = await runCli(args);
    expect(byDefault.code).toBe(1);
    expect(JSON.parse(byDefault.stdout).reasons).toEqual([expect.objectContaining({ code: "filtered_out", filter: "include_evm_assets" })]);
    const included = await runCli([...args, "--include-evm-assets"]);
    expect(included.code).toBe(0);
    expect(JSON.parse(included.stdout).reachable).toBe(true);
  });

  it("the help says where why differs from from-source on purpose", async () => {
    const help = (await runCli(["why", "--help"])).stdout.replace(/\s+/g, " ");
    expect(help).toContain("Every filter is off unless given, as in `between`");
    expect(help).toContain("`from-source` has neither filter");
    expect(help).not.toMatch(/--exclude-/);
  });
});

describe.concurrent("mistakes get 'did you mean' and exit 2", () => {
  it("a mistyped flag suggests the flag", async () => {
    expect(await usageError(["from-source", "cosmoshub-4:uatom", "--jsn", ...REG])).toBe(
      "from-source: unknown flag --jsn; did you mean --json?\nsee: fungible-graph from-source --help\n",
    );
    expect(await usageError(["why", "cosmoshub-4:uatom", "osmosis-1", "--include_evm_assets"])).toContain("did you mean --include-evm-assets?");
    expect(await usageError(["between", "a-1", "b-1", "--alow-multi-tx"])).toContain("did you mean --allow-multi-tx?");
  });

  it("a mistyped command suggests the command", async () => {
    expect(await usageError(["form-source", "cosmoshub-4:uatom"])).toBe('unknown command "form-source"; did you mean from-source?\nsee: fungible-graph --help\n');
    expect(await usageError(["launch"])).toBe('unknown command "launch"\nsee: fungible-graph --help\n');
  });

  it("a flag without its value, and a switch with one, are named", async () => {
    expect(await usageError(["chains", "--registry"])).toContain("chains: --registry needs a value: --registry FILE");
    expect(await usageError(["chains", "--registry", "--json"])).toContain('got the flag "--json"');
    expect(await usageError(["chains", ...REG, "--json=yes"])).toContain('chains: --json takes no value, got "--json=yes"');
  });

  it("closest names: case, '_' for '-', a swap of two letters, a unique prefix; nothing far", () => {
    const known = ["json", "allow-multi-tx", "include-evm-assets", "include-cw20-assets", "from-source", "route"];
    expect(closestNames("JSON", known)).toEqual(["json"]);
    expect(closestNames("include_evm_assets", known)).toEqual(["include-evm-assets"]);
    expect(closestNames("form-source", known)).toEqual(["from-source"]);
    expect(closestNames("allow-multi", known)).toEqual(["allow-multi-tx"]);
    expect(closestNames("bogus", known)).toEqual([]);
  });
});

describe("serve --help", () => {
  it("names every path of the OpenAPI document", async () => {
    const result = await runCli(["serve", "--help"]);
    expect(result.code).toBe(0);
    const paths = Object.keys(buildOpenApiDocument().paths as object);
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) expect(result.stdout).toMatch(new RegExp(`^ {2}[A-Z, ]+ ${path.replace(/[/.]/g, "\\$&")}\\s`, "m"));
  });
});
