/**
 * Scenario 14: answers a CDN keeps (issue 27). The static export of the shipped mainnet data
 * (`fungible-graph export`, the BUILT CLI): its time and size. Then two `serve` replicas behind
 * Debian's nginx with examples/nginx/cdn-cache.conf (bench/lib/cdn-fleet.mjs) and a bounded
 * Zipf mix (exponent 1) over every answer the export holds, from a cold cache: the hit ratio,
 * origin requests per 100k client requests and the 304 rate, so a deployment can be sized as
 * replicas x per-core rate / (1 - hit ratio). The seed is in the note; every run draws a new one.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runZipfMix, startFleet } from "../lib/cdn-fleet.mjs";
import { nginxMissing } from "../lib/nginx.mjs";
import { CLI, cliExists } from "../lib/package.mjs";
import { figureRow, unavailableRow } from "../lib/report.mjs";

const SCENARIO = "14 CDN";

export async function scenarioCdn({ quick }) {
  if (!cliExists()) return [unavailableRow({ scenario: SCENARIO, why: "dist/cli.js does not exist" })];
  const dir = mkdtempSync(join(tmpdir(), "fg-bench-cdn-"));
  try {
    const out = join(dir, "export");
    const exported = spawnSync(process.execPath, [CLI, "export", "--out", out, "--json"], { encoding: "utf8", timeout: 600_000, maxBuffer: 16 * 1024 * 1024 });
    if (exported.status !== 0) return [unavailableRow({ scenario: SCENARIO, why: `export failed: ${exported.stderr.slice(0, 300)}` })];
    const summary = JSON.parse(exported.stdout);
    const manifest = JSON.parse(readFileSync(join(out, "manifest.json"), "utf8"));
    const bySuffix = { json: 0, br: 0, gz: 0 };
    for (const file of readdirSync(join(out, "files"), { recursive: true })) {
      const path = join(out, "files", String(file));
      if (!statSync(path).isFile()) continue;
      const suffix = path.endsWith(".br") ? "br" : path.endsWith(".gz") ? "gz" : "json";
      bySuffix[suffix] += statSync(path).size;
    }
    const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
    const rows = [
      figureRow({
        scenario: SCENARIO,
        metric: "static export of mainnet: time",
        value: summary.seconds * 1000,
        unit: "ms",
        target: "report",
        met: null,
        note: `${summary.answers} answers (every listed asset's assets_from_source, every chain pair with pairs, discovery, /openapi.json), ${summary.files} files (plain, .br, .gz) written by one process`,
      }),
      figureRow({
        scenario: SCENARIO,
        metric: "static export of mainnet: size",
        value: summary.bytes / 2 ** 20,
        unit: "MiB",
        target: "report",
        met: null,
        note: `plain ${mib(bySuffix.json)}, brotli ${mib(bySuffix.br)}, gzip ${mib(bySuffix.gz)} (small answers are not compressed, as serve sends them); nginx maps ${mib(readFileSync(join(out, "nginx-maps.conf")).length)}`,
      }),
    ];
    const missing = nginxMissing();
    if (missing !== null) return [...rows, unavailableRow({ scenario: SCENARIO, metric: "fleet behind nginx", why: missing })];
    const fleet = await startFleet({ cli: CLI });
    try {
      const count = quick ? 20_000 : 100_000;
      const seed = Math.floor(Math.random() * 2 ** 31);
      const targets = manifest.answers.map((answer) => answer.target);
      const mix = await runZipfMix({ url: fleet.url, targets, count, seed, originRequests: fleet.originRequests, timeLimitMs: 600_000 });
      const how = `${mix.requests} client requests (${mix.errors} failed) over ${targets.length} URLs, Zipf exponent 1, 16 keep-alive clients (half pinned to the versioned form, 30% of repeats conditional), cold cache, 2 replicas; seed ${seed}; ${(mix.requests / (mix.ms / 1000)).toFixed(0)} req/s through nginx`;
      rows.push(
        figureRow({ scenario: SCENARIO, metric: "nginx proxy_cache hit ratio (Zipf mix)", value: mix.hitRatio * 100, unit: "%", target: "report", met: null, note: `${how}; cache statuses ${JSON.stringify(mix.cache)}` }),
        figureRow({ scenario: SCENARIO, metric: "origin requests per 100k client requests", value: mix.originPer100k, unit: "req", target: "report", met: null, note: `${mix.origin} origin requests, statuses ${JSON.stringify(fleet.originStatuses())}` }),
        figureRow({ scenario: SCENARIO, metric: "304 rate (client requests answered 304)", value: mix.rate304 * 100, unit: "%", target: "report", met: null, note: `statuses ${JSON.stringify(mix.statuses)}` }),
      );
      return rows;
    } finally {
      await fleet.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
