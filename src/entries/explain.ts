/**
 * fungible-graph/explain: why a source asset does or does not reach a destination chain. Its own
 * entry because it brings graphology and its shortest paths (the diagnostic graph), which the
 * queries never need: a bundle of the core alone leaves them out.
 */
export { explain } from "../router/explain.js";
export { destinations } from "../router/destinations.js";
export type { ExplainLimits } from "../router/explain.js";
export type { ExplainRequest, ExplainResponse, Reason, ReasonCode, FilterName, Verdict, OptionChange } from "../wire/explain.js";
export type { DestinationsRequest, DestinationsResponse, Destination } from "../wire/destinations.js";
export type { AssetRouter } from "../router/router.js";
