/**
 * docs/behaviour.md cannot drift from the router: every JSON block of the page is a labelled
 * example, and each request's answer (or error) written there is checked against the router (the
 * library and the HTTP handler) AND against the independent oracle in test/oracle.
 *
 * Labels are HTML comments on the line before a ```json fence:
 *   <!-- example: registry NAME -->                a whole registry
 *   <!-- example: registry NAME extends BASE -->   BASE with changes: a chain whose chain_id BASE
 *                                                  has is merged into it, anything else is appended
 *   <!-- example: request OPERATION [on NAME] -->  assets_from_source, assets_between_chains or
 *                                                  route ({from, to, include_swaps?, swap_venues?});
 *                                                  the registry is "example" unless named
 *   <!-- example: answer -->                       the answer to the request just before
 *   <!-- example: error -->                        the error body ({code, message, details}) instead
 * A route answer is written as on the page: without the route's own `from` / `to`, and each hop's
 * `from` / `to` as the text "chain_id denom".
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { buildRouter, FungibleError, parseRegistry, type AssetRouter, type AssetRef, type RegistryInput, type Route } from "../../src/index.js";
import { createFetchHandler } from "../../src/entries/http.js";
import { Oracle } from "../oracle/oracle.js";
import { oracleRoute, plain } from "../oracle/compare.js";

const DOC_PATH = fileURLToPath(new URL("../../docs/behaviour.md", import.meta.url));
const DOC = readFileSync(DOC_PATH, "utf8");

type Operation = "assets_from_source" | "assets_between_chains" | "route";
const OPERATIONS: readonly Operation[] = ["assets_from_source", "assets_between_chains", "route"];

interface Example {
  line: number;
  operation: Operation;
  registry: string;
  request: Record<string, unknown>;
  answer?: unknown;
  error?: { code: number; message: string; details: unknown[] };
}

interface Parsed {
  registries: Map<string, RegistryInput>;
  examples: Example[];
  problems: string[];
}

/** Every ```json block with the label on the line before it, in page order. */
function jsonBlocks(text: string) {
  const lines = text.split("\n");
  const blocks: { line: number; label: string | null; json: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== "```json") continue;
    const end = lines.findIndex((l, j) => j > i && l.trim() === "```");
    if (end === -1) throw new Error(`docs/behaviour.md:${i + 1}: unclosed json block`);
    const label = /^<!--\s*example:\s*(.+?)\s*-->$/.exec(lines[i - 1]?.trim() ?? "")?.[1] ?? null;
    blocks.push({ line: i + 1, label, json: lines.slice(i + 1, end).join("\n") });
    i = end;
  }
  return blocks;
}

/** BASE with the changes of a patch: chains merged by chain_id, every other list appended to. */
function extend(base: RegistryInput, patch: Partial<RegistryInput>): RegistryInput {
  const out = structuredClone(base) as Record<string, unknown[]>;
  for (const [field, items] of Object.entries(patch) as [string, Record<string, unknown>[]][]) {
    const list = (out[field] ??= []) as Record<string, unknown>[];
    for (const item of items) {
      const same = field === "chains" ? list.find((chain) => chain.chain_id === item.chain_id) : undefined;
      if (same) Object.assign(same, item);
      else list.push(item);
    }
  }
  return out as unknown as RegistryInput;
}

