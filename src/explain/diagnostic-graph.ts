/**
 * The graph "with every channel active or not", for diagnosis only: the model rebuilt with each
 * INACTIVE channel counted as ACTIVE (so its hops and derived vouchers exist), as a graphology
 * view whose hops over such a channel carry `inactive: true`. A shortest path in it that the real
 * engine cannot take must cross one of those hops: that is the hop to name. Also a chain-level
 * graph (any channel, any bridge link) to tell "not connected at all" from "no version listed".
 * Built on first use and kept per engine: explaining is rare, building costs one model build.
 */
import Graph from "graphology";
import { bidirectional } from "graphology-shortest-path/unweighted.js";
import { buildModel } from "../model/build-model.js";
import { assetNodeKey, chainNodeKey, graphologyView } from "../model/graphology-view.js";
import type { Engine } from "../query/engine.js";
import { channelKey, indexChannelsByEnd } from "../registry/channel-ends.js";
import type { Registry } from "../registry/schema.js";

export interface DiagnosticGraphs {
  /** Asset-level hops with INACTIVE channels counted; edge attributes as `graphologyView`, plus `inactive`. */
  assets: Graph;
  /** Undirected chain graph: an edge per channel (any status) or bridge link. */
  chains: Graph;
}

/** One hop of the nearest path, with the sending and receiving chains. */
export interface PathHop {
  fromChainId: string;
  toChainId: string;
  kind: string;
  port: string | null;
  channel: string | null;
  inactive: boolean;
}

const cache = new WeakMap<Engine, DiagnosticGraphs>();

export function diagnosticGraphs(engine: Engine, registry: Registry): DiagnosticGraphs {
  let graphs = cache.get(engine);
  if (graphs === undefined) {
    graphs = { assets: assetGraph(registry), chains: chainGraph(registry) };
    cache.set(engine, graphs);
  }
  return graphs;
}

function assetGraph(registry: Registry): Graph {
  const inactiveEnds = new Set<string>();
  for (const [key, view] of indexChannelsByEnd(registry.ibc_channels)) if (view.status === "INACTIVE") inactiveEnds.add(key);
  const allActive: Registry = {
    ...registry,
    ibc_channels: registry.ibc_channels.map((channel) => (channel.status === "INACTIVE" ? { ...channel, status: "ACTIVE" } : channel)),
  };
  const graph = graphologyView(buildModel(allActive));
  graph.forEachEdge((edge, attributes, source) => {
    if (attributes.kind !== "ibc") return;
    const chainId = graph.getNodeAttribute(source, "chain_id") as string;
    graph.setEdgeAttribute(edge, "inactive", inactiveEnds.has(channelKey(chainId, attributes.port, attributes.channel)));
  });
  return graph;
}

function chainGraph(registry: Registry): Graph {
  const graph = new Graph({ type: "undirected", multi: true, allowSelfLoops: false });
  // Prefixed keys: graphology-shortest-path keeps nodes in plain objects, where "__proto__" is no ordinary key.
  for (const chain of registry.chains) graph.addNode(chainNodeKey(chain.chain_id), { chain_id: chain.chain_id });
  const link = (a: string, b: string, kind: string) => {
    const [x, y] = [chainNodeKey(a), chainNodeKey(b)];
    if (a !== b && graph.hasNode(x) && graph.hasNode(y)) graph.addUndirectedEdge(x, y, { kind });
  };
  for (const channel of registry.ibc_channels) link(channel.chain_1.chain_id, channel.chain_2.chain_id, "ibc");
  for (const bridge of registry.bridge_links) link(bridge.from.chain_id, bridge.to.chain_id, bridge.bridge);
  return graph;
}

/**
 * The nearest hop path from an asset to a chain (any of its assets) or to one asset of it, in
 * the diagnostic graph; `null` when even counting INACTIVE channels there is none.
 */
export function nearestAssetPath(graphs: DiagnosticGraphs, from: { chainId: string; denom: string }, to: { chainId: string; denom: string | null }): PathHop[] | null {
  const graph = graphs.assets;
  const source = assetNodeKey(from.chainId, from.denom);
  const target = to.denom === null ? chainNodeKey(to.chainId) : assetNodeKey(to.chainId, to.denom);
  if (!graph.hasNode(source) || !graph.hasNode(target)) return null;
  const nodes = bidirectional(graph, source, target);
  if (nodes === null) return null;
  const hops: PathHop[] = [];
  for (let i = 0; i + 1 < nodes.length; i++) {
    const edges = graph.outEdges(nodes[i]!, nodes[i + 1]!).map((edge) => graph.getEdgeAttributes(edge));
    // Between two assets an active hop wins over an inactive one; the final `on_chain` edge is no hop.
    const hop = edges.find((edge) => edge.kind !== "on_chain" && edge.inactive !== true) ?? edges.find((edge) => edge.kind !== "on_chain");
    if (hop === undefined) continue;
    hops.push({
      fromChainId: graph.getNodeAttribute(nodes[i]!, "chain_id") as string,
      toChainId: graph.getNodeAttribute(nodes[i + 1]!, "chain_id") as string,
      kind: String(hop.kind),
      port: (hop.port as string | null) ?? null,
      channel: (hop.channel as string | null) ?? null,
      inactive: hop.inactive === true,
    });
  }
  return hops;
}

/** The nearest chain path over any channel or bridge link, or `null` when the chains are not connected. */
export function nearestChainPath(graphs: DiagnosticGraphs, from: string, to: string): string[] | null {
  const [source, target] = [chainNodeKey(from), chainNodeKey(to)];
  if (!graphs.chains.hasNode(source) || !graphs.chains.hasNode(target)) return null;
  const nodes = bidirectional(graphs.chains, source, target);
  return nodes === null ? null : nodes.map((node) => graphs.chains.getNodeAttribute(node, "chain_id") as string);
}
