/**
 * The project's own registry format: the single source of truth for what the router reads.
 * TypeScript types are inferred from these schemas; `parseRegistry` is the only way in.
 */
import * as z from "zod/mini";
import { errorFromZod } from "../errors.js";
import { BridgeTypeSchema } from "../wire/schema.js";
import { RegistryNoteSchema } from "../wire/registry-note.js";
import { idProblem, terminalText } from "../wire/safe-text.js";
import { parseArgument, safeParseArgument } from "../arguments.js";
import { isEvmAddress } from "../denom/evm-address.js";
import { ruleChainId, TransferRuleSchema } from "./transfer-rules.js";
import { TransferRefusalSchema } from "./transfer-refusals.js";
import { explorerTxPageProblem } from "./explorer-links.js";


const NonEmpty = z.string().check(z.minLength(1, "must be a non-empty string"));

/**
 * An id that every surface writes as `<chain_id>:<denom>` (split at the first ':', so a denom may
 * hold ':' but a chain id may not), in a URL or on a command line: no ':' in a chain id, no white
 * space or control character in either. The refusal stops the parse there (`continue: false`), so
 * the reference checks never quote the id raw; the message shows it escaped.
 */
function writableId(field: "chain id" | "denom") {
  return NonEmpty.check(z.superRefine((id, ctx) => {
    const problem = idProblem(id, field);
    if (problem === undefined) return;
    ctx.addIssue({ code: "custom", message: `${field} "${terminalText(id)}" cannot be written as <chain_id>:<denom>: it ${problem}`, continue: false });
  }));
}
const ChainId = writableId("chain id");
const Denom = writableId("denom");

/** A gas price as the chain registry states it, as decimal text ("0.025"): never rounded through a float again. */
const GasPrice = z.string().check(z.regex(/^\d+(\.\d+)?$/, 'must be a non-negative decimal number as text, such as "0.025"'));

/** A denom a chain takes for fees, with its gas price tiers where the registry states them. */
/** A block explorer's page of a transaction, `${txHash}` where the hash goes (./explorer-links.ts says what is accepted). */
const ExplorerTxPage = z.string().check(
  z.superRefine((template, ctx) => {
    const problem = explorerTxPageProblem(template);
    if (problem !== undefined) ctx.addIssue({ code: "custom", message: `explorer_tx_page "${terminalText(template.slice(0, 100))}" ${problem}` });
  }),
);

const FeeAssetSchema = z.object({
  denom: NonEmpty,
  gas_price: z.optional(z.object({ low: z.optional(GasPrice), average: z.optional(GasPrice), high: z.optional(GasPrice) })),
});
export type FeeAsset = z.infer<typeof FeeAssetSchema>;

export const ChainSchema = z.object({
  chain_id: ChainId,
  chain_name: z.optional(z.string()),
  pretty_name: z.optional(z.string()),
  chain_type: z._default(z.enum(["cosmos", "evm", "svm", "other"]), "cosmos"),
  // Capability flags (docs/behaviour.md "Capability flags"); each false unless set.
  /** Packet-forward middleware: the chain forwards an arriving IBC transfer over IBC (Skip Go `pfm_enabled`). */
  pfm_enabled: z._default(z.boolean(), false),
  /** The chain's ICS-20 transfer accepts a memo (Skip Go `supports_memo`, `cosmos_memo`). */
  supports_memo: z._default(z.boolean(), false),
  /** Wasm IBC hooks: a memo can call a contract on arrival (Skip Go `cosmos_ibc_hooks`). */
  ibc_hooks: z._default(z.boolean(), false),
  /** Stride's autopilot (Skip Go `cosmos_autopilot`). */
  autopilot: z._default(z.boolean(), false),
  /** The chain moves funds on after a bridge hop (and into a bridge after IBC) without a new transaction: what routes read. */
  forwards_after_bridge: z._default(z.boolean(), false),
  // Descriptive facts for discovery answers (/v2/info/chains); routing never reads them.
  bech32_prefix: z.optional(z.string()),
  logo_uri: z.optional(z.string()),
  fee_assets: z.optional(z.array(FeeAssetSchema)),
  /** The execution answers' `explorer_link`: a block explorer's page of a transaction, `${txHash}` where the hash goes. */
  explorer_tx_page: z.optional(ExplorerTxPage),
  /** A testnet chain (absent: a mainnet one). */
  is_testnet: z.optional(z.boolean()),
});
export type Chain = z.infer<typeof ChainSchema>;

