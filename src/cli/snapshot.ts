/** `fungible-graph snapshot --out FILE`: saves a built graph so `serve --snapshot` starts fast. */
import { writeFile } from "node:fs/promises";
import { buildAssetGraph } from "../engine/build-asset-graph.js";
import { snapshotAssetGraph } from "../engine/snapshot.js";
import { EXIT_OK, UsageError } from "./cli-error.js";
import { defineCommand } from "./command.js";
import { loadRegistry, REGISTRY_OPTION } from "./load-graph.js";
import { print } from "./output.js";

const NAME = "snapshot";

export const snapshot = defineCommand({
  name: NAME,
  summary: "save a built graph for fast starts",
  description: `Builds the graph (from the embedded chain registry, or --registry) and writes a snapshot that
\`serve --snapshot FILE\` and the query commands load without rebuilding.`,
  options: {
    out: { type: "string", arg: "FILE", help: "where to write the snapshot (required)" },
    ...REGISTRY_OPTION,
  },
  async run(values) {
    if (values.out === undefined || values.out === "") throw new UsageError(`${NAME}: --out FILE is required`, NAME);
    const graph = buildAssetGraph(await loadRegistry(values.registry));
    const text = snapshotAssetGraph(graph);
    await writeFile(values.out, text);
    print(`wrote ${values.out} (${text.length} characters, ${graph.chainIds().length} chains)`);
    return EXIT_OK;
  },
});
