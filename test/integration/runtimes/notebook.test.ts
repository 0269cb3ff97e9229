/**
 * examples/notebook.ipynb, executed on the Deno Jupyter kernel (`jupyter nbconvert`, with
 * deno_late_outputs.py's executor) against the packed package installed in a fresh project (with
 * @viz-js/viz for the SVG cell): every code cell shows its output, runs without error, and the
 * outputs carry the facts of the two queries, the route and the explanation. Skipped, saying why,
 * where jupyter or the Deno kernel is not installed (.ci/run installs both: Debian's
 * jupyter-nbconvert, then `deno jupyter --install`).
 */
import { execFile } from "node:child_process";
import { copyFileSync, existsSync, readFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { installPackedPackage, missingBuild, type InstalledPackage } from "./packed-package.js";
import { missingTool } from "../../support/required-tool.js";

const run = promisify(execFile);
const NOTEBOOK = fileURLToPath(new URL("../../../examples/notebook.ipynb", import.meta.url));
const HERE = fileURLToPath(new URL(".", import.meta.url));
const ATOM_ON_OSMOSIS = "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2";
const USDC_ON_OSMOSIS = "ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4";

interface Output {
  output_type: string;
  text?: string | string[];
  data?: Record<string, string | string[]>;
  ename?: string;
  evalue?: string;
}
interface Notebook {
  cells: { cell_type: string; outputs?: Output[] }[];
}

/** Why the notebook cannot run here, or undefined. */
async function missingJupyter(): Promise<string | undefined> {
  try {
    await run("jupyter", ["nbconvert", "--version"], { timeout: 60_000 });
  } catch {
    return "jupyter nbconvert is not installed (Debian: apt-get install jupyter-nbconvert jupyter-client)";
  }
  let stdout: string;
  try {
    ({ stdout } = await run("jupyter", ["kernelspec", "list", "--json"], { timeout: 60_000 }));
  } catch {
    // Debian's python3-jupyter-client is the library only; the command comes with jupyter-client.
    return "jupyter kernelspec is not installed (Debian: apt-get install jupyter-client)";
  }
  const kernels = (JSON.parse(stdout) as { kernelspecs: Record<string, { spec?: { argv?: string[] } }> }).kernelspecs;
  const deno = kernels.deno;
  if (deno === undefined) return "no Deno Jupyter kernel is registered (run: test/integration/node_modules/.bin/deno jupyter --install)";
  // A kernel registered from another checkout (since moved or deleted) cannot start.
  const binary = deno.spec?.argv?.[0];
  if (binary !== undefined && binary.includes("/") && !existsSync(binary)) return `the registered Deno kernel runs ${binary}, which does not exist (run: test/integration/node_modules/.bin/deno jupyter --install --force)`;
  return undefined;
}

const why = missingTool(missingBuild() ?? (await missingJupyter()));
const text = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join("") : (value ?? ""));

