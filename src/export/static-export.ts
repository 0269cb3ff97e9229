/**
 * The static export (`fungible-graph export`, ../cli/export.ts): every default GET answer of a
 * data version, asked of the live fetch handler itself (so its bytes and headers are the
 * handler's by construction), identity and in each encoding the handler offers, and the nginx
 * maps that let nginx serve them with no compute: request target (both forms, a few spellings)
 * to file, file to ETag and Vary. Headers every answer shares are checked to be shared, so the
 * fixed `add_header` lines of the nginx configuration (examples/nginx/) cannot drift from them.
 */
import { compareStrings } from "../compare.js";
import { FungibleError } from "../errors.js";
import type { AssetRouter } from "../router/router.js";
import { sha256Hex } from "../sha256.js";
import type { Encoding } from "../http/encoding.js";
import { versionedTarget } from "../http/versioned.js";

/** The discovery answers: every GET that takes no parameter, with its defaults. */
export const DISCOVERY_TARGETS = ["/v2/info/chains", "/v2/fungible/assets", "/v2/info/bridges", "/v2/fungible/venues", "/fungible-graph/v1/chains", "/openapi.json"] as const;

/** Headers the nginx configuration sets from the maps (per answer) or from the request (Content-Location). */
const PER_ANSWER = new Set(["etag", "vary", "content-location", "content-length", "content-encoding"]);

export interface ExportedAnswer {
  /** The target exported, as the official client spells it (URLSearchParams). */
  target: string;
  /** Path of the identity file under the export's files/ folder, from `/`. */
  file: string;
  etag: string;
  /** `accept-encoding` when the handler varies this answer by encoding, else null. */
  vary: string | null;
  identity: Uint8Array;
  /** The bytes the handler sends for each encoding it compressed this answer in. */
  encoded: Partial<Record<Encoding, Uint8Array>>;
}

/** The POST form of an exported query answer (./static-export-post.ts). */
export interface ExportedPost {
  path: string;
  mediaType: string;
  /** sha256 hex of the normal form: nginx's maps ignore case, a hex digest has none to ignore. */
  key: string;
  file: string;
  /** `accept-encoding` when the handler varies this POST answer (it is large enough to compress), else null. */
  vary: string | null;
}

export interface StaticExport {
  dataVersion: string;
  /** The headers every answer carries, as the handler sent them (lower-case names). */
  shared: Record<string, string>;
  answers: ExportedAnswer[];
}

/**
 * The targets exported for `router`: the discovery answers, each listed asset's
 * assets_from_source and each ordered chain pair's assets_between_chains that has pairs.
 */
export function exportTargets(router: AssetRouter): string[] {
  const targets = new Set<string>(DISCOVERY_TARGETS);
  const assets = [...router.registry.assets].sort((a, b) => compareStrings(a.chain_id, b.chain_id) || compareStrings(a.denom, b.denom));
  for (const asset of assets) targets.add(`/v2/fungible/assets_from_source?${new URLSearchParams({ source_asset_chain_id: asset.chain_id, source_asset_denom: asset.denom })}`);
  const chains = router.chainIds();
  for (const source of chains) {
    for (const dest of chains) {
      if (source === dest || router.assetsBetweenChains({ source_chain_id: source, dest_chain_id: dest }).assets_between_chains.length === 0) continue;
      targets.add(`/v2/fungible/assets_between_chains?${new URLSearchParams({ source_chain_id: source, dest_chain_id: dest })}`);
    }
  }
  return [...targets];
}

/**
 * Asks `fetch` (the live handler, with the compressor of the server it stands for) every target,
 * once per encoding in `encodings`. A target it does not answer 200 is left out and named in
 * `skipped`; an answer whose shared headers differ from the others' is a bug, thrown.
 */
export async function buildStaticExport(
  fetch: (request: Request) => Promise<Response>,
  targets: readonly string[],
  encodings: readonly Encoding[],
  onAnswer: (answer: ExportedAnswer) => Promise<void> | void = () => {},
): Promise<{ export: StaticExport; skipped: { target: string; status: number }[] }> {
  const answers: ExportedAnswer[] = [];
  const skipped: { target: string; status: number }[] = [];
  let shared: Record<string, string> | null = null;
  let dataVersion = "";
  for (const target of targets) {
    const plain = await fetch(new Request(`http://export.invalid${target}`));
    if (plain.status !== 200) {
      skipped.push({ target, status: plain.status });
      await plain.body?.cancel();
      continue;
    }
    const headers = headersOf(plain);
    const own = Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)));
    dataVersion ||= headers["x-data-version"] ?? "";
    if (headers["x-data-version"] !== dataVersion) throw new FungibleError("internal", `static export: the data version changed while exporting (${dataVersion}, then ${headers["x-data-version"]})`);
    if (shared === null) shared = own;
    else if (!sameHeaders(shared, own)) throw new FungibleError("internal", `static export: ${target} answers headers the others do not: ${JSON.stringify(own)}`);
    if (headers["content-location"] !== versionedTarget(dataVersion, target)) throw new FungibleError("internal", `static export: ${target} names another versioned URL (${headers["content-location"]})`);
    if (headers.etag === undefined) throw new FungibleError("internal", `static export: ${target} has no ETag`);
    const answer: ExportedAnswer = { target, file: fileOf(target), etag: headers.etag, vary: headers.vary ?? null, identity: new Uint8Array(await plain.arrayBuffer()), encoded: {} };
    for (const encoding of encodings) {
      const response = await fetch(new Request(`http://export.invalid${target}`, { headers: { "accept-encoding": encoding } }));
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (response.headers.get("content-encoding") === encoding) answer.encoded[encoding] = bytes;
      if ((response.headers.get("vary") ?? null) !== answer.vary || response.headers.get("etag") !== answer.etag) {
        throw new FungibleError("internal", `static export: ${target} in ${encoding} has other validators than in identity`);
      }
    }
    answers.push(answer);
    await onAnswer(answer);
  }
  return { export: { dataVersion, shared: shared ?? {}, answers }, skipped };
}

