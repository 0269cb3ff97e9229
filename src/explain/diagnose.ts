/**
 * Why nothing on the destination is reached: the best route in the diagnostic model (every
 * channel counted, see ./diagnostic-graph.ts). If it exists, each hop the router does not have is
 * a channel the registry marks INACTIVE or UNKNOWN (or a bridge link or hop the state snapshot or a
 * chain's rule takes out), and each is named; that route is then checked
 * for forwarding too (would it still need several transactions?). If not, the chains are either
 * not connected at all or connected without a version of this asset.
 */
import type { AssetRecord } from "../model/model.js";
import { requestedAsset } from "../model/requested-asset.js";
import { BridgeSets } from "../query/bridge-sets.js";
import { routeEdges, searchBestRoutes, sourceLabel } from "../query/best-routes.js";
import type { ExplainOptions, Reason } from "../wire/explain.js";
import { routeOfLabel } from "../query/route.js";
import { chainGraph, diagnosticModel, nearestChainPath, type ChannelStatus } from "./diagnostic-graph.js";
import type { ExplainInput } from "./input.js";
import { multiTxReason } from "./multi-tx.js";
import { channelKey, indexChannelsByEnd } from "../registry/channel-ends.js";
import { deadBridgeLinks, refusalReason, stateReason, stateVerdictsByEnd, type DeadBridgeLink } from "./state-reasons.js";
import type { RouteLabel } from "../query/best-routes.js";
import type { Model } from "../model/model.js";
import type { StateVerdict } from "../state/apply.js";
import { citeRule, type TransferRule } from "../registry/transfer-rules.js";
import type { Route } from "../wire/route.js";

/** The first (best) label of the diagnostic search on each chain, by chain index: what `find` on one chain gives. */
function firstOnChain(model: Model, labels: readonly RouteLabel[], cache: DiagnosisCache): Map<number, RouteLabel> {
  if (cache.firstOnChain !== undefined) return cache.firstOnChain;
  const first = new Map<number, RouteLabel>();
  for (const label of labels) {
    const chain = model.asset(label.asset).chainIndex;
    if (!first.has(chain)) first.set(chain, label);
  }
  return (cache.firstOnChain = first);
}

/**
 * What several diagnoses of one source share (`destinations` diagnoses every unreached chain):
 * the one search in the diagnostic model, its first label per chain, and the state verdicts.
 */
export interface DiagnosisCache {
  labels?: readonly RouteLabel[];
  firstOnChain?: Map<number, RouteLabel>;
  bridgeSets?: BridgeSets;
  verdicts?: Map<string, StateVerdict>;
  ends?: ReturnType<typeof indexChannelsByEnd>;
  deadLinks?: readonly DeadBridgeLink[];
}

