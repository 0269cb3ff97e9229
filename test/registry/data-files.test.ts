/**
 * The project's own data files (src/registry/data/*.json) each say what they are in "about", for
 * whoever edits them. The modules that read them import only the keys they use (so a bundle leaves
 * the prose out), so a key the reader does not know would go unread: each file holds exactly its
 * "about" and the keys its reader takes.
 */
import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";

const DATA = new URL("../../src/registry/data/", import.meta.url);
const files = readdirSync(DATA).filter((name) => name.endsWith(".json"));

test.each(files)("%s says what it is (a non-empty about)", (name) => {
  const json = JSON.parse(readFileSync(new URL(name, DATA), "utf8")) as { about?: unknown };
  expect(typeof json.about).toBe("string");
  expect((json.about as string).trim().length).toBeGreaterThan(20);
});

test.each([
  ["bridges.json", ["about", "bridges"]],
  ["native-names.json", ["about", "names"]],
  ["transfer-rules.json", ["about", "rules"]],
])("%s holds only its about and the keys its reader imports", (name, keys) => {
  expect(Object.keys(JSON.parse(readFileSync(new URL(name, DATA), "utf8"))).sort()).toEqual([...keys].sort());
});
