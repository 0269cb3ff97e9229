/**
 * Socket-level HTTP fuzzing (issue 9, point 6): fast-check generates raw requests (junk bytes,
 * bad request lines, odd methods, headers, content types, bodies, deep nesting, query strings),
 * each sent on its own loopback connection with `Connection: close`; every answer is checked:
 * no 5xx, a JSON body (decoded when gzip/br-encoded; none for HEAD, 204, 304), and no connection
 * dropped without an answer. Shared by test/node/http-fuzz.test.ts (10,000) and bench scenario 7 (100,000).
 */
import { connect } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import fc from "fast-check";

const PATHS = [
  "/v2/fungible/assets_from_source",
  "/v2/fungible/assets_between_chains",
  "/v2/fungible/explain",
  "/health",
  "/openapi.json",
  "/",
  "/nope",
  "/v2/fungible/assets_from_source/",
  "//v2//fungible",
  "/%2e%2e/%2e%2e/etc/passwd",
  "/v2/fungible/chains",
];
const CHAINS = ["cosmoshub-4", "osmosis-1", "noble-1", "neutron-1", "__proto__", "constructor", "", "x".repeat(300)];
const DENOMS = ["uatom", "uosmo", "uusdc", "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2", "", "ibc/", "cw20:x", "0xA0b8"];
const FIELDS = [
  "source_asset_denom", "source_asset_chain_id", "source_chain_id", "dest_chain_id", "allow_multi_tx", "include_cw20_assets",
  "include_evm_assets", "include_no_metadata_assets", "include_swaps", "swap_venues", "dest_asset_denom", "__proto__",
];

const token = fc.stringMatching(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,12}$/);
const printable = fc.string({ unit: fc.constantFrom(..."abcXYZ019 -_.~%&=?/\\:;,+\"'<>{}[]|^`@#!$*()\t".split("")), maxLength: 40 });
const anyText = fc.string({ unit: "binary", maxLength: 40 });

const scalar = fc.oneof(fc.constantFrom(...CHAINS), fc.constantFrom(...DENOMS), fc.boolean(), fc.integer(), fc.double(), fc.constant(null), anyText);
const nested = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small", withCrossShrink: true }, scalar, fc.array(tie("value"), { maxLength: 4 }), fc.dictionary(fc.constantFrom(...FIELDS), tie("value"), { maxKeys: 5 })),
})).value;
const queryBody = fc.dictionary(fc.constantFrom(...FIELDS), scalar, { maxKeys: 6 });
const deep = fc.integer({ min: 1, max: 2000 }).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`);

const body = fc.oneof(
  queryBody.map((value) => JSON.stringify(value)),
  nested.map((value) => JSON.stringify(value)),
  deep,
  anyText,
  fc.constantFrom("", "{", "null", "[]", "\"str\"", "{\"source_asset_denom\":", "\u0000\u0001"),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString("latin1")),
);

const query = fc.oneof(
  fc.constant(""),
  queryBody.map((value) => `?${new URLSearchParams(Object.entries(value).map(([k, v]) => [k, String(v)])).toString()}`),
  printable.map((text) => `?${encodeURI(text)}`),
  fc.array(fc.tuple(fc.constantFrom(...FIELDS), printable), { maxLength: 4 }).map((pairs) => `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&")}`),
);

const method = fc.oneof({ weight: 6, arbitrary: fc.constantFrom("GET", "POST", "HEAD", "OPTIONS", "PUT", "DELETE", "PATCH") }, { weight: 1, arbitrary: fc.constantFrom("TRACE", "CONNECT", "PROPFIND", "get", "QUERY") }, { weight: 1, arbitrary: token });

const headerPair = fc.oneof(
  fc.tuple(fc.constant("Content-Type"), fc.constantFrom("application/json", "application/json; charset=utf-8", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/JSON", "", "*/*", "application/json; charset=latin1")),
  fc.tuple(fc.constant("Accept-Encoding"), fc.constantFrom("gzip", "br", "gzip, br", "br;q=0, gzip;q=0.5", "identity", "*", "deflate", "gzip;q=abc", "", "x-junk")),
  fc.tuple(fc.constant("If-None-Match"), fc.oneof(printable, fc.constantFrom("*", "W/\"x\"", "\"sha256:0\""))),
  fc.tuple(fc.constantFrom("Origin", "Access-Control-Request-Method", "Accept", "X-Forwarded-For", "Range", "Expect", "Upgrade", "Cookie"), printable),
  fc.tuple(token, printable),
);

/** A structured request: parts a real client could send, with correct framing. */
const structured = fc
  .record({ method, path: fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...PATHS) }, { weight: 1, arbitrary: printable.map((p) => `/${p}`) }), query, headers: fc.array(headerPair, { maxLength: 6 }), body, chunked: fc.boolean(), host: fc.oneof({ weight: 8, arbitrary: fc.constant("127.0.0.1") }, { weight: 1, arbitrary: printable }) })
  .map(({ method: m, path, query: q, headers, body: b, chunked, host }) => {
    const lines = [`${m} ${path}${q} HTTP/1.1`, `Host: ${host}`, "Connection: close", ...headers.map(([k, v]) => `${k}: ${v}`)];
    const bytes = Buffer.from(b, "latin1");
    const sendBody = bytes.length > 0 || m === "POST";
    if (sendBody && chunked) return `${lines.concat("Transfer-Encoding: chunked").join("\r\n")}\r\n\r\n${bytes.length > 0 ? `${bytes.length.toString(16)}\r\n${b}\r\n` : ""}0\r\n\r\n`;
    if (sendBody) return `${lines.concat(`Content-Length: ${bytes.length}`).join("\r\n")}\r\n\r\n${b}`;
    return `${lines.join("\r\n")}\r\n\r\n`;
  });

