/**
 * LoopDelay (src/node/loop-delay.ts): a sample overdue by more than the limit means the loop is
 * behind; once closed (the server starts to drain), nothing is behind, however long the drain takes:
 * a closed monitor takes no more samples, so every request still in flight read as overdue and got a
 * 503 (the SIGTERM-under-load test of test/cli/serve-reload.test.ts, on a busy CI machine).
 * performance.now alone is faked, so time passes with no sample taken, as in a turn that runs long.
 */
import { afterEach, expect, test, vi } from "vitest";
import { LoopDelay } from "../../src/node/loop-delay.js";

afterEach(() => {
  vi.useRealTimers();
});

test("behind once a sample is overdue by the limit; never behind once closed", () => {
  vi.useFakeTimers({ toFake: ["performance"] });
  const loop = new LoopDelay(1_000);
  try {
    vi.advanceTimersByTime(500);
    expect(loop.behind).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(loop.behind).toBe(true);
    loop.close();
    expect(loop.behind).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(loop.behind).toBe(false);
  } finally {
    loop.close();
  }
});

test("a limit of 0 is never behind", () => {
  vi.useFakeTimers({ toFake: ["performance"] });
  const loop = new LoopDelay(0);
  vi.advanceTimersByTime(10_000);
  expect(loop.behind).toBe(false);
  loop.close();
});
