/**
 * The explorer page's files embedded as text, one rule for the build (tsup, an esbuild plugin)
 * and the tests (vitest, a vite plugin): `import text from "./page.html?raw"` is the file's text,
 * `import script from "./page.ts?browser"` is that browser script bundled by esbuild into one ES
 * module (types erased, every import inlined, nothing external). Declared for TypeScript in
 * src/http/page/embedded.d.ts.
 */
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { build, type Plugin as EsbuildPlugin } from "esbuild";
import type { Plugin as VitePlugin } from "vite";

const EMBEDDED = /\?(raw|browser)$/;

/** The browser script at `entry`, bundled, and the files it was made from (to watch). */
export async function bundleBrowserScript(entry: string): Promise<{ text: string; inputs: string[] }> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    format: "esm",
    platform: "browser",
    // The browsers the page supports; the page's tsconfig checks the same code against the DOM.
    target: "es2020",
    legalComments: "none",
    logLevel: "silent",
  });
  return { text: result.outputFiles[0]!.text, inputs: Object.keys(result.metafile.inputs).map((input) => resolve(input)) };
}

/** For tsup (`esbuildPlugins`). */
export const esbuildPageEmbed: EsbuildPlugin = {
  name: "page-embed",
  setup(builder) {
    // The path keeps its query: tsup's own loaders match a path ending in .css in any namespace.
    builder.onResolve({ filter: EMBEDDED }, (args) => {
      const [path, kind] = args.path.split("?") as [string, string];
      return { path: `${resolve(args.resolveDir, path)}?${kind}`, namespace: `page-${kind}` };
    });
    const fileOf = (path: string) => path.slice(0, path.lastIndexOf("?"));
    builder.onLoad({ filter: /.*/, namespace: "page-raw" }, async (args) => {
      const file = fileOf(args.path);
      return { contents: await readFile(file, "utf8"), loader: "text", watchFiles: [file] };
    });
    builder.onLoad({ filter: /.*/, namespace: "page-browser" }, async (args) => {
      const { text, inputs } = await bundleBrowserScript(fileOf(args.path));
      return { contents: text, loader: "text", watchFiles: inputs };
    });
  },
};

/**
 * For vitest (`plugins`). `?raw` is read here too, under an id that does not end in `.css`:
 * vitest empties every CSS import it is not told to process, vite's own `?raw` included.
 */
export function vitePageEmbed(): VitePlugin {
  const PREFIX = "\0page-embed:";
  return {
    name: "page-embed",
    enforce: "pre",
    resolveId(source, importer) {
      const [path, kind] = source.split("?");
      if (!EMBEDDED.test(source) || path === undefined || importer === undefined) return null;
      // The kind goes last, after a character no CSS test accepts after ".css".
      return `${PREFIX}${resolve(dirname(importer), path)}#${kind}`;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const at = id.lastIndexOf("#");
      const path = id.slice(PREFIX.length, at);
      const kind = id.slice(at + 1);
      this.addWatchFile(path);
      const text = kind === "raw" ? await readFile(path, "utf8") : (await bundleBrowserScript(path)).text;
      return { code: `export default ${JSON.stringify(text)};`, map: null };
    },
  };
}
