/**
 * The model as a graphology graph: a node per chain (`chain:<id>`) and per asset
 * (`asset:<chain_id>:<denom>`), an `on_chain` edge from each asset to its chain, and one directed
 * edge per hop. Analysts get every graphology algorithm on the same data the queries use.
 */
import Graph from "graphology";
import { canonicalAssets, type Model } from "./model.js";
import { assetNodeKey, chainNodeKey } from "./node-keys.js";

export { assetNodeKey, chainNodeKey };

export function graphologyView(model: Model): Graph {
  const graph = new Graph({ type: "directed", multi: true, allowSelfLoops: false });
  for (const chain of model.chains) graph.addNode(chainNodeKey(chain.chain_id), { kind: "chain", ...chain });
  // The canonical assets: a decoded voucher admitted by an earlier request is no part of the graph.
  const assets = canonicalAssets(model);
  const keys = assets.map((asset) => assetNodeKey(asset.chainId, asset.denom));
  for (const asset of assets) {
    graph.addNode(keys[asset.index]!, { kind: "asset", listed: asset.listed, has_metadata: asset.hasMetadata, ...asset.wire });
    graph.addDirectedEdge(keys[asset.index]!, chainNodeKey(asset.chainId), { kind: "on_chain" });
  }
  model.hops.forEach((edges, from) => {
    for (const edge of edges) {
      graph.addDirectedEdge(keys[from]!, keys[edge.to]!, {
        kind: edge.kind,
        bridge: edge.bridge,
        port: edge.port,
        channel: edge.channel,
      });
    }
  });
  return graph;
}
