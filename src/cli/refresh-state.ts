/**
 * `fungible-graph refresh-state --out FILE`: a state snapshot read from the chains' own REST
 * endpoints (`refreshState`), written atomically. The graph flags pick whose channel ends are
 * read (default the shipped mainnet data); --endpoints FILE names the operator's own nodes, tried
 * first; --chains limits the refresh. A chain that cannot be read is reported and keeps the facts
 * the previous file held (with their own dates); a refresh that learned nothing exits 1.
 */
import { FungibleError, isFungibleError } from "../errors.js";
import { readTextFile } from "../files/load-registry-file.js";
import { EXIT_FAILURE, EXIT_OK, UsageError } from "./cli-error.js";
import { defineCommand, JSON_OPTION } from "./command.js";
import { ROUTER_OPTIONS, routerOfCommand } from "./load-router.js";
import { print, printError, printJson } from "./output.js";

const NAME = "refresh-state";
const { state: _state, "max-block-age": _age, "expiry-warning": _warning, ...GRAPH_OPTIONS } = ROUTER_OPTIONS;

export const refreshStateCommand = defineCommand({
  name: NAME,
  summary: "read channel and light-client state from the chains into a snapshot file",
  description: `Reads, for every IBC channel end the graph lists, what the chain's own REST (LCD) endpoints say:
channel state and counterparty, connection, light client, its status and expiry, and the chain id
the node reports; each fact dated and cited. Endpoints come from --endpoints FILE
({"<chain_id>": ["<REST base URL>", ...]}, tried first) and chain-registry's apis.rest. An
endpoint answering for another chain, redirecting elsewhere, sending more than the size limit or
no JSON is refused and reported. A fact that cannot be read now keeps its value, date and source
from the file being replaced (a failed read never erases a known fact); a fact dated in the future
is refused. Exits 1, the file still written, when nothing at all could be read. Query commands and
serve take the file with --state FILE.`,
  options: {
    out: { type: "string", arg: "FILE", help: "where to write the snapshot (required; written atomically)" },
    endpoints: { type: "string", arg: "FILE", help: "JSON {chain_id: [REST base URL, ...]} tried before the registry's" },
    chains: { type: "string", arg: "A,B", help: "only these chain ids (default: every chain with a channel)" },
    timeout: { type: "string", arg: "MS", help: "deadline of one request in ms (default 8000)" },
    concurrency: { type: "string", arg: "N", help: "chains read at once (default 8; each host 4 requests at once)" },
    ...GRAPH_OPTIONS,
    json: { ...JSON_OPTION.json, help: "print the per-chain report as JSON" },
  },
  async run(values) {
    if (values.out === undefined || values.out === "") throw new UsageError(`${NAME}: --out FILE is required`, NAME);
    const timeoutMs = positiveInt(values.timeout, "--timeout");
    const concurrency = positiveInt(values.concurrency, "--concurrency");
    const chains = values.chains === undefined ? undefined : values.chains.split(",").map((id) => id.trim()).filter((id) => id !== "");
    if (chains !== undefined && chains.length === 0) throw new UsageError(`${NAME}: --chains needs at least one chain id`, NAME);
    const endpoints = values.endpoints === undefined ? undefined : await readEndpoints(values.endpoints);
    const router = await routerOfCommand(NAME, values);
    // routerOfCommand has checked --network: mainnet or testnet.
    const network = (values.network ?? "mainnet") as "mainnet" | "testnet";
    const registryEndpoints = await registryEndpointsOrNone(network, endpoints !== undefined);
    const tty = process.stderr.isTTY === true && !values.json;
    // Loaded on demand: the other commands' start and heap leave the refresh machinery out.
    const [{ refreshState }, { writeStateFile, readPreviousState }] = await Promise.all([import("../remote/refresh-state.js"), import("../files/write-state-file.js")]);
    const previous = await readPreviousState(values.out);
    const result = await refreshState({
      ...(previous === null ? {} : { previous }),
      registry: router.registry,
      network,
      ...(endpoints === undefined ? {} : { endpoints }),
      ...(registryEndpoints === undefined ? {} : { registryEndpoints }),
      ...(chains === undefined ? {} : { chains }),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(concurrency === undefined ? {} : { concurrency }),
      ...(tty ? { onProgress: (done: number, total: number, chainId: string) => process.stderr.write(`\r\x1b[K${progressBar(done, total)} ${done}/${total} ${chainId.slice(0, 40)}`) } : {}),
    });
    if (tty) process.stderr.write("\r\x1b[K");
    await writeStateFile(values.out, result.snapshot);
    const outcome = result.learned === 0 ? EXIT_FAILURE : EXIT_OK;
    if (values.json) {
      printJson({ out: values.out, created_at: result.snapshot.created_at, learned: result.learned, unread: result.unread, chains: result.chains });
      return outcome;
    }
    const ends = result.chains.reduce((sum, chain) => sum + chain.ends, 0);
    const read = result.chains.reduce((sum, chain) => sum + chain.read, 0);
    const troubled = result.chains.filter((chain) => chain.errors.length > 0);
    print(`wrote ${values.out}: ${result.chains.length} chains, ${read} of ${ends} channel ends read, ${troubled.length} chains with problems`);
    for (const chain of troubled) printError(`${chain.chain_id}: ${chain.errors[0]}${chain.errors.length > 1 ? ` (and ${chain.errors.length - 1} more)` : ""}`);
    if (result.unread.length > 0) printError(`nothing read from ${result.unread.length} chains (their previous facts kept): ${result.unread.join(", ")}`);
    if (outcome !== EXIT_OK) printError(`${NAME}: learned nothing: every chain's endpoints failed or were refused`);
    return outcome;
  },
});

export async function readEndpoints(path: string): Promise<Record<string, string[]>> {
  const text = await readTextFile(path, "endpoints");
  try {
    return (await import("../remote/refresh-state.js")).parseEndpoints(text);
  } catch (error) {
    throw isFungibleError(error) ? new FungibleError(error.code, `endpoints file "${path}": ${error.message}`) : error;
  }
}

function positiveInt(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value <= 0) throw new UsageError(`${NAME}: ${flag} must be a positive integer, got "${text}"`, NAME);
  return value;
}

/** chain-registry's endpoints; without the package, none when the operator named their own (else its error says how to install it). */
async function registryEndpointsOrNone(network: "mainnet" | "testnet", haveOwn: boolean): Promise<Record<string, string[]> | undefined> {
  const [{ loadChainRegistryData }, { restEndpointsOf }] = await Promise.all([import("../registry/load-chain-registry.js"), import("../registry/chain-registry-rest.js")]);
  try {
    return restEndpointsOf(await loadChainRegistryData(network));
  } catch (error) {
    if (haveOwn && isFungibleError(error) && error.code === "missing_dependency") return {};
    throw error instanceof FungibleError ? error : new FungibleError("internal", String(error));
  }
}

function progressBar(done: number, total: number): string {
  const width = 24;
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}]`;
}
