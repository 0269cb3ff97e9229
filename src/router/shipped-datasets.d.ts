// The datasets `npm run build` writes to dist/data/ (scripts/compile-datasets.mjs): each module's default export is the dataset's JSON text.
declare module "fungible-graph/data/mainnet.js" {
  const dataset: string;
  export default dataset;
}
declare module "fungible-graph/data/testnet.js" {
  const dataset: string;
  export default dataset;
}
