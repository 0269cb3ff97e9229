/**
 * What bounds one connection's memory. node:http parses every request pipelined in one write at
 * once and calls the handler for each at once; it only holds back their answers, in memory, until
 * the client reads. Here each connection runs ONE request at a time, in order: the next starts
 * when the answer before it has been handed to the socket (a client that does not read never
 * gets a second answer computed for it), at most `maxPipelined` wait behind it (the one past that
 * gets a 503 and the connection closes after it), and a client that stops taking bytes is cut:
 * at once when it holds more than `outputBudgetBytes` unsent and has taken nothing for a second,
 * and whatever it holds after `sendTimeoutMs` without taking a byte (nginx's send_timeout).
 *
 * Across connections, requests start in time slices: once handlers have run for SLICE_MS of CPU
 * since the loop last turned, the next ones wait for the next turn, so a burst of expensive
 * requests on many connections lets every other connection in between them. A turn that overran
 * its slice (one uncached answer of every asset is ~0.3 s of JSON writing that cannot be split)
 * buys the loop as long again with no request started (at most MAX_REST_MS): Node accepts one
 * connection per turn of its loop, so without that rest a stream of expensive requests left new
 * connections, /health probes among them, in the kernel's accept queue for seconds. An urgent
 * request (/health, an answer replayed from the cache) never waits, and once the oldest waiting
 * request has waited `maxQueueWaitMs`, new ones are refused (503 with Retry-After) until the
 * backlog clears: the process stays responsive rather than promising answers it will give too late.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

export interface ConnectionLimits {
  /** Requests waiting behind the one being answered, per connection. */
  maxPipelined: number;
  /** Unsent answer bytes a connection may hold while its client takes none (for more than a second). */
  outputBudgetBytes: number;
  /** How long a connection may hold unsent answer bytes while its client takes none. */
  sendTimeoutMs: number;
  /** How long a request may wait for its time slice before new ones are refused. */
  maxQueueWaitMs: number;
}

type Run = () => void;
/** Why a request is refused: too many waiting on its connection, or the whole process is behind. */
export type Refusal = "pipelined" | "busy";

interface Line {
  /** The request being answered (its answer not yet handed to the socket), or null. */
  active: ServerResponse | null;
  waiting: { outgoing: ServerResponse; run: Run; urgent: boolean }[];
  /** A request past maxPipelined was refused: nothing after it is run. */
  refused: boolean;
}

interface Watched {
  flushed: number;
  progressAt: number;
}

/** Handler time after which the next request waits for the event loop to turn. */
const SLICE_MS = 20;
/** Longest rest after a turn that overran its slice (a render or a search near its budget). */
const MAX_REST_MS = 500;
/** How often stalled writers are looked for. */
const SWEEP_MS = 250;
/** How long a connection over the byte budget may go without taking a byte. */
const OVER_BUDGET_GRACE_MS = 1000;

export class ConnectionQueue {
  readonly #lines = new WeakMap<Socket, Line>();
  readonly #watched = new Map<Socket, Watched>();
  readonly #limits: ConnectionLimits;
  readonly #onCut: (socket: Socket, why: string) => void;
  #sweep: NodeJS.Timeout | undefined;
  /** Handler time since the loop last turned (see #slice). */
  #spent = 0;
  readonly #deferred: { run: Run; since: number }[] = [];
  #turnScheduled = false;
  /** No deferred request starts before this time: the loop rests after a turn that overran. */
  #restUntil = 0;

  constructor(limits: ConnectionLimits, onCut: (socket: Socket, why: string) => void) {
    this.#limits = limits;
    this.#onCut = onCut;
  }

