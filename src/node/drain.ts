/**
 * Connection bookkeeping for a drain that resets no request already sent. node:http's close()
 * calls closeIdleConnections(), which races a client that is just reusing an idle keep-alive
 * connection: its request is on the wire when the socket is destroyed. Here, once draining:
 * every answer carries `Connection: close` (so busy connections end after their answer), and an
 * idle connection is closed only after it has been idle for a grace period with no new bytes
 * read (a request that has started arriving is answered first). A hard timeout ends it all.
 */
import type { IncomingMessage, Server } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

interface ConnectionState {
  active: number;
  idleSince: number;
  bytesAtIdle: number;
  /** Requests parsed and not yet answered, in order. */
  pending: Set<IncomingMessage>;
  /** Called once nothing is pending (see afterAnswers). */
  waiters: (() => void)[];
  /** The refusal waited for answers the bad bytes interrupted: it answers the request whose body they are in. */
  answersCut: boolean;
}

const SWEEP_MS = 50;

export class ConnectionTracker {
  readonly #connections = new Map<Socket, ConnectionState>();
  #draining = false;

  get draining(): boolean {
    return this.#draining;
  }

  get size(): number {
    return this.#connections.size;
  }

  add(socket: Socket): void {
    this.#connections.set(socket, { active: 0, idleSince: performance.now(), bytesAtIdle: 0, pending: new Set(), waiters: [], answersCut: false });
    socket.once("close", () => this.#connections.delete(socket));
  }

  requestStarted(socket: Socket, incoming: IncomingMessage): void {
    const state = this.#connections.get(socket);
    if (!state) return;
    state.active++;
    state.pending.add(incoming);
  }

  requestEnded(socket: Socket, incoming: IncomingMessage): void {
    const state = this.#connections.get(socket);
    if (!state) return;
    state.active--;
    state.pending.delete(incoming);
    state.idleSince = performance.now();
    state.bytesAtIdle = socket.bytesRead;
    if (state.waiters.length > 0) setImmediate(() => this.#wake(socket, state));
  }

  /**
   * Runs `then` once every request parsed on this socket has its answer written (a refusal of bad
   * bytes goes out after the answers ahead of it, in order). A pending request that can never
   * complete (the client left mid-upload) ends the connection instead, unless `answersCut`: the
   * bad bytes are inside its body (a bad chunk size, an unsupported Transfer-Encoding), and the
   * refusal is its answer once the complete requests ahead of it are answered. A wait past
   * `maxWaitMs` ends the connection too (a stuck handler must not hold it).
   */
  afterAnswers(socket: Socket, then: () => void, maxWaitMs = 60_000, answersCut = false): void {
    const state = this.#connections.get(socket);
    if (!state || state.pending.size === 0) {
      then();
      return;
    }
    state.answersCut = answersCut;
    const giveUp = setTimeout(() => socket.destroy(), maxWaitMs);
    giveUp.unref();
    state.waiters.push(() => {
      clearTimeout(giveUp);
      then();
    });
    this.#wake(socket, state);
  }

  #wake(socket: Socket, state: ConnectionState): void {
    if (socket.destroyed) {
      state.waiters = [];
      return;
    }
    const incomplete = [...state.pending].filter((incoming) => !incoming.complete).length;
    if (incomplete > 0 && !state.answersCut) {
      state.waiters = [];
      socket.destroy();
      return;
    }
    // With answersCut, the requests whose bodies were cut wait for the refusal: it is their answer.
    if (state.pending.size > incomplete) return;
    const waiters = state.waiters;
    state.waiters = [];
    for (const waiter of waiters) waiter();
  }

  /** Stops accepting, answers what was sent, closes idle connections after `idleGraceMs`; all cut after `timeoutMs`. */
  drain(server: Server, timeoutMs: number, idleGraceMs: number): Promise<void> {
    this.#draining = true;
    return new Promise((resolve, reject) => {
      const sweep = setInterval(() => this.#closeIdle(idleGraceMs), SWEEP_MS);
      const cutoff = setTimeout(() => {
        for (const socket of this.#connections.keys()) socket.destroy();
      }, timeoutMs);
      cutoff.unref();
      // net.Server's close: stop accepting and wait for the connections, WITHOUT http's
      // closeIdleConnections() (the race this class exists to avoid).
      NetServer.prototype.close.call(server, (error?: Error) => {
        clearInterval(sweep);
        clearTimeout(cutoff);
        if (error) reject(error);
        else resolve();
      });
      this.#closeIdle(idleGraceMs);
    });
  }

  #closeIdle(graceMs: number): void {
    const now = performance.now();
    for (const [socket, state] of this.#connections) {
      if (state.active > 0) continue;
      // Bytes since the last answer: a request is arriving; it will be answered with Connection: close.
      if (socket.bytesRead !== state.bytesAtIdle) continue;
      if (now - state.idleSince >= graceMs) socket.destroy();
    }
  }
}
