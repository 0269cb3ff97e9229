/**
 * The package as a consumer gets it: a TypeScript ESM project with `moduleResolution: node16` and
 * no `skipLibCheck` type-checks against the built declarations; `npm pack` ships the datasets
 * and their modules; install from git builds (`prepare`). Uses dist/ (`npm run test:integration` builds first).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const TSC = join(ROOT, "node_modules", "typescript", "bin", "tsc");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
if (!existsSync(join(ROOT, "dist", "index.d.ts"))) throw new Error("dist/ is missing: run `npm run build` (npm run test:integration does it first)");

describe("a TypeScript consumer with moduleResolution node16", () => {
  test("type-checks every entry's declarations without skipLibCheck", () => {
    const dir = mkdtempSync(join(tmpdir(), "fungible-consumer-"));
    mkdirSync(join(dir, "node_modules"));
    // The package as installed: its own directory under node_modules (its dependencies resolve from there).
    symlinkSync(ROOT, join(dir, "node_modules", "fungible-graph"), "dir");
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          module: "node16", moduleResolution: "node16", target: "ES2022", strict: true, noEmit: true, skipLibCheck: false,
          // A Node project has @types/node (fungible-graph/node's declarations use node:http); the repo's copy stands in.
          types: ["node"], typeRoots: [join(ROOT, "node_modules", "@types")],
        },
        files: ["index.ts"],
      }),
    );
    writeFileSync(
      join(dir, "index.ts"),
      `import { buildRouter, loadRouter, compileDataset, type AssetRouter, type Registry } from "fungible-graph";
import { loadRegistryFile } from "fungible-graph/node";
import { graphologyOf } from "fungible-graph/graphology";
import { transferMessages, type TransferMessages } from "fungible-graph/msgs";
import mainnet from "fungible-graph/data/mainnet.js";
const router: AssetRouter = await loadRouter({ dataset: mainnet });
const order: number = graphologyOf(router).order;
const registry: Registry = await loadRegistryFile("registry.json");
const again: AssetRouter = await loadRouter({ dataset: compileDataset(router) });
const messages: TransferMessages["messages"] = transferMessages(router, { from: { chain_id: "a", denom: "b" }, to: { chain_id: "c", denom: "d" }, amount: "1", addresses: {} }).messages;
console.log(order, router.dataVersion, buildRouter(registry).chainIds(), again.provenance.network, messages.length);
`,
    );
    let output = "";
    try {
      execFileSync(process.execPath, [TSC, "-p", dir], { encoding: "utf8" });
    } catch (error) {
      output = `${(error as { stdout?: string }).stdout ?? ""}${(error as Error).message}`;
    }
    expect(output).toBe("");
  });
});

describe("what npm packs and installs", () => {
  test("install from git builds, and a pack builds fresh (`prepare` runs on both)", () => {
    expect(pkg.scripts.prepare).toBe("npm run build");
    expect(pkg.scripts.build).toContain("scripts/compile-datasets.mjs");
  });

  test("the shipped datasets are exported to import and to require (the text once each) and inside `files`", () => {
    for (const network of ["mainnet", "testnet"]) {
      expect(pkg.exports[`./data/${network}.js`]).toEqual({
        import: { types: `./dist/data/${network}.d.ts`, default: `./dist/data/${network}.js` },
        require: { types: `./dist/data/${network}.d.cts`, default: `./dist/data/${network}.cjs` },
      });
      expect(pkg.exports[`./data/${network}.json`]).toBeUndefined();
    }
    expect(pkg.files).toContain("dist");
    const files = readdirSync(join(ROOT, "dist", "data")).sort();
    expect(files).toEqual(["cjs", "d.cts", "d.ts", "js", "json"].flatMap((ext) => [`mainnet.${ext}`, `testnet.${ext}`]).sort());
    // The dataset's text is in its .json alone; the modules only point at it.
    for (const file of files.filter((name) => !name.endsWith(".json"))) expect(statSync(join(ROOT, "dist", "data", file)).size).toBeLessThan(1024);
  });

  test("require and import give the same dataset text, the one in the .json", () => {
    const dir = mkdtempSync(join(tmpdir(), "fungible-data-"));
    mkdirSync(join(dir, "node_modules"));
    symlinkSync(ROOT, join(dir, "node_modules", "fungible-graph"), "dir");
    writeFileSync(join(dir, "required.cjs"), `process.stdout.write(require("fungible-graph/data/testnet.js"))`);
    writeFileSync(join(dir, "imported.mjs"), `import text from "fungible-graph/data/testnet.js"; process.stdout.write(text);`);
    const required = execFileSync(process.execPath, [join(dir, "required.cjs")], { encoding: "utf8", cwd: dir, maxBuffer: 64 << 20 });
    const imported = execFileSync(process.execPath, [join(dir, "imported.mjs")], { encoding: "utf8", cwd: dir, maxBuffer: 64 << 20 });
    expect(required).toBe(imported);
    expect(required).toBe(JSON.parse(readFileSync(join(ROOT, "dist", "data", "testnet.json"), "utf8")));
    expect(JSON.parse(required).format).toBe("fungible-graph-dataset/1");
  });

  test("CommonJS consumers load the shipped dataset too", () => {
    const script = `require("fungible-graph").loadRouter().then((g) => console.log(g.provenance.network, g.chainIds().length > 100))`;
    const dir = mkdtempSync(join(tmpdir(), "fungible-cjs-"));
    mkdirSync(join(dir, "node_modules"));
    symlinkSync(ROOT, join(dir, "node_modules", "fungible-graph"), "dir");
    writeFileSync(join(dir, "main.cjs"), script);
    expect(execFileSync(process.execPath, [join(dir, "main.cjs")], { encoding: "utf8", cwd: dir }).trim()).toBe("mainnet true");
  });

  test("the core never imports zod as `{ z }` (that pulls in every locale)", () => {
    const files = readdirSync(join(ROOT, "src"), { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts"));
    const offenders = files.filter((file) => /import \{ z \} from "zod"/.test(readFileSync(join(ROOT, "src", file), "utf8")));
    expect(offenders).toEqual([]);
  });
});