  /**
   * Runs `run` (which answers `outgoing`) now, or once the answers before it on its connection are
   * handed to the socket; `refuse` instead when too many wait. Returns false when the request is
   * dropped unanswered (behind a refusal, the connection is closing).
   */
  enqueue(incoming: IncomingMessage, outgoing: ServerResponse, run: Run, refuse: (why: Refusal) => void, urgent = false): boolean {
    const socket = incoming.socket;
    let line = this.#lines.get(socket);
    if (line === undefined) {
      line = { active: null, waiting: [], refused: false };
      this.#lines.set(socket, line);
      socket.once("close", () => this.#closed(socket, line!));
    }
    if (line.refused) return false;
    const guarded = urgent ? run : () => (this.#behind() ? refuse("busy") : run());
    if (line.active === null) {
      this.#start(socket, line, outgoing, guarded, urgent);
      return true;
    }
    if (line.waiting.length >= this.#limits.maxPipelined) {
      line.refused = true;
      line.waiting.push({ outgoing, run: () => refuse("pipelined"), urgent: true });
      return true;
    }
    line.waiting.push({ outgoing, run: guarded, urgent });
    return true;
  }

  /** The oldest request waiting for a time slice has waited too long. */
  #behind(): boolean {
    const oldest = this.#deferred[0];
    return oldest !== undefined && performance.now() - oldest.since > this.#limits.maxQueueWaitMs;
  }

  get maxPipelined(): number {
    return this.#limits.maxPipelined;
  }

  /** Stops the sweep (the server is closed). */
  close(): void {
    if (this.#sweep) clearInterval(this.#sweep);
    this.#sweep = undefined;
  }

  #start(socket: Socket, line: Line, outgoing: ServerResponse, run: Run, urgent: boolean): void {
    line.active = outgoing;
    this.#watch(socket);
    let done = false;
    const next = () => {
      if (done) return;
      done = true;
      line.active = null;
      const following = line.waiting.shift();
      if (following === undefined || socket.destroyed) return;
      // On a later turn of the loop: other connections (a /health probe) are served between two pipelined answers.
      setImmediate(() => {
        if (socket.destroyed) return;
        this.#start(socket, line, following.outgoing, following.run, following.urgent);
      });
    };
    // 'finish': the answer is handed to the socket (a client that does not read holds it up).
    outgoing.once("finish", next);
    outgoing.once("close", next);
    const guarded = () => {
      if (!socket.destroyed) run();
    };
    if (urgent) guarded();
    else this.#slice(guarded);
  }

  /**
   * Runs `run` now, or on a later turn of the loop when this turn's slice is spent, the loop is
   * resting, or requests wait before it (they start in order). Each turn runs deferred requests
   * (at least one) until its slice is spent, then gives the next poll of the sockets a fresh
   * slice, or, when it overran, a rest as long as the overrun: a cheap request arriving then (a
   * /health probe) runs at once, whatever expensive ones still wait.
   */
  #slice(run: Run): void {
    if (this.#spent >= SLICE_MS || this.#deferred.length > 0 || performance.now() < this.#restUntil) {
      this.#deferred.push({ run, since: performance.now() });
      this.#nextTurn();
      return;
    }
    this.#timed(run);
  }

  #timed(run: Run): void {
    const started = performance.now();
    try {
      run();
    } finally {
      const now = performance.now();
      this.#spent += now - started;
      if (this.#spent >= SLICE_MS) {
        this.#restUntil = Math.max(this.#restUntil, now + Math.min(MAX_REST_MS, this.#spent - SLICE_MS));
        this.#nextTurn();
      }
    }
  }

  #nextTurn(): void {
    if (this.#turnScheduled) return;
    this.#turnScheduled = true;
    const turn = () => {
      this.#turnScheduled = false;
      this.#spent = 0;
      while (this.#deferred.length > 0 && this.#spent < SLICE_MS) this.#timed(this.#deferred.shift()!.run);
      this.#spent = 0;
      if (this.#deferred.length > 0) this.#nextTurn();
    };
    const rest = this.#restUntil - performance.now();
    // A timer, not setImmediate, while resting: the loop then turns (and accepts) as often as sockets ask.
    if (rest > 1) setTimeout(turn, rest);
    else setImmediate(turn);
  }

  #closed(socket: Socket, line: Line): void {
    line.waiting = [];
    line.active = null;
    this.#watched.delete(socket);
  }

  #watch(socket: Socket): void {
    if (!this.#watched.has(socket)) this.#watched.set(socket, { flushed: flushedOf(socket), progressAt: performance.now() });
    this.#sweep ??= setInterval(() => this.#look(), SWEEP_MS).unref();
  }

  /** Cuts connections whose clients stopped taking bytes; forgets idle ones. */
  #look(): void {
    const now = performance.now();
    for (const [socket, seen] of this.#watched) {
      if (socket.destroyed) {
        this.#watched.delete(socket);
        continue;
      }
      const unsent = socket.writableLength;
      const flushed = flushedOf(socket);
      if (unsent === 0 || flushed !== seen.flushed) {
        seen.flushed = flushed;
        seen.progressAt = now;
        if (unsent === 0 && this.#lines.get(socket)?.active == null) this.#watched.delete(socket);
        continue;
      }
      const stalled = now - seen.progressAt;
      if (unsent > this.#limits.outputBudgetBytes && stalled >= OVER_BUDGET_GRACE_MS) {
        this.#cut(socket, `it holds ${unsent} unsent bytes (budget ${this.#limits.outputBudgetBytes}) and took none for ${Math.round(stalled)} ms`);
      } else if (stalled >= this.#limits.sendTimeoutMs) {
        this.#cut(socket, `it took none of ${unsent} unsent bytes for ${Math.round(stalled)} ms`);
      }
    }
    if (this.#watched.size === 0) this.close();
  }

  #cut(socket: Socket, why: string): void {
    this.#watched.delete(socket);
    this.#onCut(socket, why);
    socket.destroy();
  }
}

/**
 * Bytes the kernel has taken from the socket. node counts a chunk in `writableLength` until ALL of
 * it is written, so a 9 MB answer read steadily shows no progress there; libuv's write queue size
 * (what node's own stream code reads) falls as the client reads. Without it, whole chunks count.
 */
function flushedOf(socket: Socket): number {
  const queued = (socket as Socket & { _handle?: { writeQueueSize?: unknown } })._handle?.writeQueueSize;
  return socket.bytesWritten - (typeof queued === "number" ? queued : socket.writableLength);
}
