/**
 * Seeded synthetic registries in the project registry format, `scale` times the size of a profiled
 * real registry (bench/registry-profile.mjs), for the growth scenario.
 *
 * "scale x" means: every real chain is used as a template `scale` times (same type, flags, number of
 * IBC counterparties, listed assets with their kinds, trace depths and metadata); IBC pairs are
 * wired at random with each chain's counterparty count kept (configuration model, no self or
 * duplicate pairs), with channel lists sampled from the real pairs; listed vouchers get real,
 * valid traces and IBC denoms over the generated channels (depth kept); every bridge-link component
 * of the real registry is reproduced `scale` times on fresh assets of matching kinds. So 100x is a
 * hundred times as many chains of the same kinds, not a hundred-times-bigger hub.
 *
 * Same (profile, scale, seed) -> byte-identical registry.
 */
import { createHash } from "node:crypto";

/** mulberry32: small, fast, seedable. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.int = (n) => Math.floor(next() * n);
  next.pick = (list) => list[Math.floor(next() * list.length)];
  return next;
}

function ibcDenom(trace, originDenom) {
  return `ibc/${createHash("sha256").update(`${trace}/${originDenom}`).digest("hex").toUpperCase()}`;
}

function hex(random, length) {
  let out = "";
  for (let i = 0; i < length; i++) out += "0123456789abcdef"[random.int(16)];
  return out;
}

/**
 * @param profile  registryProfile(realRegistry)
 * @param options  { scale: positive integer, seed: integer }
 * @returns registry JSON (project format, pass it to parseRegistry) and generation stats
 */
export function syntheticRegistry(profile, { scale = 1, seed = 1 } = {}) {
  const random = rng(seed);
  const chains = [];
  const templates = [];
  for (let copy = 0; copy < scale; copy++) {
    profile.chains.forEach((template, t) => {
      const i = chains.length;
      const chain_id = template.chain_type === "evm" ? String(900_000 + i) : `syn-${i}-${template.chain_type}`;
      chains.push({ chain_id, chain_name: `syn${i}`, chain_type: template.chain_type, pfm_enabled: template.pfm_enabled, forwards_after_bridge: template.forwards_after_bridge });
      templates.push(profile.chains[t]);
    });
  }

  const pairs = wirePairs(random, templates.map((t) => t.degree));
  const { channels, neighbours } = makeChannels(random, chains, pairs, profile.pairChannels);

  const assets = [];
  const natives = chains.map(() => []); // per chain: indexes into assets
  const vouchersByDepth = new Map(); // depth -> asset indexes
  const listedOrigins = chains.map(() => new Set());
  let serial = 0;
  chains.forEach((chain, c) => {
    for (const kind of templates[c].assets) {
      if (kind.depth !== 0) continue;
      const n = serial++;
      const denom = kind.isEvm ? `0x${hex(random, 40)}` : kind.isCw20 ? `cw20:syn1${hex(random, 38)}` : n % 3 === 0 ? `factory/syn1${hex(random, 38)}/tok${n}` : `usyn${n}`;
      natives[c].push(assets.length);
      listedOrigins[c].add(`${chain.chain_id}\u0000${denom}`);
      assets.push({ chain_id: chain.chain_id, denom, trace: "", is_cw20: kind.isCw20, is_evm: kind.isEvm, ...kind.meta });
    }
  });

  let droppedVouchers = 0;
  chains.forEach((chain, c) => {
    for (const kind of templates[c].assets) {
      if (kind.depth === 0) continue;
      const voucher = randomVoucher(random, c, kind.depth, chains, neighbours, natives, assets, listedOrigins[c]);
      if (voucher === null) {
        droppedVouchers++;
        continue;
      }
      listedOrigins[c].add(`${voucher.origin_chain_id}\u0000${voucher.origin_denom}`);
      const list = vouchersByDepth.get(kind.depth) ?? [];
      list.push(assets.length);
      vouchersByDepth.set(kind.depth, list);
      assets.push({ chain_id: chain.chain_id, ...voucher, is_cw20: false, is_evm: false, ...kind.meta });
    }
  });

  const bridge_links = makeBridgeLinks(random, scale, profile.bridgeComponents, chains, natives, vouchersByDepth, assets);
  const swap_venues = makeSwapVenues(random, scale, profile.swapVenues, chains, assets);

  return {
    registry: { chains, assets, ibc_channels: channels, bridge_links, swap_venues },
    stats: { scale, seed, chains: chains.length, assets: assets.length, ibc_channels: channels.length, connected_pairs: pairs.length, bridge_links: bridge_links.length, swap_venues: swap_venues.length, droppedVouchers },
  };
}

/**
 * Random simple graph with (close to) the given degree sequence: chains in decreasing degree take
 * partners from a pool of free stubs (degree-weighted), retrying on self or duplicate pairs.
 */
function wirePairs(random, degrees) {
  // pool: one entry per free stub; entries go stale (lazily dropped) when their chain's
  // `remaining` count falls below its `inPool` count, so every step is O(1) amortised.
  const pool = [];
  degrees.forEach((d, c) => {
    for (let k = 0; k < d; k++) pool.push(c);
  });
  const inPool = degrees.slice();
  const remaining = degrees.slice();
  const adjacent = degrees.map(() => new Set());
  const order = degrees.map((_, c) => c).sort((a, b) => degrees[b] - degrees[a] || a - b);
  const drop = (i) => {
    inPool[pool[i]]--;
    pool[i] = pool[pool.length - 1];
    pool.pop();
  };
  const pairs = [];
  for (const c of order) {
    while (remaining[c] > 0) {
      remaining[c]--;
      let partner = -1;
      for (let attempt = 0; attempt < 64 && pool.length > 0; ) {
        const i = random.int(pool.length);
        const d = pool[i];
        if (inPool[d] > remaining[d]) {
          drop(i); // stale
          continue;
        }
        attempt++;
        if (d === c || adjacent[c].has(d)) continue;
        partner = d;
        drop(i);
        break;
      }
      if (partner === -1) continue; // stub left unpaired: the chain ends up one counterparty short
      remaining[partner]--;
      adjacent[c].add(partner);
      adjacent[partner].add(c);
      pairs.push(c < partner ? [c, partner] : [partner, c]);
    }
  }
  return pairs;
}

