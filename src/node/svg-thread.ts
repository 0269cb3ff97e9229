/**
 * The worker thread behind `format=svg` on Node (./svg-renderer.ts): Graphviz (WebAssembly) draws
 * one DOT text at a time off the serving thread, so a render of seconds never stops the process
 * answering. Built as its own file (dist/svg-thread.js) next to the entries and dist/cli.js.
 */
import { parentPort } from "node:worker_threads";
import { isFungibleError } from "../errors.js";
import { renderSvg } from "../render/svg.js";

export interface SvgJob {
  id: number;
  dot: string;
}

export type SvgOutcome =
  | { id: number; svg: string }
  /** `fungible`: Graphviz refused the DOT (a FungibleError's code); otherwise the renderer failed to start. */
  | { id: number; error: { code: string | null; message: string } };

parentPort?.on("message", (job: SvgJob) => {
  renderSvg(job.dot).then(
    (svg) => parentPort!.postMessage({ id: job.id, svg } satisfies SvgOutcome),
    (error: unknown) =>
      parentPort!.postMessage({
        id: job.id,
        error: { code: isFungibleError(error) ? error.code : null, message: error instanceof Error ? error.message : String(error) },
      } satisfies SvgOutcome),
  );
});
