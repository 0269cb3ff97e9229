/**
 * /v2/info/chains of the shipped mainnet data against answers of the hosted Skip Go API that
 * nobody here wrote: recorded in public front-end and SDK repositories (fixtures/skip-chains/,
 * each with its repository, path, commit and date). For every chain both know, every capability
 * flag agrees with the newest recording of that chain. And over all the shipped data: no chain
 * forwards packets (pfm_enabled) without taking a memo, since packet forwarding is driven by it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { beforeAll, describe, expect, test } from "vitest";
import { createFetchHandler } from "../../src/entries/http.js";
import type { SkipChain } from "../../src/wire/skip.js";
import { shippedDatasetText, shippedRouter } from "../support/shipped-router.js";
import { loadRouter } from "../../src/index.js";

interface RecordedChain {
  chain_id: string;
  pfm_enabled: boolean;
  supports_memo: boolean;
  ibc_capabilities?: { cosmos_pfm: boolean; cosmos_ibc_hooks: boolean; cosmos_memo: boolean; cosmos_autopilot: boolean };
}
interface Recording {
  file: string;
  source: { repo: string; path: string; commit: string; date: string };
  response: { chains: RecordedChain[] };
}

const DIR = new URL("../../fixtures/skip-chains/", import.meta.url);
const recordings: Recording[] = readdirSync(DIR)
  .filter((file) => file.endsWith(".json"))
  .map((file) => ({ file, ...(JSON.parse(readFileSync(new URL(file, DIR), "utf8")) as Omit<Recording, "file">) }))
  .sort((a, b) => a.source.date.localeCompare(b.source.date));

/** chain id -> its newest recorded entry, with the recording it comes from. */
const newest = new Map<string, { chain: RecordedChain; from: Recording }>();
for (const from of recordings) for (const chain of from.response.chains) newest.set(chain.chain_id, { chain, from });

let answered: Map<string, SkipChain>;

beforeAll(async () => {
  const handler = createFetchHandler(await shippedRouter("mainnet"));
  const response = await handler(new Request("http://127.0.0.1/v2/info/chains?include_evm=true&include_svm=true"));
  expect(response.status).toBe(200);
  const { chains } = (await response.json()) as { chains: SkipChain[] };
  answered = new Map(chains.map((chain) => [chain.chain_id, chain]));
}, 60_000);

describe("recorded /v2/info/chains answers", () => {
  test("the recordings are real answers with their source, and they name chains the shipped data has", () => {
    expect(recordings.map((r) => r.source.repo).sort()).toEqual(["dydxprotocol/v4-abacus", "osmosis-labs/osmosis-frontend", "skip-mev/skip-go-app"]);
    for (const { source } of recordings) {
      expect(source.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(source.date).toMatch(/^20\d\d-\d\d-\d\d$/);
    }
    const shared = [...newest.keys()].filter((id) => answered.has(id));
    expect(shared.length).toBeGreaterThan(45);
    for (const id of ["cosmoshub-4", "osmosis-1", "noble-1", "dydx-mainnet-1", "agoric-3", "archway-1", "kaiyo-1", "cheqd-mainnet-1", "stride-1", "1", "solana"]) {
      expect(shared, id).toContain(id);
    }
  });

  test("every flag of every chain both know agrees with the chain's newest recording", () => {
    const disagreements: string[] = [];
    const expectFlag = (id: string, field: string, ours: boolean, recorded: boolean, from: Recording) => {
      if (ours !== recorded) disagreements.push(`${id} ${field}: ours ${ours}, recorded ${recorded} (${from.file})`);
    };
    for (const [id, { chain, from }] of newest) {
      const ours = answered.get(id);
      if (ours === undefined) continue;
      // A recording that has a chain forward packets without taking a memo contradicts itself
      // (forwarding instructions travel in the memo): its pfm claim is no fact, the memo one is.
      const pfm = chain.pfm_enabled && chain.supports_memo;
      expectFlag(id, "pfm_enabled", ours.pfm_enabled, pfm, from);
      expectFlag(id, "supports_memo", ours.supports_memo, chain.supports_memo, from);
      expectFlag(id, "ibc_capabilities.cosmos_pfm", ours.ibc_capabilities.cosmos_pfm, pfm, from);
      expectFlag(id, "ibc_capabilities.cosmos_memo", ours.ibc_capabilities.cosmos_memo, chain.supports_memo, from);
      if (chain.ibc_capabilities !== undefined) {
        expectFlag(id, "ibc_capabilities.cosmos_ibc_hooks", ours.ibc_capabilities.cosmos_ibc_hooks, chain.ibc_capabilities.cosmos_ibc_hooks, from);
        expectFlag(id, "ibc_capabilities.cosmos_autopilot", ours.ibc_capabilities.cosmos_autopilot, chain.ibc_capabilities.cosmos_autopilot, from);
        expectFlag(id, "ibc_capabilities.cosmos_memo (recorded)", ours.ibc_capabilities.cosmos_memo, chain.ibc_capabilities.cosmos_memo, from);
      }
    }
    expect(disagreements).toEqual([]);
  });

  test("the memo flag is what the issue names: noble, agoric, archway, dydx, kujira, cheqd take a memo and have no wasm hooks", () => {
    for (const id of ["noble-1", "agoric-3", "archway-1", "dydx-mainnet-1", "kaiyo-1", "cheqd-mainnet-1"]) {
      expect(answered.get(id), id).toMatchObject({ supports_memo: true, ibc_capabilities: { cosmos_memo: true, cosmos_ibc_hooks: false } });
    }
    expect(answered.get("stride-1")!.ibc_capabilities.cosmos_autopilot).toBe(true);
  });

  test("cosmos_autopilot is always sent", () => {
    for (const chain of answered.values()) expect(typeof chain.ibc_capabilities.cosmos_autopilot, chain.chain_id).toBe("boolean");
  });
});

describe("capability flags over the shipped data", () => {
  test.each(["mainnet", "testnet"] as const)("%s: no chain has pfm_enabled without supports_memo; the wire flags are the registry's", async (network) => {
    const router = await loadRouter({ dataset: await shippedDatasetText(network) });
    const chains = router.registry.chains;
    expect(chains.length).toBeGreaterThan(100);
    expect(chains.filter((c) => c.pfm_enabled && !c.supports_memo).map((c) => c.chain_id)).toEqual([]);
    const handler = createFetchHandler(router);
    const query = network === "testnet" ? "&only_testnets=true" : "";
    const response = await handler(new Request(`http://127.0.0.1/v2/info/chains?include_evm=true&include_svm=true${query}`));
    const wire = ((await response.json()) as { chains: SkipChain[] }).chains;
    const byId = new Map(chains.map((c) => [c.chain_id, c]));
    for (const chain of wire) {
      const registry = byId.get(chain.chain_id)!;
      expect(chain.ibc_capabilities, chain.chain_id).toEqual({
        cosmos_pfm: registry.pfm_enabled,
        cosmos_ibc_hooks: registry.ibc_hooks,
        cosmos_memo: registry.supports_memo,
        cosmos_autopilot: registry.autopilot,
      });
      expect([chain.pfm_enabled, chain.supports_memo]).toEqual([registry.pfm_enabled, registry.supports_memo]);
    }
  });
});
