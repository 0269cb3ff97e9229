/** Node keys of the graphology view: a chain is `chain:<id>`, an asset `asset:<chain_id>:<denom>`. */
export function chainNodeKey(chainId: string): string {
  return `chain:${chainId}`;
}

export function assetNodeKey(chainId: string, denom: string): string {
  return `asset:${chainId}:${denom}`;
}