export const AssetSchema = z.pipe(
  z
    .object({
      chain_id: ChainId,
      denom: Denom,
      /** IBC path on this chain without the base denom; "" for a native asset. */
      trace: z._default(z.string(), ""),
      origin_chain_id: z.optional(ChainId),
      origin_denom: z.optional(Denom),
      is_cw20: z._default(z.boolean(), false),
      is_evm: z._default(z.boolean(), false),
      symbol: z.optional(z.string()),
      name: z.optional(z.string()),
      logo_uri: z.optional(z.string()),
      decimals: z.optional(z.number().check(z.int(), z.gte(0), z.lte(255))),
      description: z.optional(z.string()),
      coingecko_id: z.optional(z.string()),
      recommended_symbol: z.optional(z.string()),
      /** The token's contract address where the registry names one (ERC-20, CW20). */
      token_contract: z.optional(z.string()),
    })
    .check(
      z.superRefine((asset, ctx) => {
        if (asset.trace !== "" && (asset.origin_chain_id === undefined || asset.origin_denom === undefined)) {
          ctx.addIssue({
            code: "custom",
            path: ["origin_denom"],
            message: "an asset with a trace must name origin_chain_id and origin_denom",
          });
        }
      }),
    ),
  z.transform((asset) => ({
    ...asset,
    origin_chain_id: asset.origin_chain_id ?? asset.chain_id,
    origin_denom: asset.origin_denom ?? asset.denom,
  })),
);
export type Asset = z.infer<typeof AssetSchema>;
export type AssetInput = z.input<typeof AssetSchema>;

const ChannelEndSchema = z.object({
  chain_id: ChainId,
  channel_id: NonEmpty,
  port_id: z._default(NonEmpty, "transfer"),
});
export type ChannelEnd = z.infer<typeof ChannelEndSchema>;

export const IbcChannelSchema = z.object({
  chain_1: ChannelEndSchema,
  chain_2: ChannelEndSchema,
  /** Routes avoid INACTIVE channels; derived vouchers need ACTIVE (docs/behaviour.md §2). */
  status: z._default(z.enum(["ACTIVE", "INACTIVE", "UNKNOWN"]), "UNKNOWN"),
  preferred: z._default(z.boolean(), false),
});
export type IbcChannel = z.infer<typeof IbcChannelSchema>;

export const AssetRefSchema = z.object({ chain_id: ChainId, denom: Denom });
export type AssetRef = z.infer<typeof AssetRefSchema>;

export const BridgeLinkSchema = z.object({
  bridge: BridgeTypeSchema,
  from: AssetRefSchema,
  to: AssetRefSchema,
  /** Most bridges carry tokens both ways; a one-way link says so. */
  bidirectional: z._default(z.boolean(), true),
});
export type BridgeLink = z.infer<typeof BridgeLinkSchema>;

export const SwapVenueSchema = z.object({
  name: NonEmpty,
  chain_id: ChainId,
  denoms: z.array(Denom).check(z.minLength(2, "a venue trades at least two denoms")),
});
export type SwapVenue = z.infer<typeof SwapVenueSchema>;

/**
 * The bridges the route search gives a hub rule (docs/behaviour.md §5): a hop of the bridge and the
 * IBC hop next to it at the hub are one transfer. Which chain is the hub is data
 * (src/registry/data/bridges.json, or a registry's own `bridge_hubs`).
 */
