/**
 * Socket-level HTTP fuzzing (issue 9, point 6): fast-check generates raw requests (junk bytes,
 * bad request lines, odd methods, headers, content types, bodies, deep nesting, query strings).
 * Three modes:
 *  - "close": each request on its own loopback connection with `Connection: close`;
 *  - "keep-alive": 1-6 requests on one connection, each sent once the previous answer is complete,
 *    the last with `Connection: close` or followed by junk bytes;
 *  - "pipelined": the same sequences written all at once, before any answer.
 * Every answer is checked: no 5xx, a JSON body (decoded when gzip/br-encoded; none for HEAD, 204,
 * 304). "Dropped" means, precisely: a request the server parsed got no complete answer, i.e. the
 * connection ended (or went quiet for the timeout) before the answer to request i was complete,
 * while no earlier answer announced `Connection: close`. Junk after the requests owes nothing
 * (the parser refuses it) but may get one JSON refusal; an answer cut short is a failure too.
 * Shared by test/integration/load/http-fuzz.test.ts and bench scenario 7.
 */
import { connect } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import fc from "fast-check";

const PATHS = [
  "/v2/fungible/assets_from_source",
  "/v2/fungible/assets_between_chains",
  "/fungible-graph/v1/explain",
  "/health",
  "/openapi.json",
  "/",
  "/nope",
  "/v2/fungible/assets_from_source/",
  "//v2//fungible",
  "/%2e%2e/%2e%2e/etc/passwd",
  "/fungible-graph/v1/chains",
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

/** A request of a kept-alive sequence: the structured one without its `Connection: close`. */
const keptAlive = structured.map((request) => request.replace("\r\nConnection: close\r\n", "\r\n"));
/** Junk that cannot be taken for the blank lines allowed between requests (it would leave the connection waiting). */
const trailingJunk = junk.filter((bytes) => !/^[\r\n]/.test(bytes));

/**
 * A sequence for one kept-alive connection: requests (none closing) then either a last request
 * with `Connection: close` or junk bytes. `requests` are what the server owes answers to (if it
 * keeps the connection that long); `junk` is what follows them, or "".
 */
export const sequenceArbitrary = fc
  .record({ requests: fc.array(keptAlive, { minLength: 1, maxLength: 5 }), last: fc.oneof(structured.map((r) => ({ request: r, junk: "" })), trailingJunk.map((j) => ({ request: null, junk: j }))) })
  .map(({ requests, last }) => ({ requests: last.request ? [...requests, last.request] : requests, junk: last.junk }));

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

/**
 * Splits the bytes read from one connection into answers, in order (1xx interim answers skipped):
 * `answers[i]` answers `requests[i]`; `rest` is what followed the last complete answer (a cut answer).
 */
export function splitAnswers(bytes, requests) {
  const answers = [];
  let at = 0;
  for (let i = 0; at < bytes.length; ) {
    const headEnd = bytes.indexOf("\r\n\r\n", at, "latin1");
    if (headEnd === -1) break;
    const head = bytes.toString("latin1", at, headEnd);
    const status = /^HTTP\/1\.[01] (\d{3})/.exec(head);
    if (!status) break;
    const code = Number(status[1]);
    const headers = headersOf(head);
    let end = headEnd + 4;
    if (code >= 100 && code < 200) {
      at = end;
      continue;
    }
    const request = requests[i] ?? "";
    // A HEAD answer has no body; a refusal written before the method was parsed carries its JSON.
    const noBody = code === 204 || code === 304 || (request.startsWith("HEAD ") && (end === bytes.length || bytes.toString("latin1", end, end + 7) === "HTTP/1."));
    if (!noBody) {
      if (headers["transfer-encoding"] === "chunked") {
        const chunkedEnd = endOfChunked(bytes, end);
        if (chunkedEnd === -1) break;
        end = chunkedEnd;
      } else if (headers["content-length"] !== undefined) {
        end += Number(headers["content-length"]);
        if (end > bytes.length) break;
      } else end = bytes.length; // read to the close
    }
    answers.push({ bytes: bytes.subarray(at, end), close: /(^|,)\s*close\s*(,|$)/i.test(headers.connection ?? ""), status: code });
    at = end;
    i++;
  }
  return { answers, rest: bytes.subarray(at) };
}

function headersOf(head) {
  return Object.fromEntries(
    head.split("\r\n").slice(1).map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
  );
}

function endOfChunked(buffer, start) {
  let at = start;
  for (;;) {
    const line = buffer.indexOf("\r\n", at, "latin1");
    if (line === -1) return -1;
    const size = Number.parseInt(buffer.subarray(at, line).toString("latin1"), 16);
    if (Number.isNaN(size)) return -1;
    if (size === 0) {
      const end = buffer.indexOf("\r\n\r\n", line, "latin1");
      return end === -1 ? -1 : end + 4;
    }
    at = line + 2 + size + 2;
    if (at > buffer.length) return -1;
  }
}

/**
 * The verdicts on one kept-alive sequence: one per request, plus one for the junk when it was answered.
 * `response` is everything read until the server closed (`closed`) or the timeout.
 */
export function judgeSequence(sequence, response) {
  const { requests, junk } = sequence;
  const { answers, rest } = splitAnswers(response.bytes, [...requests, junk]);
  const verdicts = [];
  let closedEarly = false;
  for (let i = 0; i < requests.length; i++) {
    const answer = answers[i];
    if (answer) {
      verdicts.push(judge(requests[i], { bytes: answer.bytes, error: null }));
      if (answer.close) closedEarly = true;
      if (closedEarly) break; // the server said it would close: later requests are not owed an answer
    } else {
      const why = response.timedOut ? "hung: no complete answer before the timeout" : rest.length > 0 ? "answer cut short" : "dropped: the connection closed without an answer";
      verdicts.push(`request ${i + 1} of ${requests.length}: ${why}${response.error ? ` (${response.error})` : ""}`);
      return { verdicts, answered: answers.length, owed: i + 1 };
    }
  }
  const owed = verdicts.length;
  if (!closedEarly && junk !== "") {
    // Junk owes nothing, but what comes back must be one complete JSON refusal (or any other answer if it happened to parse).
    const answer = answers[requests.length];
    if (answer) verdicts.push(judge(junk, { bytes: answer.bytes, error: null }));
    else if (rest.length > 0) verdicts.push("the answer to the junk was cut short");
    if (response.timedOut) verdicts.push("hung: the connection stayed open after the junk");
  } else if (rest.length > 0 && !closedEarly) verdicts.push(`unexpected bytes after the answers: ${JSON.stringify(rest.toString("latin1", 0, 60))}`);
  return { verdicts, answered: Math.min(answers.length, owed), owed };
}

/**
 * One sequence on one connection: "pipelined" writes every request (and the junk) at once;
 * "keep-alive" writes the next only once the answers so far are complete. Resolves with
 * everything read until the server closes (or timeoutMs of silence after the last write).
 */
export function exchangeSequence(port, sequence, mode, timeoutMs = 10_000) {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const chunks = [];
    const parts = [...sequence.requests, ...(sequence.junk ? [sequence.junk] : [])];
    let written = 0;
    let error = null;
    let done = false;
    let timer;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(true), timeoutMs);
    };
    const finish = (timedOut) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ bytes: Buffer.concat(chunks), error, timedOut });
    };
    const writeNext = () => {
      if (written >= parts.length || !socket.writable) return;
      socket.write(Buffer.from(parts[written++], "latin1"));
    };
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      arm();
      if (mode === "keep-alive" && written < parts.length) {
        const { answers } = splitAnswers(Buffer.concat(chunks), parts);
        // The previous request is answered in full: send the next (unless the server said it closes).
        if (answers.length >= written && !answers.at(-1)?.close) writeNext();
      }
    });
    socket.on("error", (e) => (error = e.code ?? e.message));
    socket.on("close", () => finish(false));
    socket.on("connect", () => {
      arm();
      if (mode === "pipelined") socket.write(Buffer.from(parts.join(""), "latin1"));
      else writeNext();
    });
  });
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

