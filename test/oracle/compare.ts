/**
 * Helpers that put routeIndex and oracle answers side by side in one comparable shape.
 * RouteIndex objects come only from the public API (src/index.ts).
 */
import { expect } from "vitest";
import { buildRouter, parseRegistry, type AssetRouter, type AssetsFromSourceRequest, type Route, type WireAsset, type RegistryInput } from "../../src/index.js";
import type { SwapOptionsDraw } from "./arbitrary-routing-registry.js";
import { Oracle, type OracleRoute } from "./oracle.js";
import { viewOf } from "../support/route-index-helpers.js";

export function bothFor(input: RegistryInput): { routeIndex: AssetRouter; oracle: Oracle } {
  const registry = parseRegistry(input);
  return { routeIndex: buildRouter(registry), oracle: new Oracle(parseRegistry(structuredClone(input))) };
}

/** A route reduced to what the contract fixes: txs, bridges, and per hop kind/chains/channel/Axelar leg/tx start. */
export function engineRoute(route: Route | null) {
  if (route === null) return null;
  return {
    txs_required: route.txs_required,
    bridges: [...route.bridges],
    hops: route.hops.map((hop) => ({
      kind: hop.kind,
      from_chain: hop.from.chain_id,
      to_chain: hop.to.chain_id,
      via: hop.kind === "ibc" ? hop.channel : hop.kind === "bridge" ? hop.bridge : hop.venue,
      ...(hop.kind === "ibc" && hop.part_of !== undefined ? { part_of: hop.part_of } : {}),
      starts_tx: hop.starts_tx,
    })),
  };
}

export function oracleRoute(route: OracleRoute | null) {
  if (route === null) return null;
  const { target: _target, ...rest } = route;
  return rest;
}

/** RouteIndex answers are frozen objects with readonly arrays: copy into plain data, keeping key order. */
export const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value));

/** Every asset node of the router's graphology view, as wire asset plus its listed / metadata marks. */
export function engineAssets(routeIndex: AssetRouter) {
  const view = viewOf(routeIndex);
  return view
    .filterNodes((_, attributes) => attributes.kind === "asset")
    .map((node) => {
      const { kind: _kind, listed, has_metadata, ...wire } = view.getNodeAttributes(node);
      return { wire: wire as WireAsset, listed, has_metadata };
    });
}

const byKey = (a: { wire: WireAsset }, b: { wire: WireAsset }) =>
  `${a.wire.chain_id}|${a.wire.denom}` < `${b.wire.chain_id}|${b.wire.denom}` ? -1 : 1;

export function expectSameAssets(routeIndex: AssetRouter, oracle: Oracle): void {
  const fromEngine = engineAssets(routeIndex).sort(byKey);
  const fromOracle = oracle.assets.map((a) => ({ wire: a.answer, listed: a.listed, has_metadata: a.hasMetadata })).sort(byKey);
  expect(plain(fromEngine)).toEqual(plain(fromOracle));
}

/** Both answers with the group keys in their order, so key order is compared too. */
export const withKeyOrder = (answer: { dest_assets: Record<string, unknown> }) => ({
  keys: Object.keys(answer.dest_assets),
  ...plain(answer),
});

/** An assets_from_source request without its source asset. */
export type FromSourceFlags = Omit<AssetsFromSourceRequest, "source_asset_denom" | "source_asset_chain_id">;

export function compareFromSource(routeIndex: AssetRouter, oracle: Oracle, sourceIndex: number, flags: FromSourceFlags): void {
  const source = oracle.assets[sourceIndex]!.wire;
  const request = { source_asset_denom: source.denom, source_asset_chain_id: source.chain_id, ...flags };
  expect(withKeyOrder(routeIndex.assetsFromSource(request)), JSON.stringify(request)).toEqual(withKeyOrder(oracle.assetsFromSource(request)));
}

export function compareBetween(routeIndex: AssetRouter, oracle: Oracle, source_chain_id: string, dest_chain_id: string, flags: object): void {
  const request = { source_chain_id, dest_chain_id, ...flags };
  expect(plain(routeIndex.assetsBetweenChains(request)), JSON.stringify(request)).toEqual(plain(oracle.assetsBetweenChains(request)));
}

export function compareRoutesFrom(routeIndex: AssetRouter, oracle: Oracle, sourceIndex: number, swaps: SwapOptionsDraw = {}): void {
  const from = oracle.assets[sourceIndex]!.wire;
  oracle.assets.forEach(({ wire: to, answer }, targetIndex) => {
    if (targetIndex === sourceIndex) return;
    const route = routeIndex.route(from, to, swaps);
    const label = `route ${from.chain_id}:${from.denom} -> ${to.chain_id}:${to.denom} ${JSON.stringify(swaps)}`;
    expect(engineRoute(route), label).toEqual(oracleRoute(oracle.route(from, to, swaps)));
    if (route !== null) expect([route.to.chain_id, route.to.denom], label).toEqual([to.chain_id, answer.denom]);
  });
}
