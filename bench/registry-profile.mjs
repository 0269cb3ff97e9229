/**
 * The shape of a registry (project format) that the synthetic generator reproduces at scale:
 * per-chain templates (type, capability flags, number of distinct IBC counterparties, its listed
 * assets with their kind, trace depth and metadata), per-pair channel templates, the connected
 * components formed by bridge links, and swap venues. Measured from the real registry at run time.
 */

function depth(trace) {
  return trace === "" ? 0 : trace.split("/").length / 2;
}

function metadataOf(asset) {
  const meta = {};
  for (const field of ["symbol", "name", "logo_uri", "decimals", "description", "coingecko_id", "recommended_symbol"]) {
    if (asset[field] !== undefined) meta[field] = asset[field];
  }
  return meta;
}

export function registryProfile(registry) {
  const chainById = new Map(registry.chains.map((c) => [c.chain_id, c]));
  const counterparties = new Map(registry.chains.map((c) => [c.chain_id, new Set()]));
  const pairChannels = new Map();
  for (const ch of registry.ibc_channels) {
    const a = ch.chain_1.chain_id;
    const b = ch.chain_2.chain_id;
    if (a === b || !chainById.has(a) || !chainById.has(b)) continue;
    counterparties.get(a).add(b);
    counterparties.get(b).add(a);
    const key = a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
    const list = pairChannels.get(key) ?? [];
    list.push({
      status: ch.status,
      preferred: ch.preferred,
      ports: [ch.chain_1.port_id === "transfer" ? "transfer" : "other", ch.chain_2.port_id === "transfer" ? "transfer" : "other"],
      v2: !/^channel-\d+$/.test(ch.chain_1.channel_id) || !/^channel-\d+$/.test(ch.chain_2.channel_id),
    });
    pairChannels.set(key, list);
  }

  const assetsByChain = new Map(registry.chains.map((c) => [c.chain_id, []]));
  for (const asset of registry.assets) {
    assetsByChain.get(asset.chain_id)?.push({
      depth: depth(asset.trace),
      isCw20: asset.is_cw20,
      isEvm: asset.is_evm,
      /** A non-IBC asset whose origin is elsewhere (e.g. bridged with origin kept). */
      foreignOrigin: asset.trace === "" && asset.origin_chain_id !== asset.chain_id,
      meta: metadataOf(asset),
    });
  }

  const chains = registry.chains.map((c) => ({
    chain_type: c.chain_type,
    pfm_enabled: c.pfm_enabled,
    forwards_after_bridge: c.forwards_after_bridge,
    degree: counterparties.get(c.chain_id).size,
    assets: assetsByChain.get(c.chain_id),
  }));

  return {
    chains,
    pairChannels: [...pairChannels.values()],
    bridgeComponents: bridgeComponents(registry, chainById),
    swapVenues: registry.swap_venues.map((v) => ({ size: v.denoms.length })),
    counts: {
      chains: registry.chains.length,
      assets: registry.assets.length,
      natives: registry.assets.filter((a) => a.trace === "").length,
      vouchers: registry.assets.filter((a) => a.trace !== "").length,
      ibc_channels: registry.ibc_channels.length,
      connected_pairs: pairChannels.size,
      bridge_links: registry.bridge_links.length,
      swap_venues: registry.swap_venues.length,
    },
  };
}

/** Components of the "bridge link" graph over listed assets: members (kind only) and edges by member position. */
function bridgeComponents(registry, chainById) {
  const key = (ref) => `${ref.chain_id}\u0000${ref.denom.startsWith("0x") ? ref.denom.toLowerCase() : ref.denom}`;
  const assetByKey = new Map(registry.assets.map((a) => [key(a), a]));
  const parent = new Map();
  const find = (x) => {
    while (parent.get(x) !== x) {
      parent.set(x, parent.get(parent.get(x)));
      x = parent.get(x);
    }
    return x;
  };
  for (const link of registry.bridge_links) {
    for (const side of [link.from, link.to]) if (!parent.has(key(side))) parent.set(key(side), key(side));
    const a = find(key(link.from));
    const b = find(key(link.to));
    if (a !== b) parent.set(a, b);
  }
  const components = new Map();
  for (const node of parent.keys()) {
    const root = find(node);
    const comp = components.get(root) ?? { members: [], index: new Map(), edges: [] };
    comp.index.set(node, comp.members.length);
    const asset = assetByKey.get(node);
    comp.members.push({
      chain_type: chainById.get(asset.chain_id).chain_type,
      depth: depth(asset.trace),
      isEvm: asset.is_evm,
      isCw20: asset.is_cw20,
    });
    components.set(root, comp);
  }
  for (const link of registry.bridge_links) {
    const comp = components.get(find(key(link.from)));
    comp.edges.push({ from: comp.index.get(key(link.from)), to: comp.index.get(key(link.to)), bridge: link.bridge, bidirectional: link.bidirectional });
  }
  return [...components.values()].map(({ members, edges }) => ({ members, edges }));
}
