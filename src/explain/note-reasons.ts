/**
 * Registry notes that bear on an unreached destination: a bridge the registry names for this
 * asset or into this chain that the router does not route, and origins the import could not
 * resolve (the asset is kept under the farthest chain back that has an id, so routes to its true
 * origin are unknown).
 */
import type { AssetRecord } from "../model/model.js";
import type { Reason, RegistryNote } from "../wire/explain.js";
import type { ExplainInput } from "./input.js";

export function noteReasons(input: ExplainInput, source: AssetRecord, destChainId: string, destDenom: string | null): Reason[] {
  const reasons: Reason[] = [];
  const isSource = (chainId?: string, denom?: string) =>
    (chainId === source.chainId && denom === source.denom) || (chainId === source.originChainId && denom === source.originDenom);
  for (const note of input.notes) {
    if (note.code === "unrouted_bridge" && relevantBridge(note, source, destChainId, destDenom, isSource)) {
      reasons.push({
        code: "bridge_not_routed",
        message:
          `the registry says "${note.provider}" moves "${note.counterparty_denom ?? "?"}" from "${note.counterparty_chain_id ?? "?"}" to ` +
          `"${note.denom}" on "${note.chain_id}", but "${note.provider}" is not a bridge the router routes`,
        provider: note.provider ?? "unknown",
        ...(note.chain_id === undefined ? {} : { chain_id: note.chain_id }),
        ...(note.denom === undefined ? {} : { denom: note.denom }),
      });
    } else if (note.code === "bridge_channel_not_routed" && note.chain_id === destChainId && note.counterparty_chain_id === source.chainId) {
      reasons.push({
        code: "bridge_not_routed",
        message: `the IBC channels between "${source.chainId}" and "${destChainId}" run over a bridge light client the router does not route`,
        provider: "ibc-light-client",
        chain_id: destChainId,
      });
    } else if (
      note.code === "unresolved_origin" &&
      (isSource(note.chain_id, note.denom) || (note.chain_id === destChainId && note.denom === destDenom))
    ) {
      reasons.push({
        code: "origin_unresolved",
        message: `the registry could not resolve the origin of "${note.denom}" on "${note.chain_id}": it is kept under the farthest chain back with a known id, so routes to its true origin are unknown`,
        chain_id: note.chain_id ?? "",
        denom: note.denom ?? "",
      });
    }
  }
  return reasons;
}

/** A bridge note matters when it moved the source (or its origin) onto the destination chain, or moved the source itself. */
function relevantBridge(
  note: RegistryNote,
  source: AssetRecord,
  destChainId: string,
  destDenom: string | null,
  isSource: (chainId?: string, denom?: string) => boolean,
): boolean {
  const intoDest = note.chain_id === destChainId && (destDenom === null || note.denom === destDenom);
  if (intoDest && isSource(note.counterparty_chain_id, note.counterparty_denom)) return true;
  return note.chain_id === source.chainId && note.denom === source.denom && note.counterparty_chain_id === destChainId;
}
