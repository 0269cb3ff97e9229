/**
 * A chain's explorer transaction page (`explorer_tx_page`), from the chain registry's explorers
 * (npm `chain-registry`, mainnet/<chain>/chain.js `explorers[].txPage`; cosmos/chain-registry
 * chain.schema.json `explorers[].tx_page`), read from the package itself: the link this service
 * writes for a chain is the one the hosted Skip Go API wrote (a recorded /v2/tx/status answer,
 * fixtures/skip-tx/), a chain without explorers has none, and a template that is not a plain https
 * URL with `${txHash}` once is refused with an issue, from the package's own bad entries and from
 * hostile ones.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { parseRegistry } from "../../src/index.js";
import type { ChainRegistryData, CrChain } from "../../src/registry/chain-registry-input.js";
import { explorerLink, explorerTxPageProblem } from "../../src/registry/explorer-links.js";
import { loadChainRegistryData } from "../../src/registry/load-chain-registry.js";
import { codes, convert } from "./chain-registry-builders.js";

interface RecordedTx {
  chain_id: string;
  tx_hash: string;
  explorer_link: string;
}
const recorded = JSON.parse(readFileSync(new URL("../../fixtures/skip-tx/v4-abacus-status-ibc-explorer-links.json", import.meta.url), "utf8")) as {
  response: { transfer_sequence: { ibc_transfer: { packet_txs: Record<string, RecordedTx | null> } }[] };
};
const recordedTxs = recorded.response.transfer_sequence.flatMap((entry) => Object.values(entry.ibc_transfer.packet_txs).filter((tx): tx is RecordedTx => tx !== null && "tx_hash" in tx));

let data: ChainRegistryData;
beforeAll(async () => {
  data = await loadChainRegistryData("mainnet");
});

/** The package's chain named `chainName`, converted alone. */
function convertChains(...names: string[]) {
  const chains = names.map((name) => data.chains.find((chain) => chain.chainName === name)!);
  expect(chains.every((chain) => chain !== undefined)).toBe(true);
  return convert({ chains, assetLists: [], ibcData: [] });
}

describe("from the chain-registry package", () => {
  it("osmosis, noble and dydx: Mintscan's page, and the link with a recorded hash is the hosted API's recorded link", () => {
    // mainnet/osmosis/chain.js lists ezstaking first, then mintscan; noble and dydx list mintscan first.
    const { registry, issues } = convertChains("osmosis", "noble", "dydx");
    expect(Object.fromEntries(registry.chains.map((chain) => [chain.chain_id, chain.explorer_tx_page]))).toEqual({
      "osmosis-1": "https://www.mintscan.io/osmosis/transactions/${txHash}",
      "noble-1": "https://www.mintscan.io/noble/txs/${txHash}",
      "dydx-mainnet-1": "https://www.mintscan.io/dydx/txs/${txHash}",
    });
    expect(codes(issues)).not.toContain("explorer_tx_page_refused");
    expect(new Set(recordedTxs.map((tx) => tx.chain_id))).toEqual(new Set(["osmosis-1", "noble-1", "dydx-mainnet-1"]));
    for (const tx of recordedTxs) {
      const page = registry.chains.find((chain) => chain.chain_id === tx.chain_id)!.explorer_tx_page;
      expect(explorerLink(page, tx.tx_hash)).toBe(tx.explorer_link);
    }
  });

  it("Mintscan wherever listed (kind in either case), else the first page; none for a chain without explorers or pages", () => {
    // provenance: Mintscan fourth (after a hubble page with ${block}); neutron: "Mintscan";
    // juno: no Mintscan, ezstaking first; penumbra: no explorers; kiichain: explorers without txPage.
    const { registry, issues } = convertChains("provenance", "neutron", "juno", "penumbra", "kiichain");
    expect(registry.chains.map((chain) => [chain.chain_id, chain.explorer_tx_page])).toEqual([
      ["pio-mainnet-1", "https://www.mintscan.io/provenance/transactions/${txHash}"],
      ["neutron-1", "https://www.mintscan.io/neutron/transactions/${txHash}"],
      ["juno-1", "https://ezstaking.app/juno/txs/${txHash}"],
      ["penumbra-1", undefined],
      ["kiichain_1783-1", undefined],
    ]);
    expect(issues).toEqual([]);
  });

  it("the package's own unusable pages are refused with an issue naming the chain: http, no placeholder", () => {
    // octa: its one page is http://; optio: a page without ${txHash}; gnodi: its first is without, its second is kept.
    const { registry, issues } = convertChains("octa", "optio", "gnodi");
    expect(registry.chains.map((chain) => [chain.chain_id, chain.explorer_tx_page])).toEqual([
      ["octa", undefined],
      ["optio", undefined],
      ["gnodi", "https://explorer.vinjan-inc.com/gnodi/tx/${txHash}"],
    ]);
    const refused = issues.filter((issue) => issue.code === "explorer_tx_page_refused");
    expect(refused.map((issue) => [issue.severity, issue.subject?.chain_ids])).toEqual([
      ["warning", ["octa"]],
      ["warning", ["optio"]],
      ["warning", ["gnodi"]],
    ]);
    expect(refused[0]!.message).toContain("is not an https:// URL");
    expect(refused[1]!.message).toContain("must hold ${txHash} exactly once");
  });

  it("every page the package lists is either kept by the rules or refused for a reason, and none the rules keep is refused by the schema", () => {
    const pages = data.chains.flatMap((chain) => (chain.explorers ?? []).flatMap((explorer) => (explorer.txPage === undefined ? [] : [explorer.txPage])));
    expect(pages.length).toBeGreaterThan(500);
    const kept = pages.filter((page) => explorerTxPageProblem(page) === undefined);
    // A handful of the package's pages are unusable (http, another placeholder, none): the rest are kept.
    expect(pages.length - kept.length).toBeLessThan(20);
    expect(kept.every((page) => page.startsWith("https://") && page.split("${txHash}").length === 2)).toBe(true);
    expect(() => parseRegistry({ chains: kept.map((page, i) => ({ chain_id: `c-${i}`, explorer_tx_page: page })), assets: [] })).not.toThrow();
    // provenance's hubble page names a ${block} placeholder this service cannot fill.
    expect(explorerTxPageProblem("https://hubble.figment.io/provenance/chains/pio-mainnet-1/${block}/transactions/${txHash}")).toContain("other than ${txHash}");
  });
});

