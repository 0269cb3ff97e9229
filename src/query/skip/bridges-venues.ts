/**
 * GET /v2/info/bridges and GET /v2/fungible/venues in the Skip Go API's wire format: the bridge
 * types the data routes over (IBC where it has a channel, and each bridge of its bridge links),
 * named as the hosted API names them, and the registry's swap venues.
 */
import { bridgeFacts } from "../../registry/bridge-facts.js";
import type { Registry } from "../../registry/schema.js";
import { BRIDGE_TYPES, parseRequest } from "../../wire/schema.js";
import { SkipVenuesRequestSchema, type SkipBridgesResponse, type SkipVenuesRequest, type SkipVenuesResponse } from "../../wire/skip.js";

export function skipBridges(registry: Registry): SkipBridgesResponse {
  const used = new Set(registry.bridge_links.map((link) => link.bridge));
  if (registry.ibc_channels.length > 0) used.add("IBC");
  const facts = bridgeFacts();
  // In the order of the bridge type enum, as the hosted API lists them.
  const bridges = BRIDGE_TYPES.filter((type) => used.has(type)).map((id) => {
    const { name, logo_uri } = facts[id];
    return logo_uri === undefined ? { id, name } : { id, name, logo_uri };
  });
  return { bridges };
}

export function skipVenues(registry: Registry, request: SkipVenuesRequest = {}): SkipVenuesResponse {
  const { only_testnets } = parseRequest(SkipVenuesRequestSchema, request, "skipVenues");
  const testnet = new Map(registry.chains.map((chain) => [chain.chain_id, chain.is_testnet === true]));
  const venues = registry.swap_venues
    .filter((venue) => testnet.get(venue.chain_id) === only_testnets)
    .map((venue) => ({ name: venue.name, chain_id: venue.chain_id }));
  return { venues };
}
