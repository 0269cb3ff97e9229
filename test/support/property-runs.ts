/**
 * How many cases a property test tries. Modest by default so `npm test` stays quick; a new seed
 * each run (fast-check prints it, with the shrunk counterexample, on failure) covers more ground
 * over many runs. FG_PROPERTY_RUNS=<n> runs every property n times instead (a soak);
 * FG_SEED=<seed> replays a printed seed (set globally in test/support/fast-check-setup.ts).
 */
export function propertyRuns(modest: number): number {
  const asked = process.env.FG_PROPERTY_RUNS;
  if (asked === undefined || asked === "") return modest;
  const runs = Number(asked);
  if (!Number.isSafeInteger(runs) || runs < 1) throw new Error(`FG_PROPERTY_RUNS must be a positive integer, got "${asked}"`);
  return runs;
}

/** The seed to replay (FG_SEED), or undefined for a fresh one. */
export function replaySeed(): number | undefined {
  const asked = process.env.FG_SEED;
  if (asked === undefined || asked === "") return undefined;
  const seed = Number(asked);
  if (!Number.isSafeInteger(seed)) throw new Error(`FG_SEED must be an integer, got "${asked}"`);
  return seed;
}

/** A seed for a hand-rolled generator: FG_SEED when replaying, otherwise a new one; print it in assertion messages. */
export function runSeed(): number {
  return replaySeed() ?? Math.floor(Math.random() * 2 ** 31);
}