function makeChannels(random, chains, pairs, pairTemplates) {
  const nextChannel = chains.map(() => 0);
  const nextClient = chains.map(() => 0);
  const channels = [];
  /** neighbours[c]: [{ chain, self: c's channel id, other: counterparty's id }] over transfer/transfer channels */
  const neighbours = chains.map(() => []);
  for (const [a, b] of pairs) {
    const template = random.pick(pairTemplates);
    template.forEach((t, k) => {
      const end = (c, portKind) => {
        const channel_id = t.v2 ? `08-wasm-${nextClient[c]++}` : `channel-${nextChannel[c]++}`;
        const port_id = portKind === "transfer" ? "transfer" : `wasm.syn1${chains[c].chain_name}ics20${k}`;
        return { chain_id: chains[c].chain_id, channel_id, port_id };
      };
      const chain_1 = end(a, t.ports[0]);
      const chain_2 = end(b, t.ports[1]);
      channels.push({ chain_1, chain_2, status: t.status, preferred: t.preferred });
      if (t.ports[0] === "transfer" && t.ports[1] === "transfer" && t.status !== "INACTIVE") {
        neighbours[a].push({ chain: b, self: chain_1.channel_id, other: chain_2.channel_id });
        neighbours[b].push({ chain: a, self: chain_2.channel_id, other: chain_1.channel_id });
      }
    });
  }
  return { channels, neighbours };
}

/**
 * A voucher of trace depth `depth` on chain `c`: a random walk of `depth` IBC hops back from c,
 * ending at a native asset (not CW20) of the last chain, whose origin c does not list yet.
 */
function randomVoucher(random, c, depth, chains, neighbours, natives, assets, listed) {
  for (let attempt = 0; attempt < 16; attempt++) {
    const segments = [];
    let at = c;
    let ok = true;
    for (let d = 0; d < depth; d++) {
      if (neighbours[at].length === 0) {
        ok = false;
        break;
      }
      const hop = random.pick(neighbours[at]);
      segments.push(`transfer/${hop.self}`);
      at = hop.chain;
    }
    if (!ok || at === c || natives[at].length === 0) continue;
    const origin = assets[random.pick(natives[at])];
    if (origin.is_cw20) continue;
    if (listed.has(`${origin.chain_id}\u0000${origin.denom}`)) continue;
    const trace = segments.join("/");
    return { denom: ibcDenom(trace, origin.denom), trace, origin_chain_id: origin.chain_id, origin_denom: origin.denom };
  }
  return null;
}

/** Each real bridge-link component, `scale` times, on fresh assets of the same kinds. */
function makeBridgeLinks(random, scale, components, chains, natives, vouchersByDepth, assets) {
  const used = new Set();
  const nativesByType = new Map();
  natives.forEach((list, c) => {
    for (const i of list) {
      const a = assets[i];
      const key = `${chains[c].chain_type}|${a.is_evm}|${a.is_cw20}`;
      (nativesByType.get(key) ?? nativesByType.set(key, []).get(key)).push(i);
    }
  });
  const pickFresh = (candidates) => {
    if (!candidates || candidates.length === 0) return -1;
    for (let attempt = 0; attempt < 32; attempt++) {
      const i = random.pick(candidates);
      if (!used.has(i)) return i;
    }
    return -1;
  };
  const links = [];
  for (let copy = 0; copy < scale; copy++) {
    for (const component of components) {
      const chosen = component.members.map((m) => {
        const i =
          m.depth === 0
            ? pickFresh(nativesByType.get(`${m.chain_type}|${m.isEvm}|${m.isCw20}`))
            : pickFresh(vouchersByDepth.get(m.depth));
        if (i !== -1) used.add(i);
        return i;
      });
      for (const e of component.edges) {
        const from = chosen[e.from];
        const to = chosen[e.to];
        if (from === -1 || to === -1 || from === to) continue;
        links.push({
          bridge: e.bridge,
          from: { chain_id: assets[from].chain_id, denom: assets[from].denom },
          to: { chain_id: assets[to].chain_id, denom: assets[to].denom },
          bidirectional: e.bidirectional,
        });
      }
    }
  }
  return links;
}

function makeSwapVenues(random, scale, venues, chains, assets) {
  if (venues.length === 0) return [];
  const byChain = new Map();
  for (const a of assets) (byChain.get(a.chain_id) ?? byChain.set(a.chain_id, []).get(a.chain_id)).push(a.denom);
  const rich = [...byChain].filter(([, denoms]) => denoms.length >= 2);
  const out = [];
  for (let copy = 0; copy < scale; copy++) {
    venues.forEach((v, k) => {
      const [chain_id, denoms] = random.pick(rich);
      const picked = new Set();
      for (let n = 0; n < Math.min(v.size, denoms.length) * 4 && picked.size < Math.min(v.size, denoms.length); n++) picked.add(random.pick(denoms));
      if (picked.size >= 2) out.push({ name: `venue-${copy}-${k}`, chain_id, denoms: [...picked] });
    });
  }
  return out;
}
