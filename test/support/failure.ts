import { FungibleError } from "../../src/index.js";

/** The FungibleError a call throws; any other outcome fails the test. */
export function failure(run: () => unknown): FungibleError {
  try {
    run();
  } catch (error) {
    if (error instanceof FungibleError) return error;
    throw error;
  }
  throw new Error("expected a FungibleError");
}
