/**
 * A client that goes away mid-upload is its own doing: the handler reports it to onAbort, never to
 * onInternalError, and still answers JSON (status 499, gRPC CANCELLED) with the data version.
 */
import { describe, expect, it } from "vitest";
import { createFetchHandler } from "../../src/entries/http.js";
import { fixtureGraph } from "./fixture.js";

const FROM_SOURCE = "/v2/fungible/assets_from_source";

function failingUpload(error: Error): Request {
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(new TextEncoder().encode('{"source_asset_denom":"ua'));
      } else controller.error(error);
    },
  });
  return new Request(`http://fungible.test${FROM_SOURCE}`, { method: "POST", body, duplex: "half", headers: { "content-type": "application/json" } } as RequestInit);
}

describe("a client that aborts mid-request", () => {
  it("goes to onAbort with the cause, not onInternalError", async () => {
    const bugs: unknown[] = [];
    const aborts: { code: string; cause: unknown }[] = [];
    const handler = createFetchHandler(fixtureGraph(), {
      onInternalError: (error) => bugs.push(error),
      onAbort: (error) => aborts.push({ code: error.code, cause: (error as Error & { cause?: unknown }).cause }),
    });
    const reset = Object.assign(new Error("aborted"), { code: "ECONNRESET" });
    const response = await handler(failingUpload(reset));
    expect(bugs).toEqual([]);
    expect(aborts).toEqual([{ code: "client_closed_request", cause: reset }]);
    expect(response.status).toBe(499);
    expect(response.headers.get("x-data-version")).toBe(fixtureGraph().dataVersion);
    expect(await response.json()).toEqual({ code: 1, message: "the client closed the connection before its request body was read", details: [] });
  });

  it("is silent by default, and a throwing hook does not break the answer", async () => {
    const quiet = createFetchHandler(fixtureGraph(), { onInternalError: () => expect.fail("not a bug") });
    expect((await quiet(failingUpload(new Error("gone")))).status).toBe(499);
    const throwing = createFetchHandler(fixtureGraph(), {
      onAbort: () => {
        throw new Error("logger broke");
      },
    });
    expect((await throwing(failingUpload(new Error("gone")))).status).toBe(499);
  });

  it("answers HEAD with the GET headers and no body", async () => {
    const handler = createFetchHandler(fixtureGraph());
    const url = `http://fungible.test${FROM_SOURCE}?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4`;
    const get = await handler(new Request(url));
    const head = await handler(new Request(url, { method: "HEAD" }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    for (const name of ["etag", "cache-control", "content-type", "x-data-version"]) expect(head.headers.get(name), name).toBe(get.headers.get(name));
    const missing = await handler(new Request(`http://fungible.test${FROM_SOURCE}?source_asset_denom=uatom`, { method: "HEAD" }));
    expect(missing.status).toBe(400);
    expect(await missing.text()).toBe("");
  });
});
