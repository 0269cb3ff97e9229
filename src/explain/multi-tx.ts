/**
 * needs_multiple_txs: where a route's funds land and a new transaction must be signed, and what
 * the first of those chains lacks (packet-forward middleware after IBC, forwarding after a bridge hop otherwise).
 */
import type { Reason } from "../wire/explain.js";
import type { Route } from "../wire/route.js";

/** The reason for a route of several transactions; `prefix` opens the message (e.g. a condition). */
export function multiTxReason(route: Route, prefix = ""): Reason {
  const starts: { chainId: string; missing: "pfm" | "forwards_after_bridge" }[] = [];
  let arrival: "start" | "ibc" | "bridge" = "start";
  for (const [i, hop] of route.hops.entries()) {
    if (i > 0 && hop.starts_tx) starts.push({ chainId: hop.from.chain_id, missing: arrival === "ibc" && hop.kind === "ibc" ? "pfm" : "forwards_after_bridge" });
    if (hop.kind !== "swap") arrival = hop.kind;
  }
  const first = starts[0];
  if (first === undefined) throw new Error(`explain: a route of ${route.txs_required} transactions starts no transaction after its first hop`);
  const lack = (missing: "pfm" | "forwards_after_bridge") => (missing === "pfm" ? "has no packet-forward middleware (PFM)" : "does not forward after a bridge hop (forwards_after_bridge)");
  const chainIds = [...new Set(starts.map((start) => start.chainId))];
  const where = starts.map((start) => `"${start.chainId}" ${lack(start.missing)}`).join(" and ");
  return {
    code: "needs_multiple_txs",
    message:
      `${prefix}the best route to "${route.to.denom}" needs ${route.txs_required} transactions: ${where}, ` +
      `so a new transaction starts ${chainIds.length === 1 ? "there" : "at each"} (set allow_multi_tx to accept it)`,
    txs_required: route.txs_required,
    chain_id: first.chainId,
    chain_ids: chainIds,
    missing: first.missing,
    route,
  };
}
