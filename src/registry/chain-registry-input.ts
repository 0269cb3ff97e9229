/**
 * The slice of the npm package `chain-registry` (camelCase, as it publishes the Cosmos chain
 * registry) that the adapter reads. Loose on purpose: the package's own types are not a dependency
 * of ours, hand-made test inputs need only these fields, and unknown fields pass through. The
 * loader checks the package against these schemas, so a change of shape in a new release fails
 * with zod's paths instead of a TypeError deep in the adapter.
 */
import * as z from "zod/mini";

const CrImageSchema = z.looseObject({ png: z.optional(z.string()), svg: z.optional(z.string()) });

const CrFeeTokenSchema = z.looseObject({
  denom: z.string(),
  lowGasPrice: z.optional(z.number()),
  averageGasPrice: z.optional(z.number()),
  highGasPrice: z.optional(z.number()),
});
export type CrFeeToken = z.infer<typeof CrFeeTokenSchema>;

const CrChainSchema = z.looseObject({
  chainName: z.string(),
  chainId: z.optional(z.string()),
  prettyName: z.optional(z.string()),
  /** "cosmos", "eip155", "solana", "unknown", ... */
  chainType: z.optional(z.string()),
  networkType: z.optional(z.string()),
  status: z.optional(z.string()),
  bech32Prefix: z.optional(z.string()),
  fees: z.optional(z.looseObject({ feeTokens: z.optional(z.array(CrFeeTokenSchema)) })),
  logoURIs: z.optional(CrImageSchema),
  images: z.optional(z.array(CrImageSchema)),
  /** Block explorers: `txPage` a URL template with `${txHash}` (chain.schema.json `explorers[].tx_page`). */
  explorers: z.optional(z.array(z.looseObject({ kind: z.optional(z.string()), txPage: z.optional(z.string()) }))),
});
export type CrChain = z.infer<typeof CrChainSchema>;

const CrCounterpartySchema = z.looseObject({
  chainName: z.string(),
  baseDenom: z.string(),
  channelId: z.optional(z.string()),
  port: z.optional(z.string()),
});
export type CrCounterparty = z.infer<typeof CrCounterpartySchema>;

const CrTraceSchema = z.looseObject({
  /** "ibc", "ibc-cw20", "ibc-bridge", "bridge", "additional-mintage", "liquid-stake", ... */
  type: z.string(),
  counterparty: CrCounterpartySchema,
  chain: z.optional(z.looseObject({ channelId: z.optional(z.string()), port: z.optional(z.string()), path: z.optional(z.string()) })),
  provider: z.optional(z.string()),
});
export type CrTrace = z.infer<typeof CrTraceSchema>;

const CrAssetSchema = z.looseObject({
  base: z.string(),
  typeAsset: z.optional(z.string()),
  symbol: z.optional(z.string()),
  name: z.optional(z.string()),
  display: z.optional(z.string()),
  description: z.optional(z.string()),
  denomUnits: z.optional(z.array(z.looseObject({ denom: z.string(), exponent: z.number(), aliases: z.optional(z.array(z.string())) }))),
  traces: z.optional(z.array(CrTraceSchema)),
  logoURIs: z.optional(CrImageSchema),
  images: z.optional(z.array(CrImageSchema)),
  coingeckoId: z.optional(z.string()),
  /** The token's contract (ERC-20, CW20, ...), where the list names one. */
  address: z.optional(z.string()),
});
export type CrAsset = z.infer<typeof CrAssetSchema>;

const CrAssetListSchema = z.looseObject({ chainName: z.string(), assets: z.array(CrAssetSchema) });
export type CrAssetList = z.infer<typeof CrAssetListSchema>;

const CrChannelEndSchema = z.looseObject({ chainName: z.string(), chainId: z.optional(z.string()) });

const CrIbcChannelSchema = z.looseObject({
  chain1: z.looseObject({ channelId: z.string(), portId: z.string() }),
  chain2: z.looseObject({ channelId: z.string(), portId: z.string() }),
  version: z.optional(z.string()),
  ordering: z.optional(z.string()),
  tags: z.optional(z.looseObject({ status: z.optional(z.string()), preferred: z.optional(z.boolean()) })),
});
export type CrIbcChannel = z.infer<typeof CrIbcChannelSchema>;

const CrIbcDataSchema = z.looseObject({
  chain1: CrChannelEndSchema,
  chain2: CrChannelEndSchema,
  channels: z.array(CrIbcChannelSchema),
});
export type CrIbcData = z.infer<typeof CrIbcDataSchema>;

/** What `fromChainRegistry` takes: the package's mainnet data plus its non-Cosmos asset lists. */
export const ChainRegistryDataSchema = z.object({
  chains: z.array(CrChainSchema),
  assetLists: z.array(CrAssetListSchema),
  ibcData: z.array(CrIbcDataSchema),
  nonCosmosAssetLists: z.optional(z.array(CrAssetListSchema)),
});
export type ChainRegistryData = z.infer<typeof ChainRegistryDataSchema>;
