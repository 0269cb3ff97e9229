/**
 * The worker thread behind reloads (and a cluster's start): loads, checks and compiles the source
 * off the serving thread, posts one `Prepared` message, and ends. Built as its own file
 * (dist/reload-thread.js) next to the package's entries and dist/cli.js.
 */
import { parentPort, workerData } from "node:worker_threads";
import { prepareDataset, type PrepareInput } from "./served-graph.js";

const prepared = await prepareDataset(workerData as PrepareInput);
parentPort?.postMessage(prepared);
