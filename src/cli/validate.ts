/**
 * `fungible-graph validate [--network mainnet|testnet | --registry FILE | --dataset FILE]`: lists
 * every inconsistency of a registry (the installed chain registry's mainnet lists by default) and
 * exits 1 if any is fatal. A file that does not even parse as a registry reports each schema
 * problem as a fatal issue with its path; a dataset that does not load is one fatal issue.
 */
import { loadDataset } from "../router/dataset-router.js";
import { isFungibleError } from "../errors.js";
import { loadChainRegistryWithIssues } from "../registry/load-chain-registry.js";
import { parseRegistry, type Registry } from "../registry/schema.js";
import { validateRegistry } from "../registry/validate.js";
import type { RegistryIssue } from "../registry/issues.js";
import type { RegistryNote } from "../wire/explain.js";
import { readJsonFile, readTextFile } from "../files/load-registry-file.js";
import { defineCommand, JSON_OPTION } from "./command.js";
import { EXIT_FAILURE, EXIT_OK } from "./cli-error.js";
import { formatTable, plural } from "./format-table.js";
import { asUsage, REGISTRY_OPTION } from "./load-router.js";
import { chooseSource, type Network } from "../router/source.js";
import { print, printJson } from "./output.js";

const NAME = "validate";

/** A RegistryIssue, or a schema problem of a file that does not parse as a registry, or a dataset that does not load. */
type ValidationIssue = Omit<RegistryIssue, "code"> & { code: RegistryIssue["code"] | "invalid_registry" | "invalid_dataset" };

export const validate = defineCommand({
  name: NAME,
  tables: true,
  summary: "check a registry, list every inconsistency",
  description: `Checks a registry (the installed chain registry's mainnet lists by default) and lists every
inconsistency: declared IBC denoms that do not match the hash of their trace, channels without
counterparty, unknown chains in traces, providers that are not routed... Exits 1 if any issue is
fatal. --dataset checks a dataset written by \`fungible-graph compile\` (its content hash, its
registry, and the notes it carries) without importing chain-registry.`,
  options: {
    network: { type: "string", arg: "NAME", help: "mainnet (default) or testnet: chain-registry's lists to check" },
    ...REGISTRY_OPTION,
    dataset: { type: "string", arg: "FILE", help: "dataset written by `fungible-graph compile`" },
    json: { ...JSON_OPTION.json, help: "print {fatal, warnings, issues: [{severity, code, where, message}]}" },
  },
  async run(values) {
    // The one source rule; without a file, validate checks chain-registry's lists.
    const { registry, dataset, network } = values;
    const source = asUsage(NAME, () => chooseSource({ network, registry, dataset, chainRegistry: registry === undefined && dataset === undefined }, NAME));
    const issues =
      source.kind === "registry" ? await fileIssues(source.registry)
      : source.kind === "dataset" ? await datasetIssues(source.dataset)
      : await chainRegistryIssues(source.network);
    const what =
      source.kind === "registry" ? source.registry
      : source.kind === "dataset" ? source.dataset
      : source.network === "mainnet" ? "the embedded chain registry" : "the embedded chain registry (testnet)";
    const fatal = issues.filter((issue) => issue.severity === "fatal").length;
    if (values.json) printJson({ fatal, warnings: issues.length - fatal, issues });
    else print(renderIssues(what, issues, fatal));
    return fatal > 0 ? EXIT_FAILURE : EXIT_OK;
  },
});

async function chainRegistryIssues(network: Network): Promise<ValidationIssue[]> {
  const { registry, issues } = await loadChainRegistryWithIssues({ network });
  return [...issues, ...validateRegistry(registry)];
}

async function fileIssues(path: string): Promise<ValidationIssue[]> {
  const json = await readJsonFile(path, NAME);
  let registry: Registry;
  try {
    registry = parseRegistry(json);
  } catch (error) {
    if (!isFungibleError(error)) throw error;
    return error.details.map((detail) => ({
      severity: "fatal",
      code: "invalid_registry",
      where: detail.path.map((segment) => (typeof segment === "number" ? `[${segment}]` : `.${segment}`)).join("").replace(/^\./, ""),
      message: detail.message,
    }));
  }
  return validateRegistry(registry);
}

/**
 * A dataset: loaded, its content hash checked as on every load (a dataset that does not load is one fatal
 * issue), then its registry validated like a registry file's, and each note it carries for
 * `explain` listed as the warning the chain-registry adapter raised for it.
 */
async function datasetIssues(path: string): Promise<ValidationIssue[]> {
  const text = await readTextFile(path, NAME);
  let router;
  try {
    router = loadDataset(text);
  } catch (error) {
    if (!isFungibleError(error) || error.code !== "invalid_dataset") throw error;
    return [{ severity: "fatal", code: "invalid_dataset", where: path, message: error.message }];
  }
  return [...router.notes.flatMap(noteIssue), ...validateRegistry(router.registry)];
}

function noteIssue(note: RegistryNote): ValidationIssue | [] {
  const on = (chainId: string | undefined, denom: string | undefined) => [chainId, denom].filter((part) => part !== undefined).join(" ");
  const where = `notes: ${on(note.chain_id, note.denom)}`;
  switch (note.code) {
    case "unrouted_bridge":
      return { severity: "warning", code: note.code, where, message: `bridged by ${note.provider ?? "an unknown provider"}${note.counterparty_chain_id === undefined ? "" : ` from ${on(note.counterparty_chain_id, note.counterparty_denom)}`}, which the data does not route` };
    case "unresolved_origin":
      return { severity: "warning", code: note.code, where, message: "its origin could not be resolved, so it is left out of routing" };
    case "bridge_channel_not_routed":
      return { severity: "warning", code: note.code, where, message: `its bridge channel to ${note.counterparty_chain_id ?? "another chain"} is not routed` };
    case "chain_killed":
      return { severity: "warning", code: note.code, where, message: "the registry marks it killed: left out with its assets and channels" };
    default:
      // The state snapshot a router was narrowed by, and its verdicts: facts of the network, not of the registry.
      return [];
  }
}

const COLUMNS = [{ title: "SEVERITY" }, { title: "CODE", shrink: "text" }, { title: "WHERE", shrink: "id" }, { title: "MESSAGE", shrink: "wrap" }] as const;

function renderIssues(what: string, issues: readonly ValidationIssue[], fatal: number): string {
  const summary = `${what}: ${plural(fatal, "fatal issue")}, ${plural(issues.length - fatal, "warning")}`;
  if (issues.length === 0) return `${what}: no issues`;
  const rows = issues.map((issue) => [issue.severity, issue.code, issue.where, issue.message]);
  return `${formatTable(COLUMNS, rows)}\n\n${summary}`;
}