export function diagnoseUnreached(
  input: ExplainInput,
  source: AssetRecord,
  destChainId: string,
  destDenom: string | null,
  options: ExplainOptions,
  cache: DiagnosisCache = {},
): Reason[] {
  const what = destDenom === null ? `"${destChainId}"` : `"${destDenom}" on "${destChainId}"`;
  const deadLinks = (cache.deadLinks ??= deadBridgeLinks(input.notes));
  const diagnostic = diagnosticModel(input.routeIndex, input.registry, deadLinks);
  const { model } = diagnostic;
  const bridgeSets = (cache.bridgeSets ??= new BridgeSets());
  const target = destDenom === null ? undefined : model.assetIndexOf(destChainId, destDenom);
  // A decoded voucher the router admitted as the source has its own index in the diagnostic model.
  const start = source.index < input.routeIndex.model.canonicalCount ? source.index : model.admitIbcDenom(source.chainId, source.denom)!;
  const labels = (cache.labels ??= searchBestRoutes(model, sourceLabel(start), bridgeSets, null, undefined, input.limit));
  const label = target === undefined ? firstOnChain(model, labels, cache).get(model.chainIndexById.get(destChainId) ?? -1) : labels.find((candidate) => candidate.asset === target);
  if (label !== undefined && (destDenom === null || target !== undefined)) {
    const steps = routeEdges(label);
    const route = routeOfLabel(model, bridgeSets, label);
    const chains = [route.from.chain_id, ...route.hops.map((hop) => hop.to.chain_id)];
    const reasons: Reason[] = [];
    const verdictOf = (cache.verdicts ??= stateVerdictsByEnd(input));
    steps.forEach((step, i) => {
      const missing = diagnostic.added.get(step.edge!);
      const hop = route.hops[i]!;
      if (typeof missing === "object" && "verdict" in missing) {
        const { verdict } = missing;
        const crossing = `the nearest path to ${what} (${chains.join(" -> ")}) takes the ${missing.link.bridge} bridge from "${hop.from.chain_id}" to "${hop.to.chain_id}" over IBC v2 client ${verdict.channel_id} of "${verdict.chain_id}"`;
        reasons.push(stateReason(verdict, crossing, chains, route));
        return;
      }
      if (typeof missing === "object" && "code" in missing) {
        if (hop.kind !== "swap") reasons.push(refusalReason(missing, hop, hop.kind === "ibc" ? receivingEnd(input, cache, hop) : "", `the nearest path to ${what} (${chains.join(" -> ")})`, chains, route));
        return;
      }
      if (typeof missing === "object") {
        reasons.push(ruleReason(missing, hop, `the nearest path to ${what} (${chains.join(" -> ")})`, chains, route));
        return;
      }
      const status = missing;
      // An added hop over an ACTIVE channel only follows a broken one (it leaves a voucher the router lacks).
      if (status === undefined || status === "ACTIVE" || hop.kind !== "ibc") return;
      const verdict = verdictOf.get(channelKey(hop.from.chain_id, hop.port, hop.channel));
      if (verdict !== undefined) {
        reasons.push(stateReason(verdict, `the nearest path to ${what} (${chains.join(" -> ")}) crosses channel ${hop.port}/${hop.channel} from "${hop.from.chain_id}" to "${hop.to.chain_id}"`, chains, route));
        return;
      }
      const broken: Exclude<ChannelStatus, "ACTIVE"> = status;
      const why =
        broken === "INACTIVE"
          ? "which the registry marks INACTIVE, so the router takes no hop over it"
          : "whose status the registry gives as UNKNOWN, and the router derives vouchers only over channels known to be ACTIVE";
      reasons.push({
        code: "inactive_channel",
        message: `the nearest path to ${what} (${chains.join(" -> ")}) crosses channel ${hop.port}/${hop.channel} from "${hop.from.chain_id}" to "${hop.to.chain_id}", ${why}`,
        chain_id: hop.from.chain_id,
        port: hop.port,
        channel: hop.channel,
        counterparty_chain_id: hop.to.chain_id,
        status: broken,
        path: chains,
        route,
      });
    });
    if (reasons.length > 0) {
      if (route.txs_required > 1 && !options.allow_multi_tx) {
        const oneWay = (code: string) => code === "transfers_disabled" || code === "rate_limited";
        const channels = reasons.flatMap((reason) => ("port" in reason && !oneWay(reason.code) ? [`${reason.port}/${reason.channel}`] : []));
        const rules = reasons.flatMap((reason) => (reason.code === "chain_refuses_token" ? [`the rule of "${reason.chain_id}"`] : oneWay(reason.code) ? [`the ${reason.code} of "${(reason as { chain_id: string }).chain_id}"`] : []));
        const lifted = [...(channels.length > 0 ? [`${channels.join(", ")} active`] : []), ...(rules.length > 0 ? [`${rules.join(", ")} lifted`] : [])];
        reasons.push(multiTxReason(route, `even with ${lifted.join(" and ")}, `));
      }
      return reasons;
    }
  }
  const chainPath = nearestChainPath(chainGraph(input.routeIndex, input.registry, deadLinks), source.chainId, destChainId);
  const destIndex = destDenom === null ? undefined : requestedAsset(input.routeIndex.model, destChainId, destDenom);
  const dest = destIndex === undefined ? undefined : input.routeIndex.model.asset(destIndex);
  if (chainPath !== null && dest !== undefined && (dest.originChainId !== source.originChainId || dest.originDenom !== source.originDenom)) {
    return [
      {
        code: "no_path",
        message:
          `"${destDenom}" on "${destChainId}" is another asset (origin "${dest.originDenom}" on "${dest.originChainId}") and no bridge link leads to it: ` +
          "IBC transfers keep an asset's origin; only bridges and swaps (include_swaps) change it",
        chain_path: chainPath,
      },
    ];
  }
  const message =
    chainPath === null
      ? `no channel or bridge connects "${source.chainId}" to "${destChainId}", even counting INACTIVE and UNKNOWN channels`
      : `"${source.chainId}" and "${destChainId}" are connected (${chainPath.join(" -> ")}), but no hop moves "${source.wire.symbol ?? source.denom}" to ${what}: ` +
        (destIndex !== undefined && destIndex >= input.routeIndex.model.canonicalCount
          ? `${what} is a multi-hop voucher the registry does not list: decoded, it is a source whose routes unwind it, but no route arrives at it`
          : "only single-hop vouchers of native assets are derived, and multi-hop vouchers exist only where the registry lists them");
  return [{ code: "no_path", message, chain_path: chainPath }];
}

/** The receiving chain's end of an IBC hop's channel (the hop names the sending end). */
function receivingEnd(input: ExplainInput, cache: DiagnosisCache, hop: Extract<Route["hops"][number], { kind: "ibc" }>): string {
  return (cache.ends ??= indexChannelsByEnd(input.registry.ibc_channels)).get(channelKey(hop.from.chain_id, hop.port, hop.channel))?.counterparty.channel_id ?? "";
}

/** A hop of the nearest path that a chain's transfer rule refuses, named with the rule and its sources. */
function ruleReason(rule: TransferRule, hop: Route["hops"][number], nearest: string, chains: string[], route: Route): Reason {
  const token = hop.from.symbol ?? hop.from.origin_denom;
  const [chainId, what] =
    rule.kind === "ibc_v2_base_denom"
      ? [hop.from.chain_id, `takes a ${hop.kind === "bridge" ? hop.bridge : "IBC v2"} hop from "${hop.from.chain_id}" to "${hop.to.chain_id}", which refuses base denom "${hop.from.origin_denom}" (it contains "${rule.refused_character}")`]
      : [hop.to.chain_id, `sends ${token} to "${hop.to.chain_id}", which accepts only its own tokens coming home`];
  return {
    code: "chain_refuses_token",
    message: `${nearest} ${what} (${citeRule(rule)})`,
    chain_id: chainId,
    rule: rule.kind as "inbound_returning_only" | "ibc_v2_base_denom",
    summary: rule.summary,
    sources: rule.sources,
    path: chains,
    route,
  };
}