describe.skipIf(why !== undefined)(`examples/notebook.ipynb on the Deno kernel${why ? ` (skipped: ${why})` : ""}`, () => {
  let pkg: InstalledPackage | undefined;
  let outputs: Output[][];
  let reference: { dataVersion: string; chains: number; reached: number; pairs: number };

  beforeAll(async () => {
    pkg = await installPackedPackage(["@viz-js/viz"]);
    copyFileSync(NOTEBOOK, join(pkg.dir, "notebook.ipynb"));
    // Executed by nbconvert with deno_late_outputs.py's preprocessor (beside this file): the Deno
    // kernel publishes a cell's outputs from a queue after it says the cell is idle, where plain
    // `nbconvert --execute` stops listening (about one run in four on a 2-core machine lost a
    // cell's output); the preprocessor reads each cell's queue to its end.
    await run(
      "jupyter",
      ["nbconvert", "--to", "notebook", "--Exporter.preprocessors=deno_late_outputs.KeepLateOutputs", "--KeepLateOutputs.enabled=True", "--ExecutePreprocessor.timeout=180", "notebook.ipynb", "--output", "executed.ipynb"],
      {
        cwd: pkg.dir,
        timeout: 400_000,
        env: { ...process.env, DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1", PYTHONPATH: [HERE, process.env.PYTHONPATH].filter(Boolean).join(delimiter) },
      },
    );
    const executed = JSON.parse(readFileSync(join(pkg.dir, "executed.ipynb"), "utf8")) as Notebook;
    outputs = executed.cells.filter((cell) => cell.cell_type === "code").map((cell) => cell.outputs ?? []);
    // The same installed package on Node: what the notebook's tables must count.
    const { stdout } = await run(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { loadRouter } from "fungible-graph";
         const router = await loadRouter();
         const reach = router.assetsFromSource({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" }).dest_assets;
         const pairs = router.assetsBetweenChains({ source_chain_id: "cosmoshub-4", dest_chain_id: "osmosis-1" }).assets_between_chains;
         console.log(JSON.stringify({ dataVersion: router.dataVersion, chains: router.chains().length, reached: Object.keys(reach).length, pairs: pairs.length }));`,
      ],
      { cwd: pkg.dir },
    );
    reference = JSON.parse(stdout) as typeof reference;
  }, 600_000);
  afterAll(() => pkg?.remove());

  const markdownOf = (cell: number) => outputs[cell]!.map((output) => text(output.data?.["text/markdown"])).join("\n");

  test("every code cell shows something: no output is lost to the kernel's late publishing", () => {
    expect(outputs.map((cellOutputs) => cellOutputs.length > 0)).toEqual(outputs.map(() => true));
  });

  test("every code cell ran without an error", () => {
    expect(outputs).toHaveLength(5);
    expect(outputs.flat().filter((output) => output.output_type === "error").map((output) => `${output.ename}: ${output.evalue}`)).toEqual([]);
  });

  test("it loads the shipped mainnet dataset (the data version Node reports)", () => {
    expect(outputs[0]!.map((output) => text(output.text)).join("")).toContain(`data version ${reference.dataVersion}: ${reference.chains} chains`);
  });

  test("assets_from_source of ATOM as a table: one row per destination asset, ATOM on Osmosis among them", () => {
    const table = markdownOf(1);
    expect(table).toContain(`ATOM reaches ${reference.reached} chains`);
    expect(table).toContain(`| osmosis-1 | ATOM | ${ATOM_ON_OSMOSIS} |`);
    expect(table.split("\n").filter((line) => /^\| [^-]/.test(line)).length - 1).toBeGreaterThanOrEqual(reference.reached);
  });

  test("assets_between_chains cosmoshub-4 -> osmosis-1 as a table", () => {
    const table = markdownOf(2);
    expect(table).toContain(`${reference.pairs} assets move from cosmoshub-4 to osmosis-1`);
    expect(table).toContain(`| ATOM | uatom | ${ATOM_ON_OSMOSIS} | 1 | IBC |`);
    expect(table.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| ---")).length).toBe(reference.pairs + 1);
  });

  test("the route picture: Mermaid through Noble by CCTP, and an SVG drawn by Graphviz", () => {
    const mermaid = markdownOf(3);
    expect(mermaid).toContain("```mermaid\nflowchart LR");
    expect(mermaid).toMatch(/a0 -->\|"CCTP"\| a1/);
    expect(mermaid).toContain('a1["USDC<br/>noble-1"]');
    const svg = outputs[3]!.map((output) => text(output.data?.["image/svg+xml"])).join("");
    expect(svg).toContain("<svg");
    expect(svg).toContain(USDC_ON_OSMOSIS);
  });

  test("the explanation: ATOM reaches Osmosis in one hop, and Ethereum not, for want of a path", () => {
    const explained = markdownOf(4);
    expect(explained).toContain("**ATOM -> osmosis-1**: reachable");
    expect(explained).toContain(`| route | 1 hop(s) to ${ATOM_ON_OSMOSIS} |`);
    expect(explained).toContain("**ATOM -> 1**: not reachable");
    expect(explained).toMatch(/\| no_path \| .*"ATOM"/);
  });
});
