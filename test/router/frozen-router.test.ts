/**
 * A router's data cannot change after it is built (issue 33): its registry is frozen through every
 * array and record, and its `dataVersion`, `registry`, `provenance` and `notes` are read-only
 * members. Test files are ES modules, so strict mode: every attempt throws, and answers stay.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildRouter, compileDataset, loadRouter, parseRegistry, type AssetRouter } from "../../src/index.js";
import { FIXTURE_PATH } from "../http/fixture.js";

const json: unknown = JSON.parse(readFileSync(FIXTURE_PATH, "utf8"));
const ATOM = { source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom" };

describe.each([
  ["buildRouter", async () => buildRouter(parseRegistry(json))],
  ["loadRouter({dataset})", async () => loadRouter({ dataset: compileDataset(buildRouter(parseRegistry(json))) })],
])("a router from %s", (_name, make) => {
  it("refuses every change to its registry and members, and answers as before", async () => {
    const router: AssetRouter = await make();
    const version = router.dataVersion;
    const answer = JSON.stringify(router.assetsFromSource(ATOM));
    const registry = router.registry as unknown as Record<string, any>;
    const attempts: [string, () => void][] = [
      ["add a chain", () => registry.chains.push({ chain_id: "evil-1" })],
      ["rename a chain", () => (registry.chains[0].chain_id = "evil-1")],
      ["drop the assets", () => (registry.assets.length = 0)],
      ["rename an asset", () => (registry.assets[0].symbol = "EVIL")],
      ["close a channel", () => (registry.ibc_channels[0].status = "INACTIVE")],
      ["move a channel end", () => (registry.ibc_channels[0].chain_1.channel_id = "channel-999")],
      ["add a field", () => (registry.extra = true)],
      ["replace the registry", () => ((router as unknown as Record<string, unknown>).registry = { chains: [] })],
      ["replace the data version", () => ((router as unknown as Record<string, unknown>).dataVersion = "sha256:0")],
      ["replace the notes", () => ((router as unknown as Record<string, unknown>).notes = [])],
    ];
    expect(registry.ibc_channels.length).toBeGreaterThan(0);
    for (const [what, attempt] of attempts) expect(attempt, what).toThrow(TypeError);
    expect(router.dataVersion).toBe(version);
    expect(JSON.stringify(router.assetsFromSource(ATOM))).toBe(answer);
    expect(compileDataset(router)).toBe(compileDataset(buildRouter(parseRegistry(json))));
  });
});
