/**
 * The worker thread behind reloads (./reload.ts): loads, checks and compiles the source off the
 * serving thread and answers with one `Prepared`. Built as its own file (dist/reload-thread.js)
 * next to the package's entries and dist/cli.js.
 */
import { prepareDataset } from "./served-graph.js";
import { answerJobs } from "./worker-thread.js";

answerJobs(prepareDataset);
