/**
 * Snapshots for fast replica start-up: the registry, the derived vouchers (whose SHA-256 denoms
 * are costly to compute) and the precomputed route tables, as JSON text. Restoring skips loading
 * the chain registry package, hashing and every route search; it rebuilds only the asset model.
 */
import { z } from "zod";
import { errorFromZod, FungibleError } from "../errors.js";
import { BridgeSets } from "../query/bridge-sets.js";
import type { Engine } from "../query/engine.js";
import { singleTransactionSubset, type ReachableSet, type ReachableView } from "../query/reachable-set.js";
import { buildModel } from "../model/build-model.js";
import { derivedVouchersOf } from "../model/canonical-assets.js";
import { parseRegistry } from "../registry/schema.js";
import { BridgeTypeSchema } from "../wire/schema.js";
import type { AssetGraph } from "./asset-graph.js";
import { engineOfGraph, graphOfEngine } from "./build-asset-graph.js";

const SNAPSHOT_FORMAT = "fungible-graph-snapshot/2";
/** Numbers per asset in `views`: set, exclude, via asset, via txs, via hops, via bridges. */
const VIEW_WIDTH = 6;

// Hundreds of thousands of numbers: one plain loop, not a schema per element (ranges are checked on restore).
const Ints = z.custom<number[]>((value) => Array.isArray(value) && value.every(Number.isInteger), "expected an array of integers");
const SnapshotSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  registry: z.unknown(),
  derived: z.array(z.tuple([z.string(), z.string(), z.string(), z.string(), z.string()])),
  bridges: z.array(z.array(BridgeTypeSchema)),
  sets: z.array(z.object({ targets: Ints, txs: Ints, hops: Ints, rank: Ints, bridges: Ints })),
  views: Ints,
});
type Snapshot = z.infer<typeof SnapshotSchema>;

export function snapshotAssetGraph(graph: AssetGraph): string {
  const engine = engineOfGraph(graph);
  const setIndex = new Map<ReachableSet, number>();
  const sets: Snapshot["sets"] = [];
  const views: number[] = [];
  for (const view of engine.reachable) {
    let index = setIndex.get(view.set);
    if (index === undefined) {
      index = sets.length;
      setIndex.set(view.set, index);
      const { targets, txs, hops, rank, bridges } = view.set;
      sets.push({ targets: [...targets], txs: [...txs], hops: [...hops], rank: [...rank], bridges: [...bridges] });
    }
    const via = view.via;
    views.push(index, view.exclude, via?.asset ?? -1, via?.txs ?? 0, via?.hops ?? 0, via?.bridges ?? 0);
  }
  const snapshot: Snapshot = {
    format: SNAPSHOT_FORMAT,
    registry: graph.registry,
    derived: derivedVouchersOf(engine.model.assets),
    bridges: engine.bridgeSets.all().map((list) => [...list]),
    sets,
    views,
  };
  return JSON.stringify(snapshot);
}

/** Throws `FungibleError("invalid_registry")` for text that is not a consistent snapshot of this format. */
export function restoreAssetGraph(text: string): AssetGraph {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw invalid(`the snapshot is not JSON (${(error as Error).message})`);
  }
  const result = SnapshotSchema.safeParse(json);
  if (!result.success) throw errorFromZod("invalid_registry", `restoreAssetGraph: not a ${SNAPSHOT_FORMAT} snapshot`, result.error);
  const snapshot = result.data;
  const registry = parseRegistry(snapshot.registry);
  const model = buildModel(registry, snapshot.derived);
  let bridgeSets: BridgeSets;
  try {
    bridgeSets = BridgeSets.fromLists(snapshot.bridges);
  } catch (error) {
    throw invalid((error as Error).message);
  }
  const assetCount = model.assets.length;
  const chainOf = (asset: number) => model.assets[asset]!.chainIndex;
  const sets = snapshot.sets.map((set, i) => restoreSet(set, i, chainOf, assetCount, bridgeSets.size));
  if (snapshot.views.length !== assetCount * VIEW_WIDTH) {
    throw invalid(`views describe ${snapshot.views.length / VIEW_WIDTH} assets, the registry has ${assetCount}`);
  }
  const reachable: ReachableView[] = [];
  for (let asset = 0; asset < assetCount; asset++) {
    const [set, exclude, viaAsset, viaTxs, viaHops, viaBridges] = snapshot.views.slice(asset * VIEW_WIDTH, (asset + 1) * VIEW_WIDTH) as [
      number, number, number, number, number, number,
    ];
    const shared = sets[set];
    const inRange = (n: number) => n >= -1 && n < assetCount;
    if (shared === undefined || !inRange(exclude) || !inRange(viaAsset) || viaBridges < 0 || viaBridges >= bridgeSets.size) {
      throw invalid(`views of asset ${asset} point outside the snapshot`);
    }
    const via = viaAsset === -1 ? null : { asset: viaAsset, txs: viaTxs, hops: viaHops, bridges: viaBridges };
    reachable.push({ ...shared, exclude, via });
  }
  const engine: Engine = { model, bridgeSets, reachable };
  return graphOfEngine(registry, engine, { source: "registry" });
}

function restoreSet(
  set: Snapshot["sets"][number],
  index: number,
  chainOf: (asset: number) => number,
  assetCount: number,
  bridgeCount: number,
) {
  const n = set.targets.length;
  const lengthsAgree = [set.txs, set.hops, set.rank, set.bridges].every((column) => column.length === n);
  const targetsValid = set.targets.every((t) => t >= 0 && t < assetCount);
  const bridgesValid = set.bridges.every((b) => b >= 0 && b < bridgeCount);
  if (!lengthsAgree || !targetsValid || !bridgesValid) throw invalid(`route table ${index} is inconsistent`);
  const full: ReachableSet = {
    targets: Int32Array.from(set.targets),
    chains: Int32Array.from(set.targets, chainOf),
    txs: Uint16Array.from(set.txs),
    hops: Uint16Array.from(set.hops),
    rank: Int32Array.from(set.rank),
    bridges: Uint16Array.from(set.bridges),
  };
  return { set: full, singleTx: singleTransactionSubset(full) };
}

function invalid(why: string): FungibleError {
  return new FungibleError("invalid_registry", `restoreAssetGraph: ${why}`);
}
