/**
 * The stated windows of a snapshot as a library option (issue 34): `loadRouter({ state,
 * stateOptions })` passes the age past which a chain counts as halted and the window of a light
 * client's coming expiry to `withState`. The CLI flags and `serve`: test/state/cli.test.ts and
 * serve.test.ts.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { loadRouter, type AssetRouter } from "../../src/index.js";
import { FIXTURE_PATH } from "../http/fixture.js";
import { hubSnapshot } from "./hub-windows.js";

const registry = JSON.parse(readFileSync(FIXTURE_PATH, "utf8")) as unknown;
const ATOM = { source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom" } as const;
const reaches = (router: AssetRouter) => Object.keys(router.assetsFromSource(ATOM).dest_assets);

describe("stated windows", () => {
  test("library: the defaults take the Hub for halted; stateOptions with a longer age and a shorter warning keep it; stateOptions without state is invalid_config", async () => {
    const strict = await loadRouter({ registry, state: hubSnapshot() });
    expect(reaches(strict)).toEqual([]);
    const patient = await loadRouter({ registry, state: hubSnapshot(), stateOptions: { maxBlockAgeSeconds: 7200, expiryWarningSeconds: 3600 } });
    expect(reaches(patient)).toContain("osmosis-1");
    // A longer age alone: no longer halted, but channel-141's client expires within the default 24 h window.
    const ageOnly = await loadRouter({ registry, state: hubSnapshot(), stateOptions: { maxBlockAgeSeconds: 7200 } });
    expect(reaches(ageOnly)).not.toContain("osmosis-1");
    await expect(loadRouter({ registry, stateOptions: { maxBlockAgeSeconds: 7200 } })).rejects.toMatchObject({ code: "invalid_config" });
    await expect(loadRouter({ registry, state: hubSnapshot(), stateOptions: { maxBlockAgeSeconds: -1 } })).rejects.toMatchObject({ code: "invalid_config" });
  });
});