export const HUB_BRIDGES = ["AXELAR"] as const;
export type HubBridge = (typeof HUB_BRIDGES)[number];

export const BridgeHubSchema = z.object({
  bridge: z.enum(HUB_BRIDGES),
  chain_id: ChainId,
});
export type BridgeHub = z.infer<typeof BridgeHubSchema>;

const RegistryObjectSchema = z.object({
  chains: z.array(ChainSchema),
  assets: z.array(AssetSchema),
  ibc_channels: z._default(z.array(IbcChannelSchema), []),
  bridge_links: z._default(z.array(BridgeLinkSchema), []),
  swap_venues: z._default(z.array(SwapVenueSchema), []),
  /** Which chain is each hub bridge's hub; absent: the facts file's hub ids that the registry lists (`bridgeHubsOf`). */
  bridge_hubs: z.optional(z.array(BridgeHubSchema)),
  /** What each chain's transfer stack refuses (src/registry/transfer-rules.ts); absent: the shipped rules about the chains listed. */
  transfer_rules: z.optional(z.array(TransferRuleSchema)),
  /** Transfers a chain refuses now, one direction (src/registry/transfer-refusals.ts): a state snapshot writes them, an operator may too. */
  transfer_refusals: z.optional(z.array(TransferRefusalSchema)),
  /** Import facts `explain` cites (unrouted bridges, unresolved origins): a registry file may carry them. */
  notes: z.optional(z.array(RegistryNoteSchema)),
});

export const RegistrySchema = RegistryObjectSchema.check(
  z.superRefine((registry, ctx) => {
    for (const { path, message } of referenceProblems(registry)) ctx.addIssue({ code: "custom", path, message });
  }),
);
export type Registry = z.infer<typeof RegistrySchema>;
export type RegistryInput = z.input<typeof RegistrySchema>;

/** EVM contract addresses compare case-insensitively; every other denom exactly. */
export function denomKey(denom: string): string {
  return isEvmAddress(denom) ? denom.toLowerCase() : denom;
}

/**
 * A native asset that is its own origin (the BASE_TOKEN of a request, and what derives vouchers):
 * empty trace, origin on its own chain under its own denom (EVM addresses compared folded).
 */
export function isOwnOrigin(asset: Pick<Asset, "chain_id" | "denom" | "trace" | "origin_chain_id" | "origin_denom">): boolean {
  return asset.trace === "" && asset.origin_chain_id === asset.chain_id && denomKey(asset.origin_denom) === denomKey(asset.denom);
}

/** The map key of an asset: `(chain_id, denom)` with EVM addresses folded. */
export function assetKey(chainId: string, denom: string): string {
  return `${chainId}\u0000${denomKey(denom)}`;
}

/** A registry invariant one record breaks: where (as a zod issue path) and what. */
interface ReferenceProblem {
  path: (string | number)[];
  message: string;
}

/**
 * The invariants across records: unique chain ids and assets, every chain and bridged asset a
 * record names is listed. The one check of them, for `parseRegistry` and for a loaded dataset.
 */
