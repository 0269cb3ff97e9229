/**
 * How the Skip Go API names each bridge type (./data/bridges.json, every fact with its source):
 * what /v2/info/bridges lists for the bridge types the data uses; and which chain is the hub of a
 * bridge that joins IBC at a Cosmos chain of its own (Axelar), which the route search reads.
 * Checked on first use, never at import; every bridge type the router knows must have an entry.
 */
import * as z from "zod/mini";
import { errorFromZod, FungibleError, safeParse } from "../errors.js";
import { BRIDGE_TYPES, type BridgeType } from "../wire/schema.js";
import { HUB_BRIDGES, type HubBridge, type Registry } from "./schema.js";
// Only the keys read, by name (no import attribute: a JSON module so imported has only its default), so a
// bundle leaves out the file's "about", its documentation (checked by test/registry/data-files.test.ts).
import { bridges as bridgesFile } from "./data/bridges.json";

const Source = z.string().check(z.minLength(10, "must name the public source of the fact"));
const BridgeFactSchema = z.strictObject({
  name: z.string().check(z.minLength(1)),
  logo_uri: z.optional(z.url()),
  source: Source,
  /** The chain ids of the bridge's hub, one per network, in the order a registry's chains are matched. */
  hubs: z.optional(z.array(z.strictObject({ chain_id: z.string().check(z.minLength(1)), source: Source })).check(z.minLength(1))),
});
export type BridgeFact = z.infer<typeof BridgeFactSchema>;

const BridgesSchema = z.strictObject(Object.fromEntries(BRIDGE_TYPES.map((type) => [type, BridgeFactSchema])) as Record<BridgeType, typeof BridgeFactSchema>);

let facts: Readonly<Record<BridgeType, BridgeFact>> | undefined;

/** Name, logo and source of every bridge type. */
export function bridgeFacts(): Readonly<Record<BridgeType, BridgeFact>> {
  if (facts === undefined) {
    const result = safeParse(BridgesSchema, bridgesFile);
    if (!result.success) throw errorFromZod("invalid_registry", "bridgeFacts: src/registry/data/bridges.json is invalid", result.error);
    const withHub = BRIDGE_TYPES.filter((type) => result.data[type].hubs !== undefined && !(HUB_BRIDGES as readonly string[]).includes(type));
    if (withHub.length > 0) throw new FungibleError("invalid_registry", `bridgeFacts: src/registry/data/bridges.json gives a hub to ${withHub.join(", ")}, which the route search has no hub rule for`);
    facts = result.data;
  }
  return facts;
}

/**
 * The hub chain id of each bridge the search gives a hub rule: the registry's own `bridge_hubs`
 * when it names any, else the first chain of the facts file's `hubs` the registry lists (so the
 * mainnet and testnet registries need say nothing). A bridge with no hub in either has none.
 */
export function bridgeHubsOf(registry: Pick<Registry, "chains" | "bridge_hubs">): Map<HubBridge, string> {
  const hubs = new Map<HubBridge, string>();
  if (registry.bridge_hubs !== undefined) {
    for (const hub of registry.bridge_hubs) hubs.set(hub.bridge, hub.chain_id);
    return hubs;
  }
  const chainIds = new Set(registry.chains.map((chain) => chain.chain_id));
  for (const bridge of HUB_BRIDGES) {
    const found = bridgeFacts()[bridge].hubs?.find((hub) => chainIds.has(hub.chain_id));
    if (found !== undefined) hubs.set(bridge, found.chain_id);
  }
  return hubs;
}
