/**
 * Whether a new graph may be served in place of the current one (at start and on every reload,
 * off the serving thread): a registry file that `validate` calls fatal is refused as validate
 * refuses it, and the graph must answer known questions (assets the graph being served had, and a
 * few of its own) with answers that pass the response schemas. Pure: the Node server's reload
 * (src/node/served-graph.ts) calls it.
 */
import { FungibleError, isFungibleError, parse } from "../errors.js";
import { validateRegistry } from "../registry/validate.js";
import { AssetsBetweenChainsResponseSchema, AssetsFromSourceResponseSchema } from "../wire/schema.js";
import { assetsBetweenChainsJson, assetsFromSourceJson } from "../wire/serialize.js";
import type { AssetRouter } from "./router.js";

/** A known question: an asset of the graph being served, asked again of the new one. */
export interface Probe {
  chain_id: string;
  denom: string;
}

const PROBES = 5;

/**
 * Refuses a graph that may not replace the one served (`invalid_registry`): a registry file with
 * fatal issues (as `validate` refuses it), no chain, or a wrong answer to a known question.
 */
export function checkGraph(command: string, registryFile: string | undefined, router: AssetRouter, probes: readonly Probe[]): void {
  if (registryFile !== undefined) {
    const fatal = validateRegistry(router.registry).filter((issue) => issue.severity === "fatal");
    if (fatal.length > 0) {
      const first = fatal[0]!;
      throw new FungibleError(
        "invalid_registry",
        `${command}: "${registryFile}" has ${fatal.length} fatal issue${fatal.length === 1 ? "" : "s"} (see \`fungible-graph validate --registry ${registryFile}\`); first: ${first.where}: ${first.message}`,
      );
    }
  }
  if (router.chainIds().length === 0) throw new FungibleError("invalid_registry", `${command}: the data has no chain`);
  const listed = new Set(router.registry.assets.map((asset) => `${asset.chain_id}\u0000${asset.denom}`));
  // Each asset asked once: the new data's probes are mostly the served data's (the same assets).
  const asked = new Set<string>();
  for (const probe of [...probes, ...probesOf(router)]) {
    const key = `${probe.chain_id}\u0000${probe.denom}`;
    if (!listed.has(key) || asked.has(key)) continue; // dropped by the new data (not a fault), or asked already
    asked.add(key);
    for (const question of questionsOf(router, probe)) {
      try {
        question.check(question.ask(router));
      } catch (error) {
        const why = isFungibleError(error) ? error.message : error instanceof Error ? error.message : String(error);
        throw new FungibleError("invalid_registry", `${command}: the new data fails a known query (${question.name}): ${why.slice(0, 300)}`);
      }
    }
  }
}

/** A known question: how to ask it of a graph (the answer's wire JSON) and what the answer must satisfy. */
interface Question {
  name: string;
  ask(router: AssetRouter): string;
  check(json: string): void;
}

/**
 * The questions asked of a probe asset: assets_from_source for it (the answer must pass
 * AssetsFromSourceResponseSchema, and every asset must sit on the chain it is listed under), and
 * assets_between_chains from its chain to each of the first three chains it reaches (the answer
 * must pass AssetsBetweenChainsResponseSchema, every pair leaving the source chain for that chain).
 */
function questionsOf(router: AssetRouter, probe: Probe): Question[] {
  return [fromSourceQuestion(probe), ...betweenQuestions(router, probe)];
}

function fromSourceQuestion(probe: Probe): Question {
  return {
    name: `assets_from_source ${probe.denom} on ${probe.chain_id}`,
    ask: (g) => assetsFromSourceJson(g.assetsFromSource({ source_asset_denom: probe.denom, source_asset_chain_id: probe.chain_id })),
    check: (json) => {
      const answer = parse(AssetsFromSourceResponseSchema, JSON.parse(json));
      for (const [chain, { assets }] of Object.entries(answer.dest_assets)) {
        const stray = assets.find((asset) => asset.chain_id !== chain);
        if (stray) throw new Error(`an asset of chain ${stray.chain_id} is listed under ${chain}`);
      }
    },
  };
}

function betweenQuestions(router: AssetRouter, probe: Probe): Question[] {
  let reached: string[] = [];
  try {
    reached = Object.keys(router.assetsFromSource({ source_asset_denom: probe.denom, source_asset_chain_id: probe.chain_id }).dest_assets);
  } catch {
    // The from_source question reports it.
  }
  return reached
    .filter((chain) => chain !== probe.chain_id)
    .slice(0, 3)
    .map(
      (dest): Question => ({
        name: `assets_between_chains ${probe.chain_id} -> ${dest}`,
        ask: (g) => assetsBetweenChainsJson(g.assetsBetweenChains({ source_chain_id: probe.chain_id, dest_chain_id: dest })),
        check: (json) => {
          const answer = parse(AssetsBetweenChainsResponseSchema, JSON.parse(json));
          const stray = answer.assets_between_chains.find((pair) => pair.asset_on_source.chain_id !== probe.chain_id || pair.asset_on_dest.chain_id !== dest);
          if (stray) throw new Error(`a pair from ${stray.asset_on_source.chain_id} to ${stray.asset_on_dest.chain_id}`);
        },
      }),
    );
}

/** A few native assets spread over the registry (deterministic). */
export function probesOf(router: AssetRouter): Probe[] {
  const natives = router.registry.assets.filter((asset) => asset.trace === "");
  const step = Math.max(1, Math.floor(natives.length / PROBES));
  const probes: Probe[] = [];
  for (let i = 0; i < natives.length && probes.length < PROBES; i += step) {
    probes.push({ chain_id: natives[i]!.chain_id, denom: natives[i]!.denom });
  }
  return probes;
}
