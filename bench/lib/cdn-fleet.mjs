/**
 * A fleet on loopback: `fungible-graph serve` replicas (the built CLI, access log on) behind
 * Debian's nginx with the documented caching configuration (examples/nginx/cdn-cache.conf, only
 * addresses and paths replaced); a bounded Zipf-distributed mix of real requests that reports hit
 * ratio, origin requests per 100k client requests and the 304 rate; and a data switch under load
 * that counts answers of a mixed version given to clients asking with the versioned form.
 * Shared by test/integration/fleet/cdn-fleet.test.ts and bench scenario 14.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startNginx } from "./nginx.mjs";
import { startServerProcess } from "./processes.mjs";

const EXAMPLE = fileURLToPath(new URL("../../examples/nginx/cdn-cache.conf", import.meta.url));
const ACCESS_LINE = /^\{"t":/;

/**
 * Starts `replicas` serve processes (`node cli serve --port 0 --workers 1 --access-log ...dataArgs`)
 * and nginx in front of them with the example configuration.
 */
export async function startFleet({ cli, dataArgs = [], replicas = 2 }) {
  const started = [];
  try {
    for (let i = 0; i < replicas; i++) started.push(await startServerProcess([cli, "serve", "--port", "0", "--workers", "1", "--access-log", ...dataArgs]));
    const example = readFileSync(EXAMPLE, "utf8");
    const nginx = await startNginx((port, dir) =>
      example
        .replace("/var/cache/nginx/fungible-graph", join(dir, "cache"))
        .replace(/upstream fungible_graph_replicas \{[^}]*\}/, `upstream fungible_graph_replicas {\n${started.map((r) => `    server ${new URL(r.url).host};`).join("\n")}\n    keepalive 32;\n}`)
        .replace("listen 127.0.0.1:8080;", `listen 127.0.0.1:${port};`),
    );
    return {
      url: nginx.url,
      nginx,
      replicas: started,
      /** Requests the replicas have answered so far (their access logs). */
      originRequests: () => started.reduce((sum, r) => sum + r.output().split("\n").filter((line) => ACCESS_LINE.test(line)).length, 0),
      originStatuses: () => {
        const out = {};
        for (const r of started) for (const line of r.output().split("\n")) if (ACCESS_LINE.test(line)) out[JSON.parse(line).status] = (out[JSON.parse(line).status] ?? 0) + 1;
        return out;
      },
      stop: async () => {
        await nginx.stop();
        await Promise.all(started.map((r) => r.stop()));
      },
    };
  } catch (error) {
    await Promise.all(started.map((r) => r.stop()));
    throw error;
  }
}

/** mulberry32: a small seeded PRNG, so a run is replayable from its seed. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A sampler of ranks 0..n-1 with P(rank k) proportional to 1/(k+1)^exponent. */
export function zipf(n, exponent, rand) {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) cdf[k] = sum += 1 / (k + 1) ** exponent;
  return () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** The targets in a random popularity order (rank 0 most asked), from the seed. */
export function shuffled(targets, rand) {
  const out = [...targets];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function ask(agent, base, target, headers) {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: target, headers, agent, timeout: 15_000 }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`GET ${target}: no answer within 15 s`)));
    req.on("error", reject);
    req.end();
  });
}

const versioned = (version, target) => `/at/${version}${target}`;
const servedOf = (body) => {
  try {
    const detail = JSON.parse(body.toString()).details?.find((d) => d.path?.[0] === "data_version");
    return detail ? detail.message.replace(/^served: /, "") : null;
  } catch {
    return null;
  }
};

/**
 * A replica writes its access log in batches, up to 100 ms after the request (src/node/access-log.ts):
 * a count of its lines is read once it has stopped moving for longer than that (at most 2 s).
 */
async function settled(count) {
  let last = count();
  for (const deadline = Date.now() + 2_000; Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const now = count();
    if (now === last) return now;
    last = now;
  }
  return last;
}

