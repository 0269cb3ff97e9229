/**
 * Every named type in a public signature is exported by the entry that uses it: a user of
 * `fungible-graph/node` can name the type of every option of `startServer`, and so on. Read with
 * the TypeScript compiler from the entries' sources: each export's declaration (signatures only,
 * not bodies) is walked for type references to the project's own interfaces, aliases and classes.
 * An export is walked in its home entry (the first below that exports it); the root entry's types
 * are the shared vocabulary, so a type the root exports counts as exported everywhere.
 */
import { dirname, join, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SRC = resolve(import.meta.dirname, "../../src");
const ENTRY_FILES: Record<string, string> = {
  ".": join(SRC, "index.ts"),
  ...Object.fromEntries(
    ["schemas", "explain", "render", "svg", "graphology", "chain-registry", "http", "node"].map((name) => [`./${name}`, join(SRC, "entries", `${name}.ts`)]),
  ),
};

const program = ts.createProgram(Object.values(ENTRY_FILES), {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  skipLibCheck: true,
  resolveJsonModule: true,
  noEmit: true,
  types: ["node"],
});
const checker = program.getTypeChecker();

const resolveAlias = (symbol: ts.Symbol): ts.Symbol => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);
const NAMED_TYPE = ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Class | ts.SymbolFlags.Enum;

/** The project's own named types a declaration's signature refers to (bodies and initialisers skipped). */
function referencedTypes(declaration: ts.Node): ts.Symbol[] {
  const found: ts.Symbol[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isBlock(node) || ts.isTypeQueryNode(node)) return; // bodies; `typeof schema` names a value
    if ((ts.isPropertyDeclaration(node) || ts.isVariableDeclaration(node) || ts.isParameter(node)) && node.initializer) {
      if (node.type) visit(node.type);
      return;
    }
    if (ts.isClassElement(node) && ts.getCombinedModifierFlags(node as ts.Declaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) return;
    if (ts.isClassElement(node) && node.name && ts.isPrivateIdentifier(node.name)) return;
    if (ts.isTypeReferenceNode(node) || ts.isExpressionWithTypeArguments(node)) {
      const name = ts.isTypeReferenceNode(node) ? node.typeName : node.expression;
      const symbol = checker.getSymbolAtLocation(name);
      const target = symbol && resolveAlias(symbol);
      const file = target?.declarations?.[0]?.getSourceFile().fileName;
      if (target && target.flags & NAMED_TYPE && file?.startsWith(SRC)) found.push(target);
    }
    ts.forEachChild(node, visit);
  };
  visit(declaration);
  return found;
}

const exportsOf = (file: string): ts.Symbol[] =>
  checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(file)!)!).map(resolveAlias);
const EXPORTS = Object.fromEntries(Object.entries(ENTRY_FILES).map(([entry, file]) => [entry, exportsOf(file)]));
const home = new Map<ts.Symbol, string>();
for (const [entry, symbols] of Object.entries(EXPORTS)) for (const symbol of symbols) if (!home.has(symbol)) home.set(symbol, entry);

describe("types in public signatures", () => {
  for (const entry of Object.keys(ENTRY_FILES)) {
    it(`${entry}: every type its exports' signatures name is exported too`, () => {
      const exports = EXPORTS[entry]!;
      expect(exports.length).toBeGreaterThan(0);
      const exported = new Set([...exports, ...EXPORTS["."]!]);
      const missing = new Set<string>();
      for (const symbol of exports.filter((s) => home.get(s) === entry)) {
        for (const declaration of symbol.declarations ?? []) {
          for (const type of referencedTypes(declaration)) {
            if (!exported.has(type)) missing.add(`${type.name} (in ${symbol.name}, declared in ${relativeToSrc(type)})`);
          }
        }
      }
      expect([...missing].sort()).toEqual([]);
    }, 120_000);
  }
});

function relativeToSrc(symbol: ts.Symbol): string {
  const file = symbol.declarations?.[0]?.getSourceFile().fileName ?? "?";
  return file.startsWith(SRC) ? file.slice(dirname(SRC).length + 1) : file;
}
