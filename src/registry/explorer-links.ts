/**
 * A chain's block explorer page of a transaction (`explorer_tx_page`): a URL template holding
 * `${txHash}`, as the chain registry writes it (cosmos/chain-registry chain.schema.json
 * `explorers[].tx_page`; the npm package's `explorers[].txPage`). The execution answers
 * (`/v2/tx/submit`, `/v2/tx/track`, `/v2/tx/status`) fill `explorer_link` from it. Registry text is
 * untrusted and the link is shown to users to click: only a plain https URL of bounded length, its
 * one placeholder the transaction hash, is accepted.
 */

/** The one placeholder a template holds: the chain registry's name for the transaction hash. */
export const TX_HASH_PLACEHOLDER = "${txHash}";
/** Longest template kept: the registry's longest is about 100 characters. */
export const MAX_EXPLORER_TX_PAGE = 512;

/**
 * The characters a URL may hold as they are (RFC 3986: unreserved, reserved, `%`): no white space,
 * control, bidi or look-alike character, no backslash (which a browser reads as `/`), no brace.
 */
const URL_TEXT = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;
/**
 * What comes before the hash: `https://`, a plain host name (no user or password, which would show
 * one host and open another), an optional port, then the path or query the hash goes in.
 */
const PAGE_START = /^https:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?[/?#]/;

/** Why `template` is not an acceptable explorer transaction page, or undefined when it is. */
export function explorerTxPageProblem(template: string): string | undefined {
  if (template.length > MAX_EXPLORER_TX_PAGE) return `is longer than ${MAX_EXPLORER_TX_PAGE} characters`;
  const parts = template.split(TX_HASH_PLACEHOLDER);
  if (parts.length !== 2) return `must hold ${TX_HASH_PLACEHOLDER} exactly once`;
  if (parts.some((part) => part.includes("${"))) return `holds a placeholder other than ${TX_HASH_PLACEHOLDER}`;
  if (!parts.every((part) => URL_TEXT.test(part))) return "holds a character a URL does not carry as it is";
  if (!PAGE_START.test(parts[0]!)) return `is not an https:// URL with a plain host before ${TX_HASH_PLACEHOLDER}`;
  return undefined;
}

/** A Cosmos transaction hash: SHA-256 of its bytes, in hex. Nothing else (a chain's answer is untrusted) goes in a link. */
const TX_HASH = /^[0-9A-Fa-f]{64}$/;

/** The link to a transaction on a chain's explorer: the template with the hash in it; "" when the chain has none. */
export function explorerLink(template: string | undefined, txHash: string): string {
  return template === undefined || !TX_HASH.test(txHash) ? "" : template.split(TX_HASH_PLACEHOLDER).join(txHash);
}