describe("hostile pages", () => {
  const HOSTILE: [string, string][] = [
    ["javascript:alert(1)//${txHash}", "https://"],
    ["http://explorer.example/tx/${txHash}", "https://"],
    ["https://explorer.example/tx/", "exactly once"],
    ["https://explorer.example/tx/${txHash}/${txHash}", "exactly once"],
    ["https://explorer.example/${chainId}/tx/${txHash}", "other than ${txHash}"],
    ["https://explorer.example/tx/${txHash}?x=${", "other than ${txHash}"],
    ["https://${txHash}.explorer.example/", "plain host before"],
    ["https://explorer.example.${txHash}", "plain host before"],
    ["https://mintscan.io@evil.example/tx/${txHash}", "plain host before"],
    ["https://user:pass@explorer.example/tx/${txHash}", "plain host before"],
    ["https://explorer.example\\@evil.example/tx/${txHash}", "does not carry"],
    ["https://explorer.example/tx/${txHash} click", "does not carry"],
    ["https://explorer.example/\u202etx/${txHash}", "does not carry"],
    ["https://explorer.example/tx/\"><script>/${txHash}", "does not carry"],
    [`https://explorer.example/${"a".repeat(600)}/${"${txHash}"}`, "longer than 512"],
    ["https://exa mple/${txHash}", "does not carry"],
  ];

  it("each is refused, saying why", () => {
    for (const [page, why] of HOSTILE) expect(explorerTxPageProblem(page), page).toContain(why);
  });

  it("the converter drops them with an issue and keeps the next explorer's good page", () => {
    const chain: CrChain = {
      chainName: "somechain",
      chainId: "some-1",
      explorers: [...HOSTILE.map(([txPage], i) => ({ kind: `bad-${i}`, txPage })), { kind: "good", txPage: "https://explorer.example/tx/${txHash}" }],
    };
    const { registry, issues } = convert({ chains: [chain], assetLists: [], ibcData: [] });
    expect(registry.chains[0]!.explorer_tx_page).toBe("https://explorer.example/tx/${txHash}");
    expect(codes(issues)).toEqual(HOSTILE.map(() => "explorer_tx_page_refused"));
    // The message shows the page escaped: no control or bidi character reaches a terminal.
    expect(issues.every((issue) => !/[\u202e]/.test(issue.message))).toBe(true);
  });

  it("a registry file carrying one is refused by parseRegistry, naming the field", () => {
    for (const [page] of HOSTILE) {
      expect(() => parseRegistry({ chains: [{ chain_id: "a-1", explorer_tx_page: page }], assets: [] }), page).toThrow(/explorer_tx_page/);
    }
    expect(parseRegistry({ chains: [{ chain_id: "a-1", explorer_tx_page: "https://explorer.example/tx/${txHash}" }], assets: [] }).chains[0]!.explorer_tx_page).toBe(
      "https://explorer.example/tx/${txHash}",
    );
  });

  it("a link is made only of a transaction hash: anything a chain answers otherwise gives none", () => {
    const page = "https://explorer.example/tx/${txHash}";
    const hash = "2ED2F33533EBE597EEA656F7822F2CE585240544BC3E78F6945E6446997740F0";
    expect(explorerLink(page, hash)).toBe(`https://explorer.example/tx/${hash}`);
    expect(explorerLink(undefined, hash)).toBe("");
    for (const junk of ["", "../../evil", `${hash}/../x`, `${hash}0`, "$&$&"]) expect(explorerLink(page, junk)).toBe("");
  });
});
