/**
 * Vitest setup (vitest.config.ts): every fast-check property runs propertyRuns(100) cases unless
 * it asks for its own count, and replays FG_SEED when given. No seed is fixed otherwise, so each
 * run tries new cases and fast-check prints the seed of any failure.
 */
import fc from "fast-check";
import { propertyRuns, replaySeed } from "./property-runs.js";

const seed = replaySeed();
fc.configureGlobal({ numRuns: propertyRuns(100), ...(seed === undefined ? {} : { seed }) });
