/** `fungible-graph snapshot --out FILE`: saves a built graph so `serve --snapshot` starts fast. */
import { writeFile } from "node:fs/promises";
import { buildAssetGraph } from "../graph/build-asset-graph.js";
import { snapshotAssetGraph } from "../graph/snapshot.js";
import { expectPositionals, HELP_OPTION, parseCommandArgs } from "./args.js";
import { EXIT_OK, UsageError } from "./cli-error.js";
import { loadRegistry, REGISTRY_OPTION } from "./load-graph.js";
import { print } from "./output.js";

const NAME = "snapshot";

export const snapshotHelp = `usage: fungible-graph snapshot --out FILE [--registry FILE]

Builds the graph (from the embedded chain registry, or --registry) and writes a snapshot that
\`serve --snapshot FILE\` and the query commands load without rebuilding.

flags:
  --out FILE        where to write the snapshot (required)
  --registry FILE   registry in the project format (default: embedded chain registry)
  -h, --help        this text`;

export async function snapshot(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(NAME, {
    args: argv,
    options: { ...HELP_OPTION, ...REGISTRY_OPTION, out: { type: "string" } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    print(snapshotHelp);
    return EXIT_OK;
  }
  expectPositionals(NAME, positionals, []);
  if (values.out === undefined || values.out === "") throw new UsageError(`${NAME}: --out FILE is required`, NAME);
  const graph = buildAssetGraph(await loadRegistry(values.registry));
  const text = snapshotAssetGraph(graph);
  await writeFile(values.out, text);
  print(`wrote ${values.out} (${text.length} characters, ${graph.chainIds().length} chains)`);
  return EXIT_OK;
}
