/**
 * A snapshot is checked once, where it enters (review of issue 24): `loadRouter` and the Node
 * resolver check it with the source's layers (`checkLayers`) and narrow the router without a
 * second `parseState`; `withState` and `buildRouter` check their raw input themselves, once.
 * Counted by a spy on `parseState`, the one check of a snapshot.
 */
import { beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { buildRouter, loadRouter, stateOfRouter, withState, type AssetRouter } from "../../src/index.js";
import { parseState } from "../../src/state/format.js";
import { loadSource } from "../../src/files/load-source.js";
import { shippedRouter } from "../support/shipped-router.js";
import { snapshot } from "./snapshots.js";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

vi.mock(import("../../src/state/format.js"), async (original) => {
  const module = await original();
  return { ...module, parseState: vi.fn(module.parseState) };
});

let mainnet: AssetRouter;
beforeAll(async () => {
  mainnet = await shippedRouter();
});
beforeEach(() => {
  vi.mocked(parseState).mockClear();
});

const CLOSED = snapshot([{ chain: "cosmoshub-4", channel: "channel-141", state: "CLOSED" }]);
const closedVerdict = expect.objectContaining({ code: "channel_closed", chain_id: "cosmoshub-4", channel_id: "channel-141" });

describe("a snapshot is validated once, where it enters", () => {
  test("loadRouter({registry, state}): one parseState, and the snapshot applied", async () => {
    const router = await loadRouter({ registry: mainnet.registry, state: JSON.stringify(CLOSED) });
    expect(parseState).toHaveBeenCalledTimes(1);
    expect(stateOfRouter(router)!.verdicts).toContainEqual(closedVerdict);
  });

  test("the Node resolver (--state FILE): one parseState", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-once-"));
    writeFileSync(join(dir, "state.json"), JSON.stringify(CLOSED));
    writeFileSync(join(dir, "registry.json"), JSON.stringify(mainnet.registry));
    const router = await loadSource({ registry: join(dir, "registry.json"), state: join(dir, "state.json") });
    expect(parseState).toHaveBeenCalledTimes(1);
    expect(stateOfRouter(router)!.verdicts).toContainEqual(closedVerdict);
  });

  test("withState and buildRouter({state}) check raw input once each", () => {
    const narrowed = withState(mainnet, CLOSED);
    expect(parseState).toHaveBeenCalledTimes(1);
    const built = buildRouter(mainnet.registry, { state: CLOSED });
    expect(parseState).toHaveBeenCalledTimes(2);
    expect(built.registry.ibc_channels).toEqual(narrowed.registry.ibc_channels);
    expect(stateOfRouter(built)!.verdicts).toContainEqual(closedVerdict);
  });

  test("the public functions still refuse junk with invalid_state", async () => {
    const junk = { format: "fungible-graph-state/1", created_at: "yesterday", chains: {} };
    expect(() => withState(mainnet, junk)).toThrow(expect.objectContaining({ code: "invalid_state" }));
    expect(() => buildRouter(mainnet.registry, { state: junk })).toThrow(expect.objectContaining({ code: "invalid_state" }));
    await expect(loadRouter({ registry: mainnet.registry, state: junk })).rejects.toMatchObject({ code: "invalid_state" });
  });
});
