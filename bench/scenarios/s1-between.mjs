/**
 * Scenario 1: assets_between_chains against @chain-registry/utils `getIbcDenomByBase`, called for
 * every asset listed on the source chain (what a user of the raw package would write to answer
 * "which of my assets can go to that chain, under which denom"). Same data, same process.
 */
import { measure } from "../lib/timing.mjs";
import { speedupRow } from "../lib/report.mjs";
import { loadChainRegistryUtils, loadRawMainnet, quietly } from "../lib/raw-registry.mjs";

export const FIXED_PAIRS = [
  ["osmosis-1", "cosmoshub-4"],
  ["cosmoshub-4", "osmosis-1"],
  ["noble-1", "osmosis-1"],
  ["neutron-1", "osmosis-1"],
];

const ALL_FLAGS = { include_no_metadata_assets: true, include_cw20_assets: true, include_evm_assets: true, allow_multi_tx: true };

/**
 * The ordered pair with the most assets, from the data: the source is the chain listing the most
 * assets; the destination is, among its IBC counterparties known to the router, the one listing the most.
 */
export function mostAssetsPair(raw, routerChains) {
  const count = new Map(raw.assetLists.map((l) => [l.chainName, l.assets.length]));
  const byCount = [...count].filter(([name]) => routerChains.has(raw.idByName.get(name))).sort((a, b) => b[1] - a[1]);
  const source = byCount[0][0];
  const counterparties = new Set();
  for (const d of raw.ibcData) {
    if (d.chain1.chainName === source) counterparties.add(d.chain2.chainName);
    if (d.chain2.chainName === source) counterparties.add(d.chain1.chainName);
  }
  const dest = [...counterparties]
    .filter((name) => routerChains.has(raw.idByName.get(name)))
    .sort((a, b) => (count.get(b) ?? 0) - (count.get(a) ?? 0) || (a < b ? -1 : 1))[0];
  return [raw.idByName.get(source), raw.idByName.get(dest)];
}

export async function scenarioBetween({ router, quick }) {
  const raw = loadRawMainnet();
  const { getIbcDenomByBase } = loadChainRegistryUtils();
  const routerChains = new Set(router.chainIds());
  const pairs = [...FIXED_PAIRS];
  const most = mostAssetsPair(raw, routerChains);
  if (!pairs.some(([s, d]) => s === most[0] && d === most[1])) pairs.push(most);

  const rows = [];
  for (const [sourceId, destId] of pairs) {
    const sourceName = raw.nameById.get(sourceId);
    const destName = raw.nameById.get(destId);
    const list = raw.assetLists.find((l) => l.chainName === sourceName);
    const bases = list ? list.assets.map((a) => a.base) : [];
    const baselineFn = () => {
      const denoms = [];
      for (const base of bases) denoms.push(getIbcDenomByBase(raw.ibcData, destName, sourceName, raw.assetLists, base));
      return denoms;
    };
    const base = quietly(() => measure(baselineFn, { warmupRuns: 1, minRuns: 3, maxRuns: 30, budgetMs: quick ? 300 : 1500 }));
    const resolved = base.result.filter((d) => d !== undefined).length;
    const label = `${sourceId} -> ${destId}${most[0] === sourceId && most[1] === destId ? " (most assets)" : ""}`;

    /** @type {[string, object][]} */
    const variants = [
      ["default request", {}],
      ["all include flags", ALL_FLAGS],
    ];
    for (const [variant, flags] of variants) {
      const request = { source_chain_id: sourceId, dest_chain_id: destId, ...flags };
      const timed = measure(() => router.assetsBetweenChains(request), { minRuns: 20, maxRuns: 5000, budgetMs: quick ? 100 : 400 });
      const pairsOut = timed.result.assets_between_chains.length;
      const row = speedupRow({
        scenario: `1 between ${label}`,
        metric: variant,
        value: timed.median,
        baseline: base.median,
        min: 30,
        note: `router: ${pairsOut} pairs (first call ${timed.first.toFixed(2)} ms); utils: ${bases.length} calls, ${resolved} denoms resolved`,
      });
      rows.push(flags === ALL_FLAGS ? unequalWork(row, pairsOut, bases.length) : row);
    }
  }
  return rows;
}

/**
 * The all-flags request asks a bigger question than the peer can: derived vouchers on the source
 * chain are sources too and routes may take several transactions, so the router answers hundreds
 * of pairs where `getIbcDenomByBase` computes one direct denom per listed asset. The row reports
 * the figure without a target it could only meet by chance, and the note the cost per item.
 */
function unequalWork(row, pairs, calls) {
  const perPair = row.value / Math.max(pairs, 1);
  const perDenom = row.baseline / Math.max(calls, 1);
  return {
    ...row,
    target: "none (unequal work)",
    met: null,
    note: `${row.note}; not the same question (the peer has no routes, vouchers or multi-tx): per returned pair ${(perPair * 1000).toFixed(3)} µs vs per utils call ${(perDenom * 1000).toFixed(2)} µs (${(perDenom / perPair).toFixed(0)}x)`,
  };
}
