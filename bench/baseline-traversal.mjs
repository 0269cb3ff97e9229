/**
 * Scenario 2 baseline: assets_from_source answered per request by a straightforward traversal of
 * the router's own graphology graph (`AssetRouter.graph`), as an analyst would write it with nothing
 * precomputed but the node order.
 *
 * Graph shape (src/graph/graphology-view.ts): chain nodes `chain:<id>` ({kind: "chain", ...Chain});
 * asset nodes `asset:<chain_id>:<denom>` ({kind: "asset", listed, has_metadata, ...WireAsset});
 * directed edges {kind: "ibc" | "bridge" | "on_chain", bridge, port, channel}.
 *
 * Without allow_multi_tx the search never leaves the first transaction (it prunes, as anyone would).
 * Transactions follow docs/behaviour.md §5: a 0-1 BFS over (asset, how the funds arrived) states,
 * where a hop out of an intermediate chain costs a new transaction unless the chain forwards it
 * (IBC after IBC: pfm_enabled; anything after a bridge, or a bridge after IBC: forwards_after_bridge), and
 * "Axelar delivers over IBC": on axelar-dojo-1, the IBC hop out after an AXELAR hop arrived, the
 * AXELAR hop on after one arrived, and the AXELAR hop out after an IBC hop arrived open none.
 */

const START = 0;
const IBC = 1;
const BRIDGE = 2;
/** On the Axelar hub by an AXELAR hop. */
const AXELAR_IN = 3;
const AXELAR_HUB = "axelar-dojo-1";

// The wire asset's fields in its order (src/model/canonical-assets.ts `wireAsset`): the answers are compared byte for byte.
const WIRE_FIELDS = ["denom", "chain_id", "origin_denom", "origin_chain_id", "trace", "is_cw20", "is_evm", "is_svm"];
const METADATA_FIELDS = ["symbol", "name", "logo_uri", "decimals", "token_contract", "description", "coingecko_id", "recommended_symbol"];

/** Setup once per graph: canonical position of each node (graph insertion order). */
export function createTraversalBaseline(router) {
  const position = new Map();
  let i = 0;
  router.forEachNode((key) => position.set(key, i++));

  function forwards(chainId, arrival, nextKind) {
    const chain = router.getNodeAttributes(`chain:${chainId}`);
    if (arrival === IBC && nextKind === "ibc") return chain.pfm_enabled === true;
    return chain.forwards_after_bridge === true;
  }

  /** Minimum transactions to each asset node reachable within `maxTxs` (source excluded). */
  function minTxs(sourceKey, maxTxs) {
    const best = new Map(); // state key -> txs
    const deque = [[sourceKey, START, 1]];
    let head = 0;
    const front = [];
    const result = new Map();
    while (front.length > 0 || head < deque.length) {
      const [node, arrival, txs] = front.length > 0 ? front.pop() : deque[head++];
      const stateKey = `${arrival}${node}`;
      const known = best.get(stateKey);
      if (known !== undefined && known <= txs) continue;
      best.set(stateKey, txs);
      if (node !== sourceKey && !(result.get(node) <= txs)) result.set(node, txs);
      const chainId = router.getNodeAttribute(node, "chain_id");
      const onHub = chainId === AXELAR_HUB;
      router.forEachOutEdge(node, (_edge, attributes, _from, target) => {
        const kind = attributes.kind;
        if (kind !== "ibc" && kind !== "bridge") return;
        const axelarHop = kind === "bridge" && attributes.bridge === "AXELAR";
        const next = kind === "ibc" ? IBC : axelarHop && router.getNodeAttribute(target, "chain_id") === AXELAR_HUB ? AXELAR_IN : BRIDGE;
        const inAxelar = onHub && (arrival === AXELAR_IN ? kind === "ibc" || axelarHop : arrival === IBC && axelarHop);
        const free = arrival === START || inAxelar || forwards(chainId, arrival, kind);
        if (free) front.push([target, next, txs]);
        else if (txs + 1 <= maxTxs) deque.push([target, next, txs + 1]);
      });
    }
    return result;
  }

  function wire(attributes) {
    const asset = {};
    for (const field of WIRE_FIELDS) asset[field] = attributes[field];
    for (const field of METADATA_FIELDS) if (attributes[field] !== undefined) asset[field] = attributes[field];
    return asset;
  }

  /** The answer to an assets_from_source request (filters: allow_multi_tx, include_cw20_assets, native_only). */
  return function assetsFromSource(request) {
    const sourceKey = `asset:${request.source_asset_chain_id}:${request.source_asset_denom}`;
    if (!router.hasNode(sourceKey)) throw new Error(`baseline: unknown source ${sourceKey}`);
    const reached = minTxs(sourceKey, request.allow_multi_tx ? Infinity : 1);
    const kept = [];
    for (const [node, txs] of reached) {
      if (txs > 1 && !request.allow_multi_tx) continue;
      const attributes = router.getNodeAttributes(node);
      if (attributes.is_cw20 && !request.include_cw20_assets) continue;
      if (request.native_only && attributes.trace !== "") continue;
      kept.push([attributes.chain_id, position.get(node), attributes]);
    }
    kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    const dest_assets = Object.create(null);
    for (const [chainId, , attributes] of kept) (dest_assets[chainId] ??= { assets: [] }).assets.push(wire(attributes));
    return { dest_assets };
  };
}
