// The requests of fixtures/explain-answers.json, per router: a fixed rule over the router's own
// chains and assets (no answer chosen by hand), so the recorder and the test ask the same ones.

const FLAGS = [
  {},
  { allow_multi_tx: true },
  { allow_multi_tx: true, include_evm_assets: true, include_no_metadata_assets: true, include_cw20_assets: true },
  { native_only: true, recommendation_reason: "MOST_LIQUID" },
  { recommendation_reason: "BASE_TOKEN", include_evm_assets: true },
];
const SWAPS = { include_swaps: true, allow_multi_tx: true, include_evm_assets: true, include_no_metadata_assets: true };

const MAINNET_SOURCES = ["osmosis-1", "cosmoshub-4", "noble-1", "axelar-dojo-1", "neutron-1", "1", "stride-1", "injective-1", "42161"];
const MAINNET_DESTS = ["osmosis-1", "cosmoshub-4", "1", "noble-1", "axelar-dojo-1", "1284", "juno-1", "secret-4", "8453"];

/** The `count` chains with the most assets (ties by chain id), as a synthetic registry has no names to pick by. */
function busiest(router, count) {
  return [...router.chains()].sort((a, b) => b.asset_count - a.asset_count || (a.chain_id < b.chain_id ? -1 : 1)).slice(0, count).map((c) => c.chain_id);
}

function sources(router, chainIds, perChain) {
  const known = new Set(router.chainIds());
  return chainIds.filter((id) => known.has(id)).flatMap((id) => router.assetsOnChain(id).filter((a) => a.listed).slice(0, perChain));
}

function requests(srcs, dests, flagSets, known) {
  const out = [];
  for (const source of srcs) {
    for (const dest of dests) {
      if (!known.has(dest)) continue;
      for (const flags of flagSets) out.push({ source_asset_chain_id: source.chain_id, source_asset_denom: source.denom, dest_chain_id: dest, ...flags });
    }
  }
  return out;
}

export function requestSample(name, router) {
  const known = new Set(router.chainIds());
  if (name === "mainnet") {
    const all = requests(sources(router, MAINNET_SOURCES, 2), MAINNET_DESTS, FLAGS, known);
    // Swaps on the hubs of the swap venues, including the most expensive explain known (486 routes).
    const swaps = requests(sources(router, ["osmosis-1", "noble-1", "cosmoshub-4"], 1), ["osmosis-1", "neutron-1", "1"], [SWAPS], known);
    // One destination asset asked for: the first two assets of the destination chain.
    const denoms = sources(router, ["noble-1", "osmosis-1"], 1).flatMap((source) =>
      ["osmosis-1", "cosmoshub-4"].flatMap((dest) =>
        router.assetsOnChain(dest).slice(0, 2).map((asset) => ({ source_asset_chain_id: source.chain_id, source_asset_denom: source.denom, dest_chain_id: dest, dest_asset_denom: asset.denom, allow_multi_tx: true })),
      ),
    );
    return [...all, ...swaps, ...denoms];
  }
  if (name === "synthetic") {
    const chains = busiest(router, 6);
    return [...requests(sources(router, chains, 2), chains, FLAGS.slice(0, 3), known), ...requests(sources(router, chains.slice(0, 2), 1), chains, [SWAPS], known)];
  }
  const chains = router.chainIds();
  return requests(sources(router, chains, 100), chains, [...FLAGS, SWAPS], known);
}
