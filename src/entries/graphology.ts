/**
 * fungible-graph/graphology: the router's model as a graphology graph (a node per chain and per
 * asset, an edge per hop), for analysts who want graphology's algorithms on the data the queries use.
 */
export { graphologyOf, assetNodeKey, chainNodeKey } from "../router/graphology.js";
export type { AssetRouter } from "../router/router.js";
