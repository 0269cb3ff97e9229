/** `/health` says how old the state snapshot behind the answers is (and nothing of one without it). */
import { describe, expect, test } from "vitest";
import { buildRouter, parseRegistry, withState } from "../../src/index.js";
import { createFetchHandler, LiveRouter } from "../../src/entries/http.js";
import { HealthBodySchema } from "../../src/http/health.js";
import { readFileSync } from "node:fs";
import { snapshot } from "./snapshots.js";

const registry = parseRegistry(JSON.parse(readFileSync(new URL("../../fixtures/http-registry.json", import.meta.url), "utf8")));

describe("/health and the state snapshot", () => {
  test("state_age_seconds counts from the snapshot's created_at; provenance carries its dates and hash", async () => {
    const router = withState(buildRouter(registry), snapshot([{ chain: "cosmoshub-4", channel: "channel-141", state: "CLOSED" }], "2026-11-20T12:00:00Z"));
    const live = new LiveRouter(router, { now: () => new Date("2026-11-20T13:30:00Z") });
    const response = await createFetchHandler(live)(new Request("http://x/health"));
    const body = HealthBodySchema.parse(await response.json());
    expect(body.state_age_seconds).toBe(5400);
    expect(body.provenance).toMatchObject({ state_created_at: "2026-11-20T12:00:00Z", state_oldest_read_at: "2026-11-20T12:00:00Z", state_hash: expect.stringMatching(/^sha256:/) });
    expect(response.headers.get("x-data-version")).toBe(router.dataVersion);
  });

  test("without a snapshot, no age", () => {
    expect(new LiveRouter(buildRouter(registry)).health()).not.toHaveProperty("state_age_seconds");
  });
});
