/**
 * The POST forms of the static export's query answers (the official client's `assetsFromSource`
 * always POSTs its body). For each exported assets_from_source / assets_between_chains answer, the
 * body that asks exactly its question (the GET's parameters as a JSON object of strings) is proved
 * to be that question by the handler's own parse and canonical function (./canonical.ts through
 * ./query-routes.ts), then POSTed to the live handler, which must send the GET's bytes in every
 * encoding; its Vary is recorded (a POST answer carries no ETag and no Cache-Control).
 *
 * nginx finds the answer of a POST with the njs handler examples/nginx/static-export.js, which
 * only normalises JSON: it computes `postNormalForm` of the body it received and looks the hash of
 * it up in the map written here. It never applies a request rule (defaults, types, venues, case):
 * those stay in the handler, which already decided, here, which one body each answer stands for;
 * any other body is not in the map and goes to the fallback (a live replica or a JSON 404).
 */
import { compareStrings } from "../compare.js";
import { FungibleError } from "../errors.js";
import { sha256Hex } from "../sha256.js";
import type { Encoding } from "../http/encoding.js";
import { canonicalRequest } from "../http/query-routes.js";
import { PATHS } from "../http/routes.js";
import type { ExportedAnswer, ExportedPost } from "./static-export.js";

/** The paths whose POST the export answers. */
export const POST_PATHS: readonly string[] = [PATHS.assetsFromSource, PATHS.assetsBetweenChains];
/** Content types (media type, lower case; "" for none) the export answers a POST sent with: the client's, and none (curl). */
export const POST_MEDIA_TYPES = ["application/json", ""] as const;

/**
 * The normal form of a POST: its path, its media type and its body's members sorted by name, when
 * the body is a JSON object of strings (the shape of every exported body); null otherwise.
 * examples/nginx/static-export.js computes the same text (test/integration/fleet proves they agree).
 */
export function postNormalForm(path: string, mediaType: string, body: unknown): string | null {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return null;
  const members = body as Record<string, unknown>;
  const names = Object.keys(members).sort(compareStrings);
  if (!names.every((name) => typeof members[name] === "string")) return null;
  return JSON.stringify([path, mediaType, names.map((name) => [name, members[name]])]);
}

/**
 * The POST forms of `answers` (those on POST_PATHS), each checked against `fetch` (the live
 * handler): the same canonical request as the GET, and the same bytes in identity and every encoding.
 */
export async function exportPosts(fetch: (request: Request) => Promise<Response>, answers: readonly ExportedAnswer[], encodings: readonly Encoding[]): Promise<ExportedPost[]> {
  const posts: ExportedPost[] = [];
  for (const answer of answers) {
    const query = answer.target.indexOf("?");
    const path = query === -1 ? answer.target : answer.target.slice(0, query);
    if (query === -1 || !POST_PATHS.includes(path)) continue;
    const params = new URLSearchParams(answer.target.slice(query + 1));
    const body = Object.fromEntries(params);
    if ([...params.keys()].length !== Object.keys(body).length) continue; // a repeated parameter has no body of strings
    if (canonicalRequest(path, { body }) !== canonicalRequest(path, { query: params.toString() })) {
      throw new FungibleError("internal", `static export: the POST body ${JSON.stringify(body)} does not ask what ${answer.target} asks`);
    }
    for (const mediaType of POST_MEDIA_TYPES) {
      const vary = await checkedPost(fetch, answer, path, mediaType, JSON.stringify(body), encodings);
      posts.push({ path, mediaType, key: sha256Hex(postNormalForm(path, mediaType, body)!), file: answer.file, vary });
    }
  }
  return posts;
}

/** POSTs `text` in identity and each encoding; the bytes must be the GET's; returns the answer's Vary. */
async function checkedPost(
  fetch: (request: Request) => Promise<Response>,
  answer: ExportedAnswer,
  path: string,
  mediaType: string,
  text: string,
  encodings: readonly Encoding[],
): Promise<string | null> {
  let vary: string | null | undefined;
  for (const encoding of [null, ...encodings]) {
    const headers: Record<string, string> = {};
    if (mediaType !== "") headers["content-type"] = mediaType;
    if (encoding !== null) headers["accept-encoding"] = encoding;
    // Bytes, not a string: a Request gives a string body a text/plain type of its own.
    const response = await fetch(new Request(`http://export.invalid${path}`, { method: "POST", headers, body: new TextEncoder().encode(text) }));
    const bytes = new Uint8Array(await response.arrayBuffer());
    const expected = encoding === null ? answer.identity : (answer.encoded[encoding] ?? answer.identity);
    const same = response.status === 200 && bytes.byteLength === expected.byteLength && bytes.every((byte, i) => byte === expected[i]);
    if (!same || response.headers.has("etag") || response.headers.has("cache-control")) {
      throw new FungibleError("internal", `static export: POST ${path} ${text} (${mediaType || "no content type"}, ${encoding ?? "identity"}) is not the GET's answer`);
    }
    const own = response.headers.get("vary");
    if (vary !== undefined && own !== vary) throw new FungibleError("internal", `static export: POST ${path} ${text} varies by encoding`);
    vary = own;
  }
  return vary ?? null;
}
