/**
 * `fungible-graph validate [--registry FILE]`: lists every inconsistency of a registry (the
 * embedded one by default) and exits 1 if any is fatal. A file that does not even parse as a
 * registry reports each schema problem as a fatal issue with its path.
 */
import { isFungibleError } from "../errors.js";
import { loadChainRegistryWithIssues } from "../registry/load-chain-registry.js";
import { parseRegistry, type Registry } from "../registry/schema.js";
import { validateRegistry } from "../registry/validate.js";
import type { RegistryIssue } from "../registry/issues.js";
import { readJsonFile } from "../node/load-registry-file.js";
import { defineCommand, JSON_OPTION } from "./command.js";
import { EXIT_FAILURE, EXIT_OK } from "./cli-error.js";
import { formatTable, plural } from "./format-table.js";
import { REGISTRY_OPTION } from "./load-graph.js";
import { print, printJson } from "./output.js";

const NAME = "validate";

/** A RegistryIssue, or a schema problem of a file that does not parse as a registry. */
export type ValidationIssue = Omit<RegistryIssue, "code"> & { code: RegistryIssue["code"] | "invalid_registry" };

export const validate = defineCommand({
  name: NAME,
  summary: "check a registry, list every inconsistency",
  description: `Checks a registry (the embedded chain registry by default) and lists every inconsistency:
declared IBC denoms that do not match the hash of their trace, channels without counterparty,
unknown chains in traces, providers that are not routed... Exits 1 if any issue is fatal.`,
  options: {
    ...REGISTRY_OPTION,
    json: { ...JSON_OPTION.json, help: "print {fatal, warnings, issues: [{severity, code, where, message}]}" },
  },
  async run(values) {
    const issues = values.registry === undefined ? await embeddedIssues() : await fileIssues(values.registry);
    const fatal = issues.filter((issue) => issue.severity === "fatal").length;
    if (values.json) printJson({ fatal, warnings: issues.length - fatal, issues });
    else print(renderIssues(values.registry ?? "the embedded chain registry", issues, fatal));
    return fatal > 0 ? EXIT_FAILURE : EXIT_OK;
  },
});

async function embeddedIssues(): Promise<ValidationIssue[]> {
  const { registry, issues } = await loadChainRegistryWithIssues();
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

export function renderIssues(what: string, issues: readonly ValidationIssue[], fatal: number): string {
  const summary = `${what}: ${plural(fatal, "fatal issue")}, ${plural(issues.length - fatal, "warning")}`;
  if (issues.length === 0) return `${what}: no issues`;
  const rows = issues.map((issue) => [issue.severity, issue.code, issue.where, issue.message]);
  return `${formatTable(["SEVERITY", "CODE", "WHERE", "MESSAGE"], rows)}\n\n${summary}`;
}
