/**
 * startServer hands its cache sizes to the fetch handler (answerCacheBytes was once dropped on
 * the way): the service factory is wrapped to see the options it receives.
 */
import { afterEach, expect, it, vi } from "vitest";
import type { FetchHandlerOptions } from "../../src/entries/http.js";

const seen: FetchHandlerOptions[] = [];
vi.mock("../../src/http/handler.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/http/handler.js")>();
  return {
    ...original,
    createService: (router: Parameters<typeof original.createService>[0], options: FetchHandlerOptions = {}) => {
      seen.push(options);
      return original.createService(router, options);
    },
  };
});

const { startServer } = await import("../../src/node/start-server.js");
const { fixtureGraph } = await import("../http/fixture.js");

afterEach(() => {
  seen.length = 0;
});

it("passes answerCacheBytes and compressedCacheBytes to the handler", async () => {
  const server = await startServer({ router: fixtureGraph(), port: 0, quiet: true, answerCacheBytes: 12_345, compressedCacheBytes: 0 });
  try {
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ answerCacheBytes: 12_345, compressedCacheBytes: 0 });
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  } finally {
    await server.close();
  }
});

it("leaves them to the handler's defaults when not given", async () => {
  const server = await startServer({ router: fixtureGraph(), port: 0, quiet: true });
  try {
    expect("answerCacheBytes" in seen[0]!).toBe(false);
    expect("compressedCacheBytes" in seen[0]!).toBe(false);
  } finally {
    await server.close();
  }
});

it("refuses a size the handler refuses", async () => {
  await expect(startServer({ router: fixtureGraph(), port: 0, quiet: true, answerCacheBytes: -1 })).rejects.toThrow(/answerCacheBytes must be a non-negative integer/);
});