function parseBehaviourDoc(text: string): Parsed {
  const registries = new Map<string, RegistryInput>();
  const examples: Example[] = [];
  const problems: string[] = [];
  let pending: Omit<Example, "answer" | "error"> | null = null;
  for (const block of jsonBlocks(text)) {
    const where = `docs/behaviour.md:${block.line}`;
    if (block.label === null) {
      problems.push(`${where}: a json block without an <!-- example: ... --> label on the line before it`);
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(block.json);
    } catch (error) {
      problems.push(`${where}: not JSON (${(error as Error).message})`);
      continue;
    }
    const words = block.label.split(/\s+/);
    if (words[0] !== "answer" && words[0] !== "error" && pending !== null) {
      problems.push(`docs/behaviour.md:${pending.line}: a request without an answer or error after it`);
      pending = null;
    }
    if (words[0] === "registry" && words.length === 2) {
      registries.set(words[1]!, value as RegistryInput);
    } else if (words[0] === "registry" && words.length === 4 && words[2] === "extends" && registries.has(words[3]!)) {
      registries.set(words[1]!, extend(registries.get(words[3]!)!, value as Partial<RegistryInput>));
    } else if (words[0] === "request" && OPERATIONS.includes(words[1] as Operation) && (words.length === 2 || (words.length === 4 && words[2] === "on"))) {
      const registry = words[3] ?? "example";
      if (!registries.has(registry)) problems.push(`${where}: unknown registry "${registry}"`);
      pending = { line: block.line, operation: words[1] as Operation, registry, request: value as Record<string, unknown> };
    } else if ((words[0] === "answer" || words[0] === "error") && words.length === 1 && pending !== null) {
      examples.push({ ...pending, [words[0]]: value });
      pending = null;
    } else {
      problems.push(`${where}: label "${block.label}" is not understood here`);
    }
  }
  if (pending !== null) problems.push(`docs/behaviour.md:${pending.line}: a request without an answer or error after it`);
  return { registries, examples, problems };
}

const parsed = parseBehaviourDoc(DOC);
const routeIndexes = new Map<string, AssetRouter>();
const oracles = new Map<string, Oracle>();
const engineFor = (name: string) => {
  if (!routeIndexes.has(name)) routeIndexes.set(name, buildRouter(parseRegistry(structuredClone(parsed.registries.get(name)))));
  return routeIndexes.get(name)!;
};
const oracleFor = (name: string) => {
  if (!oracles.has(name)) oracles.set(name, new Oracle(parseRegistry(structuredClone(parsed.registries.get(name)))));
  return oracles.get(name)!;
};

const assetText = (asset: { chain_id: string; denom: string }) => `${asset.chain_id} ${asset.denom}`;

/** A route as the page writes it. */
function pageRoute(route: Route | null) {
  if (route === null) return null;
  const { from: _from, to: _to, hops, ...rest } = plain(route);
  return { ...rest, hops: hops.map((hop) => ({ ...hop, from: assetText(hop.from), to: assetText(hop.to) })) };
}

/** A page route in the oracle's terms: per hop kind, chains, channel / bridge / venue, tx start. */
function oracleTerms(answer: unknown) {
  if (answer === null) return null;
  const route = answer as { txs_required: number; bridges: string[]; hops: Record<string, string | boolean>[] };
  return {
    txs_required: route.txs_required,
    bridges: route.bridges,
    hops: route.hops.map((hop) => ({
      kind: hop.kind,
      from_chain: String(hop.from).split(" ")[0],
      to_chain: String(hop.to).split(" ")[0],
      via: hop.kind === "ibc" ? hop.channel : hop.kind === "bridge" ? hop.bridge : hop.venue,
      ...(hop.part_of !== undefined ? { part_of: hop.part_of } : {}),
      starts_tx: hop.starts_tx,
    })),
  };
}

function routeArgs(request: Record<string, unknown>) {
  const { from, to, ...swaps } = request as { from: AssetRef; to: AssetRef; include_swaps?: boolean; swap_venues?: { name: string; chain_id: string }[] };
  return { from, to, swaps };
}

const PATHS = { assets_from_source: "/v2/fungible/assets_from_source", assets_between_chains: "/v2/fungible/assets_between_chains" } as const;

