/**
 * Issue 23: a path is routed as sent or refused, never normalised into another route. Encoded dot
 * segments, percent-encoded letters and literal dot segments get a 400 in JSON naming the data
 * version, from the fetch handler (any runtime) and from the Node server, which sees the raw
 * target before the URL parser resolves `/%2e%2e/`. Plain spellings still answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../src/entries/node.js";
import { createFetchHandler } from "../../src/entries/http.js";
import { pathProblem } from "../../src/http/raw-path.js";
import { fixtureGraph } from "../http/fixture.js";
import { rawRequest } from "../node/raw-http.js";

const EXPLAIN_QUERY = "?source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom&dest_chain_id=osmosis-1";
/** A web Request's URL already has its dot segments resolved (WHATWG URL): only a server sees these raw. */
const DOTS = [
  `/v2/%2e%2e/fungible-graph/v1/explain${EXPLAIN_QUERY}`,
  `/v2/%2E%2E/fungible-graph/v1/explain${EXPLAIN_QUERY}`,
  "/v2/x/../info/chains",
  "/v2/./info/chains",
];
const LETTERS = [
  `/fungible-graph/v1/%65xplain${EXPLAIN_QUERY}`,
  `/fungible-graph/v1/expl%61in${EXPLAIN_QUERY}`,
  "/v2/fungible/assets%5Ffrom_source?source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom",
  "/v2/info/%63hains",
  "/%7Ehealth",
];
const REFUSED = [...DOTS, ...LETTERS];

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ router: fixtureGraph(), port: 0, quiet: true });
});
afterAll(() => server.close());

describe("paths that are not in normal form", () => {
  it("are named by pathProblem; plain paths, encoded reserved characters and query strings are not", () => {
    for (const path of REFUSED) expect(pathProblem(path), path).not.toBeNull();
    for (const path of ["/health", "/v2/info/chains?x=%65", "/a%2Fb", "/v2/fungible/assets?chain_ids=a..b", "/.well-known", "/a.b/c"]) {
      expect(pathProblem(path), path).toBeNull();
    }
  });

  it("get a 400 in JSON from the fetch handler (those a Request's URL keeps as sent)", async () => {
    const handler = createFetchHandler(fixtureGraph());
    for (const path of LETTERS) {
      const response = await handler(new Request(`http://fungible.test${path}`));
      expect(response.status, path).toBe(400);
      expect(response.headers.get("x-data-version")).toBe(fixtureGraph().dataVersion);
      expect(((await response.json()) as { message: string }).message).toMatch(/not in normal form/);
    }
    expect((await handler(new Request(`http://fungible.test/fungible-graph/v1/explain${EXPLAIN_QUERY}`))).status).toBe(200);
  });

  it("get a 400 in JSON from the Node server, raw targets included", async () => {
    for (const path of REFUSED) {
      const answer = await rawRequest(server.port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      expect(answer.status, path).toBe(400);
      expect(answer.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 3, message: expect.stringMatching(/not in normal form/) });
    }
    const plain = await rawRequest(server.port, `GET /fungible-graph/v1/explain${EXPLAIN_QUERY} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expect(plain.status).toBe(200);
  });
});
