/**
 * The slice of the npm package `chain-registry` (camelCase, as it publishes the Cosmos chain
 * registry) that the adapter reads. Loose on purpose: the package's own types are not a dependency
 * of ours, hand-made test inputs need only these fields, and unknown fields pass through. The
 * loader checks the package against these schemas, so a change of shape in a new release fails
 * with zod's paths instead of a TypeError deep in the adapter.
 */
import * as z from "zod";

const CrImageSchema = z.looseObject({ png: z.string().optional(), svg: z.string().optional() });

const CrFeeTokenSchema = z.looseObject({
  denom: z.string(),
  lowGasPrice: z.number().optional(),
  averageGasPrice: z.number().optional(),
  highGasPrice: z.number().optional(),
});
export type CrFeeToken = z.infer<typeof CrFeeTokenSchema>;

const CrChainSchema = z.looseObject({
  chainName: z.string(),
  chainId: z.string().optional(),
  prettyName: z.string().optional(),
  /** "cosmos", "eip155", "solana", "unknown", ... */
  chainType: z.string().optional(),
  networkType: z.string().optional(),
  status: z.string().optional(),
  bech32Prefix: z.string().optional(),
  fees: z.looseObject({ feeTokens: z.array(CrFeeTokenSchema).optional() }).optional(),
  logoURIs: CrImageSchema.optional(),
  images: z.array(CrImageSchema).optional(),
});
export type CrChain = z.infer<typeof CrChainSchema>;

const CrCounterpartySchema = z.looseObject({
  chainName: z.string(),
  baseDenom: z.string(),
  channelId: z.string().optional(),
  port: z.string().optional(),
});
export type CrCounterparty = z.infer<typeof CrCounterpartySchema>;

const CrTraceSchema = z.looseObject({
  /** "ibc", "ibc-cw20", "ibc-bridge", "bridge", "additional-mintage", "liquid-stake", ... */
  type: z.string(),
  counterparty: CrCounterpartySchema,
  chain: z
    .looseObject({ channelId: z.string().optional(), port: z.string().optional(), path: z.string().optional() })
    .optional(),
  provider: z.string().optional(),
});
export type CrTrace = z.infer<typeof CrTraceSchema>;

const CrAssetSchema = z.looseObject({
  base: z.string(),
  typeAsset: z.string().optional(),
  symbol: z.string().optional(),
  name: z.string().optional(),
  display: z.string().optional(),
  description: z.string().optional(),
  denomUnits: z
    .array(z.looseObject({ denom: z.string(), exponent: z.number(), aliases: z.array(z.string()).optional() }))
    .optional(),
  traces: z.array(CrTraceSchema).optional(),
  logoURIs: CrImageSchema.optional(),
  images: z.array(CrImageSchema).optional(),
  coingeckoId: z.string().optional(),
  /** The token's contract (ERC-20, CW20, ...), where the list names one. */
  address: z.string().optional(),
});
export type CrAsset = z.infer<typeof CrAssetSchema>;

const CrAssetListSchema = z.looseObject({ chainName: z.string(), assets: z.array(CrAssetSchema) });
export type CrAssetList = z.infer<typeof CrAssetListSchema>;

const CrChannelEndSchema = z.looseObject({ chainName: z.string(), chainId: z.string().optional() });

const CrIbcChannelSchema = z.looseObject({
  chain1: z.looseObject({ channelId: z.string(), portId: z.string() }),
  chain2: z.looseObject({ channelId: z.string(), portId: z.string() }),
  version: z.string().optional(),
  ordering: z.string().optional(),
  tags: z.looseObject({ status: z.string().optional(), preferred: z.boolean().optional() }).optional(),
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
  nonCosmosAssetLists: z.array(CrAssetListSchema).optional(),
});
export type ChainRegistryData = z.infer<typeof ChainRegistryDataSchema>;
