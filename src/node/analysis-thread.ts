/**
 * The worker thread behind explain and destinations on Node (./analysis-pool.ts): loads the
 * served source itself and answers for the data version asked. It loads again only when asked for
 * a version it has not tried yet: while the files on disk hold a newer version than the one served
 * (a reload under way), it says which it holds and the serving thread answers. Built as its own
 * file (dist/analysis-thread.js) next to the entries and dist/cli.js.
 */
import { loadSource } from "../files/load-source.js";
import type { AssetRouter } from "../router/router.js";
import { analyzeHere, type AnalysisInput, type AnalysisOutput } from "./analysis-pool.js";
import { answerJobs } from "./worker-thread.js";

let held: AssetRouter | undefined;
let loadedFor: string | undefined;

answerJobs(async (input: AnalysisInput): Promise<AnalysisOutput> => {
  if (held?.dataVersion !== input.dataVersion && loadedFor !== input.dataVersion) {
    loadedFor = input.dataVersion;
    // A source that no longer loads (a file replaced by a broken one): the serving thread answers.
    held = await loadSource(input.source, "serve").catch(() => undefined);
  }
  if (held === undefined || held.dataVersion !== input.dataVersion) return { heldVersion: held?.dataVersion ?? "none" };
  return { answer: await analyzeHere(input.kind, held, input.request, { budgetMs: input.budgetMs }) };
});
