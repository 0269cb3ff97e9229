/**
 * Which IBC v2 client each Eureka bridge link of a registry sends over: the first hop of the
 * Cosmos side's voucher trace, `transfer/<client id>` (chain-registry's cosmoshub assetlist writes
 * Eureka tokens so: traces of type `ibc-bridge`, provider Eureka, path
 * `transfer/08-wasm-1369/<contract>`; ibc-go v10 sends an ICS-20 `MsgTransfer` whose source channel
 * is a client id as an IBC v2 packet over that client). A link none of whose sides names such a hop
 * has no client known: no fact of the snapshot applies to it. Read by the refresh (which clients to
 * read on which chain) and by `applyState` (which links a dead client takes out).
 */
import { ibcV2ClientOf } from "../denom/trace.js";
import { assetKey, type AssetRef, type BridgeLink, type Registry } from "../registry/schema.js";

export interface EurekaLink {
  /** The link's row in `registry.bridge_links`. */
  row: number;
  link: BridgeLink;
  /** The Cosmos side: its chain, whose IBC v2 client carries the link, and the voucher there. */
  chain_id: string;
  client_id: string;
  denom: string;
  /** The other side (the token's home, such as Ethereum). */
  counterparty: AssetRef;
}

/** The registry's Eureka links whose client is known, in row order. */
export function eurekaLinks(registry: Pick<Registry, "assets" | "bridge_links">): EurekaLink[] {
  const links: EurekaLink[] = [];
  let traces: Map<string, string> | undefined;
  registry.bridge_links.forEach((link, row) => {
    if (link.bridge !== "EUREKA") return;
    traces ??= new Map(registry.assets.map((asset) => [assetKey(asset.chain_id, asset.denom), asset.trace]));
    for (const [side, other] of [[link.to, link.from], [link.from, link.to]] as const) {
      const clientId = ibcV2ClientOf(traces.get(assetKey(side.chain_id, side.denom)) ?? "");
      if (clientId === undefined) continue;
      links.push({ row, link, chain_id: side.chain_id, client_id: clientId, denom: side.denom, counterparty: other });
      return;
    }
  });
  return links;
}

/** The client ids the Eureka links name on each chain, sorted, each once. */
export function eurekaClientsByChain(links: readonly EurekaLink[]): Map<string, string[]> {
  const byChain = new Map<string, Set<string>>();
  for (const link of links) {
    let ids = byChain.get(link.chain_id);
    if (ids === undefined) byChain.set(link.chain_id, (ids = new Set()));
    ids.add(link.client_id);
  }
  return new Map([...byChain].map(([chainId, ids]) => [chainId, [...ids].sort()]));
}
