/**
 * Serves the Worker on http://127.0.0.1:8787 in workerd through Miniflare, without wrangler:
 *   node examples/worker/miniflare.mjs [PORT]
 * The bundle is the one build.mjs makes (what the runtime tests and the bench check).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { importTool } from "../../scripts/integration-tools.mjs";
import { bundleWorker } from "./build.mjs";

// Miniflare is one of the repository's integration tools (npm ci --prefix test/integration).
const { Miniflare } = await importTool("miniflare");

const port = Number(process.argv[2] ?? 8787);
const dir = mkdtempSync(join(tmpdir(), "fungible-worker-"));
const scriptPath = join(dir, "worker.js");
writeFileSync(scriptPath, (await bundleWorker()).code);
// modulesRoot: the bundle's directory, which workerd takes as the root of module names.
const mf = new Miniflare({ modules: true, scriptPath, modulesRoot: dir, compatibilityDate: "2025-09-01", port });
console.log(`serving ${(await mf.ready).href} (Ctrl-C stops)`);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void mf.dispose().then(() => process.exit(0)));
