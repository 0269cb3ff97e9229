/**
 * A suite that needs a program the root install does not bring (a browser, nginx, jupyter, Deno,
 * Bun, python3) is skipped on a contributor's machine where the program is missing, its title
 * saying why. In CI (.ci/run sets FG_REQUIRE_TOOLS=1) a missing program fails the run instead:
 * a CI run never passes by skipping what it was meant to test.
 */

/** True when CI asked for every tool (FG_REQUIRE_TOOLS=1). */
export const toolsRequired = process.env.FG_REQUIRE_TOOLS === "1";

/**
 * `why` (the reason a tool is missing; null or undefined when it is there), returned as it is for
 * the caller's skipIf; under FG_REQUIRE_TOOLS=1 a reason is thrown instead, failing the test file.
 */
export function missingTool<T extends string | null | undefined>(why: T): T {
  if (why !== null && why !== undefined && toolsRequired) {
    throw new Error(`a tool this suite needs is missing, and FG_REQUIRE_TOOLS=1 (CI) makes that a failure, not a skip: ${why}`);
  }
  return why;
}
