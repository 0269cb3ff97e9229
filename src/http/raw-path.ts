/**
 * A request path is routed as it was sent, or refused: never normalised into another. Routers
 * and proxies disagree on `..`, `%2e%2e` and `%65`: WHATWG URL parsing resolves dot segments
 * (encoded ones too), Hono decodes percent-encoded letters before matching, and a proxy rule on
 * the raw path (`deny /fungible-graph/v1/explain`) sees neither. So a path holding a dot segment,
 * a percent-encoded unreserved character (RFC 3986 §2.3: letters, digits, `-` `.` `_` `~`, which
 * have one spelling: as they are) or a backslash is refused with a 400 before any route sees it.
 */
import { FungibleError } from "../errors.js";

/** %-escapes of ALPHA, DIGIT, "-", ".", "_", "~". */
const ENCODED_UNRESERVED = /%(?:2[DdEe]|3[0-9]|[46][1-9A-Fa-f]|[57][0-9Aa]|5[Ff]|7[Ee])/;
const DOT_SEGMENT = /(?:^|\/)\.{1,2}(?:\/|$)/;

/** Why the path of `target` (path and query as sent) is refused, or null. */
export function pathProblem(target: string): string | null {
  let end = target.length;
  for (const mark of ["?", "#"]) {
    const at = target.indexOf(mark);
    if (at !== -1 && at < end) end = at;
  }
  const path = target.slice(0, end);
  if (path.includes("%") && ENCODED_UNRESERVED.test(path)) return "a percent-encoded letter, digit or one of - . _ ~ (send it as it is)";
  if (path.includes(".") && DOT_SEGMENT.test(path)) return "a dot segment (. or ..)";
  if (path.includes("\\")) return "a backslash";
  return null;
}

/** The 400 for a refused path. */
export function pathRefused(problem: string): FungibleError {
  return new FungibleError("invalid_request", `the request path is not in normal form: it holds ${problem}; send the path as the API spells it`);
}
