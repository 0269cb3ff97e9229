/**
 * docs/http.md against the route table: every path of the OpenAPI document is in the page's
 * endpoint tables with its methods, and every path the tables list is one the handler answers
 * (the OpenAPI document, or the route table's undocumented files: /openapi.json, /explorer/).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { buildOpenApiDocument } from "../../src/http/openapi.js";
import { ROUTES } from "../../src/http/routes.js";

const DOC = readFileSync(fileURLToPath(new URL("../../docs/http.md", import.meta.url)), "utf8");

/** `path -> methods` of the rows `| POST, GET | \`/path?query\` | ... |` of the page's tables. */
function documentedEndpoints(): Map<string, Set<string>> {
  const endpoints = new Map<string, Set<string>>();
  for (const [, methods, path] of DOC.matchAll(/^\| ((?:GET|POST|HEAD)(?:, (?:GET|POST|HEAD))*) \| `([^`?]+)[^`]*` \|/gm)) {
    const set = endpoints.get(path!) ?? new Set<string>();
    for (const method of methods!.split(", ")) set.add(method);
    endpoints.set(path!, set);
  }
  return endpoints;
}

const openApiPaths = buildOpenApiDocument().paths as Record<string, Record<string, unknown>>;
const NOT_IMPLEMENTED = /Not implemented/;

test("every implemented path of the OpenAPI document is in a table of docs/http.md, with its methods", () => {
  const documented = documentedEndpoints();
  const missing: string[] = [];
  for (const [path, operations] of Object.entries(openApiPaths)) {
    const methods = Object.keys(operations).map((method) => method.toUpperCase());
    if (Object.values(operations).every((op) => NOT_IMPLEMENTED.test(String((op as { summary?: string }).summary)))) continue;
    for (const method of methods) if (!documented.get(path)?.has(method)) missing.push(`${method} ${path}`);
  }
  expect(missing).toEqual([]);
});

test("every path the not-implemented paragraph must name is named in docs/http.md", () => {
  const unimplemented = Object.entries(openApiPaths)
    .filter(([, operations]) => Object.values(operations).every((op) => NOT_IMPLEMENTED.test(String((op as { summary?: string }).summary))))
    .map(([path]) => path);
  expect(unimplemented.length).toBeGreaterThan(0);
  expect(unimplemented.filter((path) => !DOC.includes(`${path}\``))).toEqual([]);
});

test("every path docs/http.md lists is answered by the handler", () => {
  const routed = new Set<string>(ROUTES.map((route) => route.path));
  const unknown = [...documentedEndpoints().keys()].filter((path) => !(path in openApiPaths) && !routed.has(path));
  expect(unknown).toEqual([]);
});