/**
 * `count` client requests over `concurrency` clients (one keep-alive connection each), targets
 * drawn by Zipf rank. A share of clients pins the data version (learnt from its first answer)
 * and asks the versioned form, re-pinning to the version a 404 names; a client that has an ETag
 * for a target sends If-None-Match with probability `conditionalShare`.
 */
export async function runZipfMix({ url, targets, count, concurrency = 16, seed, exponent = 1, pinnedShare = 0.5, conditionalShare = 0.3, timeLimitMs = 180_000, originRequests = () => 0 }) {
  const rand = random(seed);
  const order = shuffled(targets, rand);
  const pick = zipf(order.length, exponent, rand);
  const stats = { requests: 0, statuses: {}, cache: {}, errors: 0, examples: [] };
  // Requests before the mix (nginx's readiness probe goes through to a replica) are not its own.
  const originBefore = await settled(originRequests);
  const deadline = Date.now() + timeLimitMs;
  let issued = 0;
  const t0 = performance.now();
  const client = async (index) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const pinned = index < Math.round(concurrency * pinnedShare);
    let version = null;
    const seen = new Map();
    try {
      while (issued < count && Date.now() < deadline) {
        issued += 1;
        const target = order[pick()];
        const asked = pinned && version !== null ? versioned(version, target) : target;
        const headers = { "accept-encoding": "gzip, br" };
        const etag = seen.get(asked);
        if (etag !== undefined && rand() < conditionalShare) headers["if-none-match"] = etag;
        let answer;
        try {
          answer = await ask(agent, url, asked, headers);
        } catch (error) {
          stats.errors += 1;
          if (stats.examples.length < 5) stats.examples.push(`${asked}: ${error.message}`);
          continue;
        }
        stats.requests += 1;
        stats.statuses[answer.status] = (stats.statuses[answer.status] ?? 0) + 1;
        const cache = answer.headers["x-cache-status"] ?? "-";
        stats.cache[cache] = (stats.cache[cache] ?? 0) + 1;
        if (answer.status === 200 && answer.headers.etag) seen.set(asked, answer.headers.etag);
        if (answer.status === 200 || answer.status === 304) version ??= answer.headers["x-data-version"];
        else if (answer.status === 404 && pinned) version = servedOf(answer.body) ?? null;
        else if (stats.examples.length < 5) stats.examples.push(`${asked}: ${answer.status} ${answer.body.toString().slice(0, 200)}`);
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, i) => client(i)));
  const ms = performance.now() - t0;
  const origin = (await settled(originRequests)) - originBefore;
  const served = (stats.cache.HIT ?? 0) + (stats.cache.STALE ?? 0) + (stats.cache.UPDATING ?? 0);
  return {
    ...stats,
    seed,
    distinctTargets: order.length,
    ms,
    origin,
    hitRatio: served / Math.max(1, stats.requests),
    originPer100k: (origin / Math.max(1, stats.requests)) * 100_000,
    rate304: (stats.statuses[304] ?? 0) / Math.max(1, stats.requests),
  };
}

/**
 * A data switch under load: `concurrency` pinned clients ask versioned URLs of `targets` (drawn
 * by Zipf rank); after `switchAfter` requests `doSwitch()` runs (the replicas reload other data)
 * while the load goes on. Every versioned answer is judged: its X-Data-Version and ETag must name
 * the version asked, its bytes must be the only bytes seen for that URL and, given `expected`,
 * the bytes that version's handler answers. A 404 naming the served version re-pins the client.
 * The run goes on for count / 3 requests after the switch ends, so both versions are read.
 * `fresh` targets are never asked before the switch ends; then each client asks one first (a
 * sure miss of the cache), so a client still pinned to the old version meets the 404 that moves
 * it on even when every URL of the mix is already cached (the versioned form is kept for good).
 */
