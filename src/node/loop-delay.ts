/**
 * Whether the serving thread is behind, read from node's own event-loop delay histogram
 * (node:perf_hooks monitorEventLoopDelay): every SAMPLE_MS the longest delay seen since the last
 * sample is kept and the histogram reset. A turn of the loop that is still running (many requests
 * read at once, each computing) is behind too once the sample is overdue by the limit: the
 * histogram only learns of a turn when it ends. While either is over the limit, requests that would compute
 * are refused with a 503 and Retry-After (./request-listener.ts) rather than promised an answer
 * given too late; /health and replayed answers are still answered. A limit of 0 sheds nothing.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";

const SAMPLE_MS = 100;
/** The histogram's own timer resolution, subtracted from what it reports. */
const RESOLUTION_MS = 10;

export class LoopDelay {
  readonly #histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  readonly #limitMs: number;
  readonly #timer: NodeJS.Timeout | undefined;
  #delayMs = 0;
  #sampledAt = performance.now();
  #closed = false;

  constructor(limitMs: number) {
    this.#limitMs = limitMs;
    if (limitMs <= 0) return;
    this.#histogram.enable();
    this.#timer = setInterval(() => this.sample(), SAMPLE_MS).unref();
  }

  /** The longest delay of the loop in the last sample, in ms. */
  get delayMs(): number {
    return this.#delayMs;
  }

  /**
   * Whether new computing requests are refused now. Never once closed: the server closes it as it
   * starts to drain, and with no more samples every request still in flight would read as overdue.
   */
  get behind(): boolean {
    if (this.#limitMs <= 0 || this.#closed) return false;
    return this.#delayMs > this.#limitMs || performance.now() - this.#sampledAt - SAMPLE_MS > this.#limitMs;
  }

  /** Reads the histogram and starts a new sample (on the timer; tests call it too). */
  sample(): void {
    this.#delayMs = Math.max(0, this.#histogram.max / 1e6 - RESOLUTION_MS);
    this.#histogram.reset();
    this.#sampledAt = performance.now();
  }

  close(): void {
    this.#closed = true;
    clearInterval(this.#timer);
    this.#histogram.disable();
  }
}
