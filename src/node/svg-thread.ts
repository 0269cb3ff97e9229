/**
 * The worker thread behind `format=svg` on Node (./svg-renderer.ts): Graphviz (WebAssembly) draws
 * one DOT text at a time off the serving thread. Built as its own file (dist/svg-thread.js) next
 * to the entries and dist/cli.js.
 */
import { renderSvg } from "../render/svg.js";
import { answerJobs } from "./worker-thread.js";

answerJobs(renderSvg);