async function overHttp(example: Example) {
  const handler = createFetchHandler(engineFor(example.registry));
  const response = await handler(
    new Request(`http://localhost${PATHS[example.operation as keyof typeof PATHS]}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(example.request),
    }),
  );
  return { status: response.status, body: await response.json() };
}

const name = (example: Example) => `line ${example.line}: ${example.operation} ${JSON.stringify(example.request)}`;

describe("docs/behaviour.md examples", () => {
  test("every JSON block is a labelled, well-formed example, and each operation has answers", () => {
    expect(parsed.problems).toEqual([]);
    expect(parsed.registries.has("example")).toBe(true);
    for (const operation of OPERATIONS) {
      expect(parsed.examples.some((e) => e.operation === operation && e.answer !== undefined), operation).toBe(true);
    }
    expect(parsed.examples.some((e) => e.error !== undefined)).toBe(true);
    // The swap rules are exemplified, so the page's swap answers are checked too.
    expect(parsed.examples.some((e) => e.request.include_swaps === true && e.answer !== undefined)).toBe(true);
  });

  test("the checker reads what it should and refuses what it cannot check", () => {
    const doc = (...lines: string[]) => lines.join("\n");
    const good = parseBehaviourDoc(
      doc(
        "<!-- example: registry example -->", "```json", '{ "chains": [{ "chain_id": "a-1" }], "assets": [] }', "```",
        "<!-- example: registry b extends example -->", "```json", '{ "chains": [{ "chain_id": "a-1", "pfm_enabled": true }, { "chain_id": "b-1" }] }', "```",
        "<!-- example: request assets_between_chains on b -->", "```json", '{ "source_chain_id": "a-1", "dest_chain_id": "b-1" }', "```",
        "<!-- example: answer -->", "```json", '{ "assets_between_chains": [] }', "```",
      ),
    );
    expect(good.problems).toEqual([]);
    expect(good.registries.get("b")!.chains).toEqual([{ chain_id: "a-1", pfm_enabled: true }, { chain_id: "b-1" }]);
    expect(good.examples).toEqual([{ line: 10, operation: "assets_between_chains", registry: "b", request: { source_chain_id: "a-1", dest_chain_id: "b-1" }, answer: { assets_between_chains: [] } }]);
    const bad = parseBehaviourDoc(
      doc("```json", "{}", "```", "<!-- example: request route -->", "```json", "{}", "```", "<!-- example: answer -->", "```json", "{ nope", "```"),
    );
    expect(bad.problems.length).toBe(4); // unlabelled; unknown registry; not JSON; request left without an answer
  });

  const answered = parsed.examples.filter((e) => e.answer !== undefined);
  const refused = parsed.examples.filter((e) => e.error !== undefined);

  test.each(answered.map((e) => [name(e), e] as const))("routeIndex: %s", async (_, example) => {
    const routeIndex = engineFor(example.registry);
    if (example.operation === "route") {
      const { from, to, swaps } = routeArgs(example.request);
      expect(pageRoute(routeIndex.route(from, to, swaps))).toEqual(example.answer);
      return;
    }
    const answer = example.operation === "assets_from_source" ? routeIndex.assetsFromSource(example.request as never) : routeIndex.assetsBetweenChains(example.request as never);
    expect(plain(answer)).toEqual(example.answer);
    expect(await overHttp(example)).toEqual({ status: 200, body: example.answer });
  });

  test.each(answered.map((e) => [name(e), e] as const))("oracle: %s", (_, example) => {
    const oracle = oracleFor(example.registry);
    if (example.operation === "route") {
      const { from, to, swaps } = routeArgs(example.request);
      expect(oracleRoute(oracle.route(from, to, swaps))).toEqual(oracleTerms(example.answer));
      return;
    }
    const answer = example.operation === "assets_from_source" ? oracle.assetsFromSource(example.request as never) : oracle.assetsBetweenChains(example.request as never);
    expect(plain(answer)).toEqual(example.answer);
  });

  test.each(refused.map((e) => [name(e), e] as const))("errors: %s", async (_, example) => {
    const routeIndex = engineFor(example.registry);
    let thrown: unknown;
    try {
      if (example.operation === "route") {
        const { from, to, swaps } = routeArgs(example.request);
        routeIndex.route(from, to, swaps);
      } else if (example.operation === "assets_from_source") routeIndex.assetsFromSource(example.request as never);
      else routeIndex.assetsBetweenChains(example.request as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FungibleError);
    const error = thrown as FungibleError;
    expect({ code: error.grpcCode, message: error.message, details: plain(error.details) }).toEqual(example.error);
    if (example.operation !== "route") expect(await overHttp(example)).toEqual({ status: error.status, body: example.error });
  });
});
