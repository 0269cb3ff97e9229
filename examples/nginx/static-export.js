/**
 * fungible-graph: the njs handler of examples/nginx/static-export.conf, answering a POST of an
 * exported query (the official client's `assetsFromSource` always POSTs) from the static export.
 *
 * It only normalises JSON; it applies no request rule. `fungible-graph export` already asked the
 * live handler which one body each exported answer stands for (its own parse and canonical
 * function, src/export/static-export-post.ts) and wrote, in nginx-maps.conf, the sha256 of that
 * body's normal form -> file. Here: the same normal form of the body received (path, media type,
 * members sorted by name, a JSON object of strings only), its hash, one map look-up. A hit is
 * the exported file, served by nginx (precompressed, as for the GET); anything else (another
 * body, invalid JSON, a filter not exported, a body nginx kept on disk) goes whole to
 * @fungible_graph_origin: a live replica when one is configured, else a JSON 404. Re-checking
 * the request's rules here would be a second, drifting copy of them: the handler's is the one.
 */
import crypto from "crypto";

/** Keep in step with postNormalForm in src/export/static-export-post.ts (the fleet tests compare them). */
function normalForm(path, mediaType, body) {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return null;
  const names = Object.keys(body).sort();
  if (!names.every((name) => typeof body[name] === "string")) return null; // Debian's njs has no for-of
  return JSON.stringify([path, mediaType, names.map((name) => [name, body[name]])]);
}

function keyOf(r) {
  let text;
  try {
    text = r.requestText; // nginx's njs throws when the body went to a file: then not answered here
  } catch (e) {
    return null;
  }
  if (typeof text !== "string") return null;
  let body;
  try {
    body = JSON.parse(text);
  } catch (e) {
    return null;
  }
  const header = r.headersIn["Content-Type"];
  const mediaType = typeof header === "string" ? header.split(";")[0].trim().toLowerCase() : "";
  const form = normalForm(r.variables.request_uri, mediaType, body);
  return form === null ? null : crypto.createHash("sha256").update(form).digest("hex");
}

function post(r) {
  const key = keyOf(r);
  if (key !== null) {
    r.variables.fungible_graph_post_key = key;
    const file = r.variables.fungible_graph_post_file;
    if (file) {
      r.internalRedirect(`/__fungible_graph/post${file}`);
      return;
    }
  }
  r.internalRedirect("@fungible_graph_origin");
}

export default { post, normalForm };
