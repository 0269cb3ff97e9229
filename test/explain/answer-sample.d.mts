import type { AssetRouter } from "../../src/index.js";
import type { ExplainRequest } from "../../src/entries/explain.js";

/** The requests of fixtures/explain-answers.json for one of its routers. */
export function requestSample(name: "mainnet" | "synthetic" | "fixture", router: AssetRouter): ExplainRequest[];
