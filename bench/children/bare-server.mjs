/**
 * The HTTP floor for scenario 5: a bare node:http server that reads the request body and answers
 * with precomputed bytes: the full service's own answer to the same request, its headers included
 * (../lib/replayed-headers.mjs).
 * Usage: node bare-server.mjs <response-file> <headers-json>
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [file, headersJson] = process.argv.slice(2);
const body = readFileSync(file);
const headers = { ...JSON.parse(headersJson), "content-length": String(body.length) };

const server = createServer((req, res) => {
  req.on("data", () => {});
  req.on("end", () => {
    res.writeHead(200, headers);
    res.end(body);
  });
});
server.listen(0, "127.0.0.1", () => {
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  console.log(`listening on http://127.0.0.1:${port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