export async function runSwitch({ url, targets, fresh = [], count, concurrency = 8, seed, switchAfter, doSwitch, expected = async () => undefined, timeLimitMs = 180_000 }) {
  const rand = random(seed);
  const order = shuffled(targets, rand);
  const pick = zipf(order.length, 1, rand);
  const result = { requests: 0, versionedAnswers: 0, mixed: 0, repins: 0, notServed: 0, errors: 0, versions: {}, examples: [] };
  const bodies = new Map();
  const deadline = Date.now() + timeLimitMs;
  let issued = 0;
  let switching = null;
  const tail = Math.round(count / 3);
  const problem = (why) => {
    result.mixed += 1;
    if (result.examples.length < 5) result.examples.push(why);
  };
  const client = async (index) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    let version = null;
    let freshAsked = false;
    try {
      // `count` requests, and however many go while the switch runs, and `tail` more after it.
      while ((issued < count || switching === null || !switching.done || issued < switching.doneAt + tail) && Date.now() < deadline) {
        issued += 1;
        if (switching === null && issued >= switchAfter) {
          switching = { done: false };
          const flag = switching;
          switching.promise = doSwitch().finally(() => {
            flag.done = true;
            flag.doneAt = issued;
          });
        }
        let target = order[pick()];
        if (!freshAsked && switching?.done && fresh.length > 0) {
          freshAsked = true;
          target = fresh[index % fresh.length];
        }
        if (version === null) {
          const first = await ask(agent, url, target, {});
          result.requests += 1;
          if (first.status === 200) version = first.headers["x-data-version"];
          else result.errors += 1;
          continue;
        }
        const asked = versioned(version, target);
        let answer;
        try {
          answer = await ask(agent, url, asked, {});
        } catch (error) {
          result.errors += 1;
          if (result.examples.length < 5) result.examples.push(`${asked}: ${error.message}`);
          continue;
        }
        result.requests += 1;
        if (answer.status === 404) {
          const served = servedOf(answer.body);
          if (served === null || served === version) problem(`${asked}: 404 without another served version: ${answer.body.toString().slice(0, 200)}`);
          result.notServed += 1;
          result.repins += 1;
          version = served;
          continue;
        }
        if (answer.status !== 200) {
          result.errors += 1;
          if (result.examples.length < 5) result.examples.push(`${asked}: ${answer.status}`);
          continue;
        }
        result.versionedAnswers += 1;
        result.versions[version] = (result.versions[version] ?? 0) + 1;
        if (answer.headers["x-data-version"] !== version) problem(`${asked}: X-Data-Version ${answer.headers["x-data-version"]}`);
        if (!String(answer.headers.etag).startsWith(`W/"${version.slice(7, 23)}-`)) problem(`${asked}: ETag ${answer.headers.etag}`);
        const hash = createHash("sha256").update(answer.body).digest("hex");
        const before = bodies.get(asked);
        if (before !== undefined && before !== hash) problem(`${asked}: two different bodies`);
        bodies.set(asked, hash);
        const want = await expected(version, target);
        if (want !== undefined && want !== hash) problem(`${asked}: not the bytes of ${version}`);
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, index) => client(index)));
  if (switching !== null) await switching.promise;
  return { ...result, seed, switched: switching !== null };
}

/** SIGHUP to each replica in turn, each time waiting (30 s at most) until its /health names another data version. */
export async function reloadReplicas(replicas, { gapMs = 300 } = {}) {
  const agent = new Agent({ keepAlive: false });
  const versionOf = async (replica) => JSON.parse((await ask(agent, replica.url, "/health", {})).body.toString()).data_version;
  const changes = [];
  for (const replica of replicas) {
    const before = await versionOf(replica);
    process.kill(replica.pid, "SIGHUP");
    const deadline = Date.now() + 30_000;
    let after = before;
    while (after === before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await versionOf(replica);
    }
    if (after === before) throw new Error(`replica ${replica.url} still serves ${before} 30 s after SIGHUP`);
    changes.push({ from: before, to: after });
    // The replicas switch at different moments, as a rolling reload does: the fleet serves two versions meanwhile.
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  agent.destroy();
  return changes;
}