/** Where a target's answer is written: discovery answers by path, query answers by a hash of the target. */
export function fileOf(target: string): string {
  const query = target.indexOf("?");
  const path = query === -1 ? target : target.slice(0, query);
  if (query === -1) return path.endsWith(".json") ? path : `${path}.json`;
  return `${path}/${sha256Hex(target).slice(0, 24)}.json`;
}

/**
 * The spellings of `target` the nginx map answers: as exported (URLSearchParams, as the official
 * client sends it), with `/` and `:` left raw (as curl users write a denom), and each with the
 * parameters in the other order. Any other spelling is not in the export (docs/operations.md).
 */
export function spellingsOf(target: string): string[] {
  const query = target.indexOf("?");
  if (query === -1) return [target];
  const path = target.slice(0, query);
  const pairs = target.slice(query + 1).split("&");
  const orders = [pairs, [...pairs].reverse()];
  const out = new Set<string>();
  for (const order of orders) {
    const text = order.join("&");
    out.add(`${path}?${text}`);
    out.add(`${path}?${text.replace(/%2F/g, "/").replace(/%3A/g, ":")}`);
  }
  return [...out];
}

/**
 * The generated part of the nginx configuration (an `http`-level include): the data version, and
 * maps from the request target (unversioned and versioned) to the file, from the file to its
 * ETag and Vary; and, for the POST forms (./static-export-post.ts), the paths they are on and the
 * hash of each body's normal form to its file, the file to its POST Vary. Map lookups are hash
 * look-ups: no compute per request (a POST costs the njs handler's JSON parse and one hash).
 */
export function nginxMaps(exported: StaticExport, posts: readonly ExportedPost[] = []): string {
  const quote = (text: string) => `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
  const lines = [
    `# Generated by fungible-graph export for data version ${exported.dataVersion}: include it in nginx's http block.`,
    `map "" $fungible_graph_version { default ${quote(exported.dataVersion)}; }`,
    // nginx matches map strings whatever their case, the handler does not (a chain id is
    // case-sensitive): each entry names the exact target it was written for, which the
    // configuration compares case-sensitively before taking the file (`$fungible_graph_file`).
    "map $request_uri $fungible_graph_entry {",
    '    default "";',
  ];
  for (const answer of exported.answers) {
    for (const spelling of spellingsOf(answer.target)) {
      for (const target of [spelling, versionedTarget(exported.dataVersion, spelling)]) lines.push(`    ${quote(target)} ${quote(`${answer.file}|${target}`)};`);
    }
  }
  lines.push("}", "map $fungible_graph_file $fungible_graph_etag {", '    default "";');
  for (const answer of exported.answers) lines.push(`    ${quote(answer.file)} ${quote(answer.etag)};`);
  lines.push("}", "map $fungible_graph_file $fungible_graph_vary {", '    default "";');
  for (const answer of exported.answers) if (answer.vary !== null) lines.push(`    ${quote(answer.file)} ${quote(answer.vary)};`);
  lines.push("}", "map $request_uri $fungible_graph_post_path {", "    default 0;");
  for (const path of new Set(posts.map((post) => post.path))) lines.push(`    ${quote(path)} 1;`);
  lines.push("}", "map $fungible_graph_post_key $fungible_graph_post_file {", '    default "";');
  for (const post of posts) lines.push(`    ${quote(post.key)} ${quote(post.file)};`);
  lines.push("}", "map $fungible_graph_post_served $fungible_graph_post_vary {", '    default "";');
  const postVary = new Map(posts.filter((post) => post.vary !== null).map((post) => [post.file, post.vary!]));
  for (const [file, vary] of postVary) lines.push(`    ${quote(file)} ${quote(vary)};`);
  lines.push("}", "");
  return lines.join("\n");
}

function headersOf(response: Response): Record<string, string> {
  const out: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

function sameHeaders(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