/** Junk: bytes that are not HTTP, or a broken request line, ended so the parser sees the end of a head. */
const junk = fc.oneof(
  fc.uint8Array({ minLength: 1, maxLength: 200 }).map((bytes) => `${Buffer.from(bytes).toString("latin1").replace(/\r\n\r\n/g, "")}\r\n\r\n`),
  fc.tuple(method, printable, fc.constantFrom("HTTP/1.1", "HTTP/9.9", "HTTP/1", "", "http/1.1", "HTTP/1.1 extra")).map(([m, target, version]) => `${m} ${target} ${version}\r\nHost: x\r\nConnection: close\r\n\r\n`),
  fc.tuple(fc.constantFrom(...PATHS), token, anyText).map(([path, name, value]) => `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${name}: ${value.replace(/\r\n/g, "")}\r\n\r\n`),
);

export const rawRequestArbitrary = fc.oneof({ weight: 4, arbitrary: structured }, { weight: 1, arbitrary: junk });

/** The verdict on one exchange: null when fine, else why. */
export function judge(request, response) {
  if (response.error && response.bytes.length === 0) return `connection error without an answer: ${response.error}`;
  if (response.bytes.length === 0) return "dropped: the connection closed without an answer";
  const text = response.bytes.toString("latin1");
  const end = text.indexOf("\r\n\r\n");
  const status = /^HTTP\/1\.1 (\d{3}) /.exec(text);
  if (end === -1 || !status) return `not an HTTP answer: ${JSON.stringify(text.slice(0, 80))}`;
  const code = Number(status[1]);
  if (code >= 500) return `status ${code}`;
  const headers = Object.fromEntries(
    text.slice(0, end).split("\r\n").slice(1).map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
  );
  let body = response.bytes.subarray(Buffer.byteLength(text.slice(0, end + 4), "latin1"));
  if (headers["transfer-encoding"] === "chunked") body = dechunk(body);
  if (code < 200) return null;
  if (code === 204 || code === 304) return body.length === 0 ? null : `status ${code} with a body`;
  // A HEAD answer has no body; a refusal written before the method was parsed may carry its JSON.
  if (request.startsWith("HEAD ") && body.length === 0) return null;
  // The one HTML answer is the explorer page (GET /), a page by design; everything else is JSON.
  if (code === 200 && /^text\/html/.test(headers["content-type"] ?? "")) return null;
  try {
    if (headers["content-encoding"] === "gzip") body = gunzipSync(body);
    else if (headers["content-encoding"] === "br") body = brotliDecompressSync(body);
    JSON.parse(body.toString("utf8"));
  } catch (error) {
    return `status ${code}: body is not JSON (${error.message}): ${JSON.stringify(body.toString("latin1").slice(0, 80))}`;
  }
  return null;
}

function dechunk(buffer) {
  const parts = [];
  let at = 0;
  for (;;) {
    const line = buffer.indexOf("\r\n", at, "latin1");
    if (line === -1) break;
    const size = Number.parseInt(buffer.subarray(at, line).toString("latin1"), 16);
    if (!(size > 0)) break;
    parts.push(buffer.subarray(line + 2, line + 2 + size));
    at = line + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** One request on its own connection; resolves with everything read until the server closes (or timeoutMs). */
export function exchange(port, request, timeoutMs = 10_000) {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const chunks = [];
    let error = null;
    let done = false;
    const finish = (timedOut) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ bytes: Buffer.concat(chunks), error: timedOut ? "timeout" : error });
    };
    const timer = setTimeout(() => finish(true), timeoutMs);
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", (e) => (error = e.code ?? e.message));
    socket.on("close", () => finish(false));
    socket.write(Buffer.from(request, "latin1"));
  });
}

/** Sends `count` generated requests (seeded), `concurrency` at a time; bounded by count and `budgetMs`. */
export async function runFuzz({ port, count, seed = 9, concurrency = 16, budgetMs = 600_000 }) {
  const requests = fc.sample(rawRequestArbitrary, { numRuns: count, seed });
  const started = Date.now();
  const result = { sent: 0, answered: 0, failures: 0, examples: [], statuses: {} };
  let next = 0;
  const lane = async () => {
    while (next < requests.length && Date.now() - started < budgetMs) {
      const request = requests[next++];
      // Longer than the server's 10 s header timeout: a request it is still waiting on gets its 408.
      const response = await exchange(port, request, 15_000);
      result.sent++;
      if (response.bytes.length > 0) {
        result.answered++;
        const status = /^HTTP\/1\.1 (\d{3})/.exec(response.bytes.toString("latin1", 0, 20))?.[1] ?? "?";
        result.statuses[status] = (result.statuses[status] ?? 0) + 1;
      }
      const why = judge(request, response);
      if (why) {
        result.failures++;
        if (result.examples.length < 5) result.examples.push({ why, request: request.slice(0, 300) });
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  result.ms = Date.now() - started;
  return result;
}
