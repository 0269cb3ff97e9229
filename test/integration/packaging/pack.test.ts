/**
 * What `npm pack` ships, and whether the shipped documents hold together: the tarball lists the
 * docs, the built entries and the data (every path package.json points to), the relative links of
 * README.md, ARCHITECTURE.md, docs/*.md and bench/README.md all resolve to files in the repository
 * (a path outside it, such as ../shared, is broken) and no link is a file: URL, and `prepare`
 * builds, so `npm pack`, `npm publish` and installs from git pack a fresh dist/.
 * `--ignore-scripts` keeps the dry run from rebuilding; it needs no network.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
  main: string;
  module: string;
  types: string;
  bin: Record<string, string>;
  exports: unknown;
};

function packedFiles(): string[] {
  const stdout = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
    timeout: 60_000,
  });
  const [report] = JSON.parse(stdout) as { files: { path: string }[] }[];
  return report!.files.map((file) => file.path);
}

/** Every string leaf of package.json's `exports` (conditions nest). */
function exportTargets(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value === null || typeof value !== "object") return [];
  return Object.values(value).flatMap(exportTargets);
}

const normal = (path: string) => path.replace(/^\.\//, "");

describe("npm pack", () => {
  const files = packedFiles();

  test("ships the documents, the built entries, the datasets and the OpenAPI document", () => {
    for (const path of ["README.md", "ARCHITECTURE.md", "docs/behaviour.md", "package.json", "dist/index.js", "dist/data/mainnet.js", "dist/openapi.json", "LICENSE", "NOTICE"]) {
      expect(files, path).toContain(path);
    }
  });

  test("ships every file package.json points to (main, module, types, bin, exports)", () => {
    const targets = [pkg.main, pkg.module, pkg.types, ...Object.values(pkg.bin), ...exportTargets(pkg.exports)].map(normal);
    expect(targets.filter((target) => !files.includes(target))).toEqual([]);
  });

  test("ships the library's declarations once: no two alike (an entry's .d.ts re-exports its .d.cts)", () => {
    // The datasets' (dist/data/) are a line each, alike by nature: both are a JSON text.
    const declarations = files.filter((path) => /^dist\/[^/]+\.d\.c?ts$/.test(path));
    const byText = new Map<string, string[]>();
    for (const path of declarations) {
      const text = readFileSync(join(ROOT, path), "utf8");
      byText.set(text, [...(byText.get(text) ?? []), path]);
    }
    expect([...byText.values()].filter((paths) => paths.length > 1)).toEqual([]);
  });

  test("ships no sources or tests", () => {
    expect(files.filter((path) => /^(src|test|bench|scripts)\//.test(path))).toEqual([]);
  });

  test("prepare builds, so npm pack and installs from git pack a fresh dist/", () => {
    expect(pkg.scripts.prepare).toMatch(/\bnpm run build\b/);
    expect(pkg.scripts.build).toMatch(/\btsup\b/);
  });
});

/** Markdown without fenced code blocks and inline code, where `[a](b)` is not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "");
}

/** Targets of inline links and images `[text](target "title")` and of reference definitions `[id]: target`. */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g)].map((m) => m[1]!);
  const references = [...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!);
  return [...inline, ...references];
}

/** A link to check: not a URL with a scheme (https:, mailto:...), not an anchor in the same page. */
const isRelative = (target: string) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith("#");

/** GitHub's anchors for a page's headings: lower case, punctuation dropped, spaces to `-`, repeats numbered. */
function headingSlugs(markdown: string): Set<string> {
  const slugs = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = heading!.toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, "").replace(/ /g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.add(count === 0 ? base : `${base}-${count}`);
  }
  return slugs;
}

function markdownFiles(): string[] {
  const docs = readdirSync(join(ROOT, "docs")).filter((name) => name.endsWith(".md")).map((name) => join(ROOT, "docs", name));
  return [join(ROOT, "README.md"), join(ROOT, "ARCHITECTURE.md"), ...docs, join(ROOT, "bench", "README.md")];
}

/** A link that leaves the repository without being a web address: a local file URL or a path outside it. */
const leavesRepository = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) && !/^(https?|mailto):/i.test(target);

describe("links in README.md, ARCHITECTURE.md, docs/*.md and bench/README.md", () => {
  test.each(markdownFiles().map((file) => [relative(ROOT, file), file] as const))("%s: every link is relative, https or mailto (no file: or other schemes)", (_, file) => {
    expect(linkTargets(readFileSync(file, "utf8")).filter(leavesRepository)).toEqual([]);
  });

  test.each(markdownFiles().map((file) => [relative(ROOT, file), file] as const))("%s: every relative link resolves to a file in the repository", (_, file) => {
    const broken: string[] = [];
    for (const target of linkTargets(readFileSync(file, "utf8")).filter(isRelative)) {
      const path = decodeURIComponent(target.replace(/[?#].*$/, ""));
      const resolved = resolve(dirname(file), path);
      const inside = !relative(ROOT, resolved).startsWith("..");
      if (!inside || !existsSync(resolved) || !(statSync(resolved).isFile() || statSync(resolved).isDirectory())) broken.push(target);
    }
    expect(broken).toEqual([]);
  });

  test.each(markdownFiles().map((file) => [relative(ROOT, file), file] as const))("%s: every #anchor names a heading of its page", (_, file) => {
    const broken: string[] = [];
    for (const target of linkTargets(readFileSync(file, "utf8")).filter((t) => isRelative(t) || t.startsWith("#"))) {
      const hash = target.indexOf("#");
      if (hash === -1) continue;
      const page = hash === 0 ? file : resolve(dirname(file), decodeURIComponent(target.slice(0, hash)));
      if (!page.endsWith(".md") || !existsSync(page)) continue;
      if (!headingSlugs(readFileSync(page, "utf8")).has(decodeURIComponent(target.slice(hash + 1)))) broken.push(target);
    }
    expect(broken).toEqual([]);
  });

  test("the checker finds inline, image and reference links, and skips code, URLs and anchors", () => {
    const sample = [
      "See [the docs](docs/behaviour.md#6-assets_from_source) and ![logo](img/logo.png \"Logo\").",
      "[spec]: ./ARCHITECTURE.md",
      "A [site](https://example.com), [mail](mailto:a@b.c), [here](#words).",
      "`[not](a-link.md)`",
      "```md",
      "[also not](in-code.md)",
      "```",
    ].join("\n");
    expect(linkTargets(sample)).toEqual(["docs/behaviour.md#6-assets_from_source", "img/logo.png", "https://example.com", "mailto:a@b.c", "#words", "./ARCHITECTURE.md"]);
    expect(linkTargets(sample).filter(isRelative)).toEqual(["docs/behaviour.md#6-assets_from_source", "img/logo.png", "./ARCHITECTURE.md"]);
    expect(["file:///work/shared/SEMANTICS.md", "vscode://x", "https://a.b", "mailto:a@b.c", "../x.md"].filter(leavesRepository)).toEqual(["file:///work/shared/SEMANTICS.md", "vscode://x"]);
  });
});