export function referenceProblems(registry: Omit<z.output<typeof RegistryObjectSchema>, "notes">): ReferenceProblem[] {
  const problems: ReferenceProblem[] = [];
  const chainIds = new Set<string>();
  registry.chains.forEach((chain, i) => {
    if (chainIds.has(chain.chain_id)) problems.push({ path: ["chains", i, "chain_id"], message: `duplicate chain "${chain.chain_id}"` });
    chainIds.add(chain.chain_id);
  });
  const needChain = (chainId: string, path: (string | number)[]) => {
    if (!chainIds.has(chainId)) problems.push({ path, message: `unknown chain "${chainId}"` });
  };
  const assetKeys = new Set<string>();
  registry.assets.forEach((asset, i) => {
    needChain(asset.chain_id, ["assets", i, "chain_id"]);
    const key = assetKey(asset.chain_id, asset.denom);
    if (assetKeys.has(key)) problems.push({ path: ["assets", i, "denom"], message: `duplicate asset "${asset.denom}" on chain "${asset.chain_id}"` });
    assetKeys.add(key);
  });
  registry.ibc_channels.forEach((channel, i) => {
    needChain(channel.chain_1.chain_id, ["ibc_channels", i, "chain_1", "chain_id"]);
    needChain(channel.chain_2.chain_id, ["ibc_channels", i, "chain_2", "chain_id"]);
  });
  registry.bridge_links.forEach((link, i) => {
    for (const side of ["from", "to"] as const) {
      if (!assetKeys.has(assetKey(link[side].chain_id, link[side].denom))) {
        problems.push({ path: ["bridge_links", i, side], message: `unknown asset "${link[side].denom}" on chain "${link[side].chain_id}"` });
      }
    }
  });
  registry.swap_venues.forEach((venue, i) => needChain(venue.chain_id, ["swap_venues", i, "chain_id"]));
  registry.transfer_rules?.forEach((rule, i) => {
    const chainId = ruleChainId(rule);
    if (chainId !== undefined) needChain(chainId, ["transfer_rules", i, "chain_id"]);
  });
  registry.transfer_refusals?.forEach((refusal, i) => {
    needChain(refusal.chain_id, ["transfer_refusals", i, "chain_id"]);
    if ((refusal.channel_id === undefined) !== (refusal.denom === undefined)) problems.push({ path: ["transfer_refusals", i], message: "a refusal names a channel and a denom together (a rate limit), or neither (a whole direction)" });
  });
  const hubbed = new Set<string>();
  registry.bridge_hubs?.forEach((hub, i) => {
    needChain(hub.chain_id, ["bridge_hubs", i, "chain_id"]);
    if (hubbed.has(hub.bridge)) problems.push({ path: ["bridge_hubs", i, "bridge"], message: `a second hub for ${hub.bridge}: a bridge has one hub` });
    hubbed.add(hub.bridge);
  });
  return problems;
}

/**
 * Validates registry JSON (already parsed) and returns it with defaults filled in.
 * Throws `FungibleError("invalid_registry")` listing every problem with its path; nothing
 * half-valid is ever returned.
 */
export function parseRegistry(json: unknown): Registry {
  const result = safeParseArgument(RegistrySchema, json, { fn: "parseRegistry", arg: "json", code: "invalid_registry" });
  if (result.success) return markChecked(result.data);
  throw errorFromZod("invalid_registry", "parseRegistry: the registry is invalid", result.error);
}

/**
 * `parseRegistry`, except that a registry this module checked already (a registry file just read,
 * `parseRegistry`'s own output) is taken as it is, as `buildRouter` takes it: a source is parsed once.
 */
export function parsedRegistry(json: unknown): Registry {
  return typeof json === "object" && json !== null && checked.has(json) ? (json as Registry) : parseRegistry(json);
}

/**
 * A registry handed to a function that reads one (`validateRegistry`, `buildRouter`): checked
 * like `parseRegistry`'s output, so junk is `invalid_request` naming the function, never a TypeError.
 */
export function registryArgument(value: unknown, fn: string): Registry {
  if (typeof value === "object" && value !== null && checked.has(value)) return value as Registry;
  return markChecked(parseArgument(RegistrySchema, value, { fn, arg: "registry", expected: "a registry (as parseRegistry returns it)" }));
}

/**
 * Registries this module already checked: a registry is read, never changed, after parsing, so
 * `buildRouter(parseRegistry(json))` parses once (the mainnet registry takes a noticeable part of a
 * build to check), while junk handed straight to `buildRouter` is still checked.
 */
const checked = new WeakSet<object>();

export function markChecked<T extends Registry>(registry: T): T {
  checked.add(registry);
  return registry;
}
