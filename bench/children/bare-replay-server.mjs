/**
 * The HTTP floor for scenario 7: a bare node:http server replaying precomputed answers for many
 * distinct requests: the full service's own bytes for each (path with query, gzip accepted or
 * not): status, headers (../lib/replayed-headers.mjs) and body. Usage: node bare-replay-server.mjs <answers.json>
 * where answers.json is [{ key, status, headers, body (base64) }] and key = `${url} ${gzip ? 1 : 0}`.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const answers = new Map(
  JSON.parse(readFileSync(process.argv[2], "utf8")).map(({ key, status, headers, body }) => {
    const bytes = Buffer.from(body, "base64");
    return [key, { status, headers: { ...headers, "content-length": String(bytes.length) }, bytes }];
  }),
);
const missing = { status: 404, headers: { "content-type": "application/json" }, bytes: Buffer.from('{"code":5}') };

const server = createServer((req, res) => {
  req.on("data", () => {});
  req.on("end", () => {
    const gzip = (req.headers["accept-encoding"] ?? "").includes("gzip") ? 1 : 0;
    const answer = answers.get(`${req.url} ${gzip}`) ?? missing;
    res.writeHead(answer.status, answer.headers);
    res.end(answer.bytes);
  });
});
server.listen(0, "127.0.0.1", () => {
  console.log(`listening on http://127.0.0.1:${/** @type {import("node:net").AddressInfo} */ (server.address()).port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
