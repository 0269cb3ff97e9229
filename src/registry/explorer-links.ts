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
 * The characters a URL may hold as it is (RFC 3986: unreserved, reserved, `%`): no white space,
 * control, bidi or look-alike character, no `\` (which a browser reads as `/`), in a link a user clicks.
 */
const URL_TEXT = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;

/** Why `template` is not an acceptable explorer transaction page, or undefined when it is. */
export function explorerTxPageProblem(template: string): string | undefined {
  if (template.length > MAX_EXPLORER_TX_PAGE) return `is longer than ${MAX_EXPLORER_TX_PAGE} characters`;
  if (!template.startsWith("https://")) return "is not an https:// URL";
  const parts = template.split(TX_HASH_PLACEHOLDER);
  if (parts.length !== 2) return `must hold ${TX_HASH_PLACEHOLDER} exactly once`;
  if (parts.some((part) => part.includes("${"))) return `holds a placeholder other than ${TX_HASH_PLACEHOLDER}`;
  if (!parts.every((part) => URL_TEXT.test(part))) return "holds a character a URL does not carry as it is (white space, a control, non-ASCII, \\, a brace...)";
  // The hash goes in the path or query, never in the host: a link always opens the host it shows.
  if (!/^https:\/\/[^/?#]+[/?#]/.test(parts[0]!)) return `holds ${TX_HASH_PLACEHOLDER} before the end of its host`;
  let url: URL;
  try {
    url = new URL(parts.join("0"));
  } catch {
    return "is not a URL";
  }
  // `https://explorer.example@elsewhere.example/...` would show one host and open another.
  if (url.username !== "" || url.password !== "") return "names a user or password before its host";
  return undefined;
}

/** A Cosmos transaction hash: SHA-256 of its bytes, in hex. Nothing else (a chain's answer is untrusted) goes in a link. */
const TX_HASH = /^[0-9A-Fa-f]{64}$/;

/** The link to a transaction on a chain's explorer: the template with the hash in it; "" when the chain has none. */
export function explorerLink(template: string | undefined, txHash: string): string {
  return template === undefined || !TX_HASH.test(txHash) ? "" : template.split(TX_HASH_PLACEHOLDER).join(txHash);
}
