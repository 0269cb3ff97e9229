/**
 * The worker thread behind reloads (and a cluster's start): loads, checks and compiles the source
 * off the serving thread, posts one `Prepared` message, and ends. Built as its own file
 * (dist/serve-worker-thread.js) next to dist/cli.js.
 */
import { parentPort, workerData } from "node:worker_threads";
import { prepareDataset, type PrepareInput } from "./serve-source.js";

const prepared = await prepareDataset(workerData as PrepareInput);
parentPort?.postMessage(prepared);