/**
 * Sends `count` generated requests (seeded), `concurrency` connections at a time; bounded by count
 * and `budgetMs`. Mode "close" (default): one request per connection. "keep-alive" and "pipelined":
 * sequences of 1-6 requests per connection (then junk or a closing request) until `count`
 * requests are sent; `owed` counts the requests the server owed an answer to (those before any
 * answer that announced a close), `answered` those it answered in full.
 */
export async function runFuzz({ port, count, seed = 9, concurrency = 16, budgetMs = 600_000, mode = "close" }) {
  if (mode !== "close") return runSequences({ port, count, seed, concurrency, budgetMs, mode });
  const requests = fc.sample(rawRequestArbitrary, { numRuns: count, seed });
  const started = Date.now();
  const result = { mode, sent: 0, answered: 0, failures: 0, examples: [], statuses: {} };
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

async function runSequences({ port, count, seed, concurrency, budgetMs, mode }) {
  // Sequences average ~3.5 requests: sample enough, use them until `count` requests are sent.
  const sequences = fc.sample(sequenceArbitrary, { numRuns: Math.ceil(count / 2), seed });
  const started = Date.now();
  const result = { mode, sent: 0, owed: 0, answered: 0, connections: 0, junk: 0, failures: 0, examples: [], statuses: {} };
  let next = 0;
  let planned = 0;
  const lane = async () => {
    while (next < sequences.length && planned < count && Date.now() - started < budgetMs) {
      const sequence = sequences[next++];
      if (planned + sequence.requests.length > count) sequence.requests = sequence.requests.slice(0, count - planned);
      planned += sequence.requests.length;
      const response = await exchangeSequence(port, sequence, mode, 15_000);
      result.connections++;
      result.sent += sequence.requests.length;
      if (sequence.junk) result.junk++;
      const { verdicts, answered, owed } = judgeSequence(sequence, response);
      result.owed += owed;
      result.answered += answered;
      for (const { status } of splitAnswers(response.bytes, [...sequence.requests, sequence.junk]).answers) result.statuses[status] = (result.statuses[status] ?? 0) + 1;
      for (const why of verdicts) {
        if (!why) continue;
        result.failures++;
        if (result.examples.length < 5) result.examples.push({ why, request: [...sequence.requests, sequence.junk].join("").slice(0, 400) });
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  result.ms = Date.now() - started;
  return result;
}
