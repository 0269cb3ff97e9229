/**
 * What the Cosmos-side message of a bridge leg needs beyond the registry (./data/bridge-legs.json,
 * every fact with where it was read): Circle's CCTP domains and Noble's burn token; Axelar's GMP
 * account, fee recipient, chain names and the handler contract the hosted API sends through; the
 * IBC v2 timeout bound and packet encoding of an Eureka transfer. Checked on first use.
 */
import * as z from "zod/mini";
import { errorFromZod, safeParse } from "../errors.js";
import legsFile from "./data/bridge-legs.json" with { type: "json" };

const Text = z.string().check(z.minLength(1, "must be a non-empty string"));
const Cited = z.string().check(z.minLength(10, "must name the public source of the fact"));
const SourcesSchema = z.array(z.strictObject({ where: Cited, what: Text })).check(z.minLength(1));
const EvmAddress = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x address"));

const BridgeLegsFileSchema = z.strictObject({
  about: Text,
  cctp: z.strictObject({
    sources: SourcesSchema,
    source_chains: z.array(z.strictObject({ chain_id: Text, domain: z.number().check(z.int(), z.gte(0)), burn_token: Text, source: Cited })),
    destination_domains: z.array(z.strictObject({ chain_id: Text, domain: z.number().check(z.int(), z.gte(0), z.lte(0xffffffff)), name: Text })),
    domains_source: Cited,
  }),
  axelar: z.strictObject({
    sources: SourcesSchema,
    message_type: z.number().check(z.int()),
    hubs: z.array(z.strictObject({ chain_id: Text, gmp_account: Text, fee_recipient: Text, source: Cited })),
    destinations: z.array(z.strictObject({ chain_id: Text, chain_name: Text, handler: EvmAddress, source: Cited })),
  }),
  eureka: z.strictObject({
    sources: SourcesSchema,
    encoding: Text,
    max_timeout_seconds: z.number().check(z.int(), z.gte(1)),
  }),
});
export type BridgeLegFacts = z.infer<typeof BridgeLegsFileSchema>;

let facts: BridgeLegFacts | undefined;

export function bridgeLegFacts(): BridgeLegFacts {
  if (facts === undefined) {
    const result = safeParse(BridgeLegsFileSchema, legsFile);
    if (!result.success) throw errorFromZod("invalid_registry", "bridgeLegFacts: src/registry/data/bridge-legs.json is invalid", result.error);
    facts = result.data;
  }
  return facts;
}

/** "where" of a leg's first source: how a refusal or a note cites it. */
export function citeLeg(sources: BridgeLegFacts["cctp"]["sources"]): string {
  return sources[0]!.where;
}
