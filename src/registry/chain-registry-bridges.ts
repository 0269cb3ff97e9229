/**
 * Bridge links from the last trace of each kept asset (docs/behaviour.md §1, "Bridges and origin"): Axelar `bridge` ->
 * AXELAR, Eureka `ibc-bridge` -> EUREKA, Circle `additional-mintage` -> member of the CCTP family
 * of its counterparty (any two members are one CCTP hop apart). Other providers are not routed;
 * one issue per provider says where they occur.
 */
import { compareStrings } from "../compare.js";
import type { CrCounterparty } from "./chain-registry-input.js";
import type { AssetTable, ConvertedAsset } from "./chain-registry-assets.js";
import type { ChainTable } from "./chain-registry-chains.js";
import { warningIssue, type RegistryIssue } from "./issues.js";
import type { BridgeType } from "../wire/schema.js";
import { assetKey, denomKey, type AssetRef, type BridgeLink } from "./schema.js";

/** Trace types that move an asset across chains outside plain IBC. */
const CROSS_CHAIN_TRACE_TYPES = new Set(["bridge", "ibc-bridge", "additional-mintage"]);

/** `type provider` of the last trace -> the routed bridge it stands for. */
const ROUTED: ReadonlyMap<string, BridgeType> = new Map([
  ["bridge Axelar", "AXELAR"],
  ["ibc-bridge Eureka", "EUREKA"],
  ["additional-mintage Circle", "CCTP"],
]);

/** The asset on the other side of an asset's last cross-chain trace, when its chain has an id. */
function counterpartyRef(asset: ConvertedAsset, table: ChainTable): AssetRef | undefined {
  const counterparty = asset.source.traces?.at(-1)?.counterparty;
  const chainId = counterparty === undefined ? undefined : table.idByName.get(counterparty.chainName);
  return chainId === undefined || counterparty === undefined ? undefined : { chain_id: chainId, denom: counterparty.baseDenom };
}

function refOf(asset: ConvertedAsset): AssetRef {
  return { chain_id: asset.input.chain_id, denom: asset.input.denom };
}

interface CctpFamily {
  counterparty: CrCounterparty;
  members: ConvertedAsset[];
}

export function convertBridgeLinks(assets: AssetTable, table: ChainTable, issues: RegistryIssue[]): BridgeLink[] {
  const links: BridgeLink[] = [];
  const families = new Map<string, CctpFamily>();
  const unrouted = new Map<string, ConvertedAsset[]>();

  const counterpartyOf = (asset: ConvertedAsset, counterparty: CrCounterparty, bridge: BridgeType) => {
    const chainId = table.idByName.get(counterparty.chainName);
    const found = chainId === undefined ? undefined : assets.byKey.get(assetKey(chainId, counterparty.baseDenom));
    if (found === undefined) {
      issues.push(
        warningIssue(
          "bridge_counterparty_missing",
          asset.where,
          `${bridge} counterparty "${counterparty.baseDenom}" on "${counterparty.chainName}" is not in the registry; no ${bridge} link`,
        ),
      );
    }
    return found;
  };

  for (const asset of assets.assets) {
    const last = asset.source.traces?.at(-1);
    if (last === undefined || !CROSS_CHAIN_TRACE_TYPES.has(last.type)) continue;
    const bridge = ROUTED.get(`${last.type} ${last.provider ?? ""}`);
    if (bridge === undefined) {
      const provider = last.provider ?? "(no provider)";
      unrouted.set(provider, [...(unrouted.get(provider) ?? []), asset]);
      continue;
    }
    if (bridge === "CCTP") {
      const key = `${last.counterparty.chainName}\u0000${denomKey(last.counterparty.baseDenom)}`;
      const family = families.get(key) ?? { counterparty: last.counterparty, members: [] };
      family.members.push(asset);
      families.set(key, family);
      continue;
    }
    const from = counterpartyOf(asset, last.counterparty, bridge);
    if (from !== undefined) links.push({ bridge, from: refOf(from), to: refOf(asset), bidirectional: true });
  }

  for (const family of families.values()) {
    const head = counterpartyOf(family.members[0]!, family.counterparty, "CCTP");
    const members = head === undefined ? family.members : [head, ...family.members.filter((m) => m !== head)];
    for (let i = 0; i < members.length; i++) {
      for (let j = i + 1; j < members.length; j++) {
        links.push({ bridge: "CCTP", from: refOf(members[i]!), to: refOf(members[j]!), bidirectional: true });
      }
    }
  }

  for (const [provider, moved] of [...unrouted].sort(([a], [b]) => compareStrings(a, b))) {
    issues.push(
      warningIssue(
        "unrouted_bridge",
        `bridge provider ${provider}`,
        `provider "${provider}" is not a routed bridge; ${moved.length} asset(s) it moved are kept without a bridge link: ${moved.map((asset) => asset.where).join("; ")}`,
        { provider, assets: moved.map((asset) => ({ ...refOf(asset), counterparty: counterpartyRef(asset, table) })) },
      ),
    );
  }
  return links;
}
