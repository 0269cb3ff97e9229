/**
 * Consistency checks on a parsed registry, beyond what the schema can say (`fungible-graph
 * validate`, README "Command line"). Pure: returns every problem found. Fatal means the router
 * would compute wrong answers from it (a voucher whose denom is not the hash of its trace);
 * warnings mean data the router will not be able to use fully.
 */
import { ibcDenom, isValidTrace, MAX_TRACE_HOPS, parseTrace, traceHopCount } from "../denom/trace.js";
import { channelIndex, channelKey, type ChannelView } from "./channel-ends.js";
import { fatalIssue, warningIssue, type RegistryIssue } from "./issues.js";
import { assetKey, isOwnOrigin, registryArgument, type Asset, type Registry } from "./schema.js";
import { derivedSizeProblem } from "./derived-size.js";
import { unsafeTextIssues } from "./unsafe-text.js";

/** Channel end -> its counterparty end (`channelIndex`); each row it ignores is reported. */
function indexChannelEnds(registry: Registry, issues: RegistryIssue[]): ReadonlyMap<string, ChannelView> {
  const index = channelIndex(registry.ibc_channels);
  for (const [row, { end, firstRow }] of index.ignored) {
    const first = registry.ibc_channels[firstRow]!;
    const known = first.chain_1.chain_id === end.chain_id && first.chain_1.channel_id === end.channel_id && first.chain_1.port_id === end.port_id ? first.chain_2 : first.chain_1;
    issues.push(
      warningIssue(
        "channel_end_reused",
        `ibc_channels[${row}]`,
        `${end.chain_id} ${end.port_id}/${end.channel_id} is already listed by ibc_channels[${firstRow}] (to ${known.chain_id} ${known.port_id}/${known.channel_id}); this listing is ignored: no route, voucher or message uses it`,
      ),
    );
  }
  return index.viewByKey;
}

function checkVoucher(
  asset: Asset,
  where: string,
  chainIds: Set<string>,
  channelEnds: ReadonlyMap<string, ChannelView>,
  issues: RegistryIssue[],
): void {
  const name = `"${asset.denom}" on "${asset.chain_id}"`;
  if (!isValidTrace(asset.trace)) {
    issues.push(
      fatalIssue("invalid_trace", where, `${name}: trace "${asset.trace}" is not a list of port/channel pairs`),
    );
    return;
  }
  const depth = traceHopCount(asset.trace);
  if (depth > MAX_TRACE_HOPS) {
    issues.push(warningIssue("trace_too_deep", where, `${name}: its trace has ${depth} hops, more than the ${MAX_TRACE_HOPS} routes follow; no route reaches it`));
  }
  const expected = ibcDenom(asset.trace, asset.origin_denom);
  if (asset.denom !== expected) {
    issues.push(
      fatalIssue(
        "ibc_denom_mismatch",
        where,
        `${name}: declared denom is not the hash of "${asset.trace}/${asset.origin_denom}", which is ${expected}`,
      ),
    );
  }
  if (!chainIds.has(asset.origin_chain_id)) {
    issues.push(
      warningIssue(
        "unknown_origin_chain",
        where,
        `${name}: origin chain "${asset.origin_chain_id}" is not in the registry`,
      ),
    );
  }
  const hops = parseTrace(asset.trace) ?? [];
  const first = hops[0];
  if (first === undefined) return;
  // IBC v2 (Eureka) paths name a client, not a channel: ibc_channels cannot list it.
  if (!first.channel.startsWith("channel-")) return;
  const counterparty = channelEnds.get(channelKey(asset.chain_id, first.port, first.channel))?.counterparty;
  if (counterparty === undefined) {
    issues.push(
      warningIssue(
        "trace_channel_unknown",
        where,
        `${name}: its first hop ${first.port}/${first.channel} is not a channel of "${asset.chain_id}" in ibc_channels, so it cannot be sent back`,
      ),
    );
  } else if (hops.length === 1 && counterparty.chain_id !== asset.origin_chain_id) {
    issues.push(
      warningIssue(
        "trace_origin_mismatch",
        where,
        `${name}: ${first.port}/${first.channel} leads to "${counterparty.chain_id}", but the origin chain is "${asset.origin_chain_id}"`,
      ),
    );
  }
}

function checkNative(asset: Asset, where: string, issues: RegistryIssue[]): void {
  const name = `"${asset.denom}" on "${asset.chain_id}"`;
  if (asset.denom.startsWith("ibc/")) {
    issues.push(
      warningIssue(
        "ibc_denom_without_trace",
        where,
        `${name}: an IBC denom with an empty trace; its origin cannot be known`,
      ),
    );
  }
  if (!isOwnOrigin(asset)) {
    issues.push(
      warningIssue(
        "native_origin_mismatch",
        where,
        `${name}: empty trace but origin "${asset.origin_denom}" on "${asset.origin_chain_id}"; a native asset is its own origin`,
      ),
    );
  }
}

export function validateRegistry(registryArg: Registry): RegistryIssue[] {
  const registry = registryArgument(registryArg, "validateRegistry");
  const issues: RegistryIssue[] = [];
  const chainIds = new Set(registry.chains.map((chain) => chain.chain_id));
  const channelEnds = indexChannelEnds(registry, issues);

  registry.assets.forEach((asset, i) => {
    if (asset.trace === "") checkNative(asset, `assets[${i}]`, issues);
    else checkVoucher(asset, `assets[${i}]`, chainIds, channelEnds, issues);
  });

  const listed = new Set(registry.assets.map((asset) => assetKey(asset.chain_id, asset.denom)));
  registry.swap_venues.forEach((venue, i) => {
    venue.denoms.forEach((denom, j) => {
      if (!listed.has(assetKey(venue.chain_id, denom))) {
        issues.push(
          warningIssue(
            "swap_venue_denom_unlisted",
            `swap_venues[${i}].denoms[${j}]`,
            `venue "${venue.name}" trades "${denom}", which is not listed on "${venue.chain_id}"`,
          ),
        );
      }
    });
  });
  issues.push(...unsafeTextIssues(registry));
  const tooLarge = derivedSizeProblem(registry);
  if (tooLarge !== undefined) issues.push(fatalIssue("derived_too_large", "ibc_channels", tooLarge));
  return issues;
}
