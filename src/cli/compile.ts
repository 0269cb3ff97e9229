/**
 * `fungible-graph compile --out FILE`: sources -> one dataset. The source is the installed
 * `chain-registry` package (mainnet or --network testnet) or --registry FILE; --venues FILE
 * replaces the swap venues, --overrides FILE layers metadata corrections; the dataset records
 * each input's hash in its provenance.
 */
import { buildRouter } from "../router/build-router.js";
import { contentHash, type Provenance } from "../dataset/data-version.js";
import { compileDataset } from "../router/dataset-router.js";
import { FungibleError } from "../errors.js";
import { applyOverrides } from "../registry/overrides.js";
import { defaultOverlay } from "../registry/overlay.js";
import { loadChainRegistryWithIssues } from "../registry/load-chain-registry.js";
import { parseRegistry, type Registry, type SwapVenue } from "../registry/schema.js";
import type { RegistryIssue } from "../registry/issues.js";
import { parseVenuesFile } from "../registry/swap-venues.js";
import { loadRegistryFile, readTextFile } from "../node/load-registry-file.js";
import { EXIT_OK, UsageError } from "./cli-error.js";
import { defineCommand, JSON_OPTION } from "./command.js";
import { chainRegistryVersion, parseNetwork, readOverrides } from "./load-router.js";
import { print, printJson } from "./output.js";
import { writeFileAtomic } from "../node/write-file-atomic.js";
import { terminalText } from "../wire/safe-text.js";

const NAME = "compile";

export const compile = defineCommand({
  name: NAME,
  summary: "compile sources into a dataset file",
  description: `Compiles a dataset (the compact, versioned format every command and loadRouter() load in
milliseconds) from the installed chain-registry package (--network, default mainnet) or from
--registry FILE, with --venues FILE replacing the swap venues and --overrides FILE layered on top.
Serve or query it with --dataset FILE; in code, loadRouter({ dataset }). chain-registry is an
optional package (npm install chain-registry). The datasets shipped in the package need none: as a
file, node -e 'import("fungible-graph/data/mainnet.js").then((m) => process.stdout.write(m.default))' > mainnet.json`,
  options: {
    out: { type: "string", arg: "FILE", help: "where to write the dataset (required)" },
    network: { type: "string", arg: "NAME", help: "chain-registry's mainnet (default) or testnet lists" },
    registry: { type: "string", arg: "FILE", help: "a registry in the project format instead of chain-registry" },
    venues: { type: "string", arg: "FILE", help: "swap venues file: replaces the source's venues" },
    overrides: { type: "string", arg: "FILE", help: "metadata overrides file layered over the source" },
    json: { ...JSON_OPTION.json, help: "print {out, chains, listed_assets, bytes, data_version} instead of the line" },
  },
  async run(values) {
    if (values.out === undefined || values.out === "") throw new UsageError(`${NAME}: --out FILE is required`, NAME);
    if (values.registry !== undefined && values.network !== undefined) {
      throw new UsageError(`${NAME}: --network picks chain-registry's lists; a --registry file has its own`, NAME);
    }
    const network = parseNetwork(NAME, values.network);
    const venues = values.venues === undefined ? undefined : parseVenuesFile(await readJson(values.venues, "venues"));
    let registry: Registry;
    let issues: RegistryIssue[] = [];
    let provenance: Provenance;
    if (values.registry === undefined) {
      ({ registry, issues } = await loadChainRegistryWithIssues({ network, ...(venues === undefined ? {} : { venues }) }));
      const version = chainRegistryVersion();
      provenance = {
        source: "chain-registry",
        network,
        ...(version ? { chain_registry_version: version } : {}),
        overlay_hash: contentHash(JSON.stringify(defaultOverlay())),
      };
    } else {
      registry = await loadRegistryFile(values.registry);
      if (venues !== undefined) registry = withVenues(registry, venues);
      provenance = { source: "registry" };
    }
    if (venues !== undefined) provenance = { ...provenance, venues_hash: contentHash(JSON.stringify(venues)) };
    if (values.overrides !== undefined) {
      const overrides = await readOverrides(values.overrides);
      registry = applyOverrides(registry, overrides);
      provenance = { ...provenance, overrides_hash: contentHash(JSON.stringify(overrides)) };
    }
    const router = buildRouter(registry, { provenance, issues });
    const text = compileDataset(router);
    try {
      await writeFileAtomic(values.out, text);
    } catch (error) {
      throw new FungibleError("file_unwritable", `${NAME}: cannot write "${terminalText(values.out)}" (${writeFailure(error)})`);
    }
    const written = { out: values.out, chains: router.chainIds().length, listed_assets: registry.assets.length, bytes: Buffer.byteLength(text), data_version: router.dataVersion };
    if (values.json) printJson(written);
    else {
      print(`wrote ${written.out}: ${written.chains} chains, ${written.listed_assets} listed assets, ` +
        `${(text.length / 1024).toFixed(0)} KiB, data_version ${written.data_version}`);
    }
    return EXIT_OK;
  },
});

/** The system's code for a failed write, with what it means for the usual ones. */
function writeFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const meaning: Record<string, string> = {
    ENOENT: "its directory does not exist",
    ENOTDIR: "a part of the path is not a directory",
    EACCES: "permission denied",
    EPERM: "permission denied",
    EISDIR: "it is a directory",
    EROFS: "the file system is read-only",
    ENOSPC: "no space left on the device",
  };
  if (code === undefined) return (error as Error).message;
  return meaning[code] ? `${code}: ${meaning[code]}` : code;
}

async function readJson(path: string, what: string): Promise<unknown> {
  const text = await readTextFile(path, what);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new FungibleError("invalid_venues", `${what}: "${path}" is not valid JSON: ${(error as Error).message}`);
  }
}

/** A registry file's venues replaced, checked again (a venue on a chain the registry lacks fails with its path). */
function withVenues(registry: Registry, venues: SwapVenue[]): Registry {
  return parseRegistry({ ...registry, swap_venues: venues });
}
