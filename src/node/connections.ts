/**
 * The one per-connection tracker of the Node server: requests answered in turn, refusals after
 * the answers ahead of them, and the drain.
 *
 * node:http answers pipelined requests in order, but calls the handler for all of them at once;
 * here each connection runs ONE request at a time: the next starts once the answer before it is
 * handed to the socket ('finish'; a client that does not read holds it up), so a connection holds
 * at most one answer. At most `maxPipelined` may wait; the next is refused (503, the connection
 * closes). The drain answers what was sent before node's close() stops accepting (see drain()).
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

type Run = () => void;

const SWEEP_MS = 50;

interface Connection {
  /** Requests parsed and not yet answered, in order of arrival. */
  pending: Set<IncomingMessage>;
  /** The answer being written on this connection, if any. */
  answering: ServerResponse | null;
  waiting: Run[];
  /** A request past maxPipelined was refused: nothing after it runs. */
  refused: boolean;
  /** Called once nothing is pending (see afterAnswers). */
  waiters: Run[];
  idleSince: number;
  bytesAtIdle: number;
  /** The refusal waits for the answers the bad bytes interrupted: it answers the request whose body they are in. */
  answersCut: boolean;
}

export class Connections {
  readonly #open = new Map<Socket, Connection>();
  readonly #maxPipelined: number;
  #draining = false;

  constructor(maxPipelined: number) {
    this.#maxPipelined = maxPipelined;
  }

  get maxPipelined(): number {
    return this.#maxPipelined;
  }

  /** Whether a request of this connection is being read or answered. */
  busy(socket: Socket): boolean {
    return (this.#open.get(socket)?.pending.size ?? 0) > 0;
  }

  /** Whether the client sent bytes since its last answer that make no whole request yet (a request line or headers still arriving). */
  partial(socket: Socket): boolean {
    const connection = this.#open.get(socket);
    return connection !== undefined && connection.pending.size === 0 && socket.bytesRead > connection.bytesAtIdle;
  }

  add(socket: Socket): void {
    const connection: Connection = { pending: new Set(), answering: null, idleSince: performance.now(), bytesAtIdle: 0, waiting: [], refused: false, waiters: [], answersCut: false };
    this.#open.set(socket, connection);
    socket.once("close", () => {
      this.#open.delete(socket);
      connection.waiting = [];
    });
  }

  /**
   * Runs `run` (which answers `outgoing`) now, or once the answers before it on its connection are
   * handed to the socket; `refuse` instead when maxPipelined already wait (nothing after it runs).
   */
  inTurn(incoming: IncomingMessage, outgoing: ServerResponse, run: Run, refuse: Run): void {
    const socket = incoming.socket;
    const connection = this.#open.get(socket);
    if (connection === undefined) return run();
    connection.pending.add(incoming);
    outgoing.once("close", () => this.#ended(socket, connection, incoming));
    if (connection.refused) return;
    const turn = () => this.#start(socket, connection, outgoing, run);
    if (connection.answering === null) return turn();
    if (connection.waiting.length >= this.#maxPipelined) {
      connection.refused = true;
      connection.waiting.push(() => this.#start(socket, connection, outgoing, refuse));
      return;
    }
    connection.waiting.push(turn);
  }

  #start(socket: Socket, connection: Connection, outgoing: ServerResponse, run: Run): void {
    connection.answering = outgoing;
    let done = false;
    const next = () => {
      if (done) return;
      done = true;
      connection.answering = null;
      const following = connection.waiting.shift();
      // On a later turn of the loop: other connections are served between two pipelined answers.
      if (following !== undefined) setImmediate(() => socket.destroyed || following());
    };
    outgoing.once("finish", next);
    outgoing.once("close", next);
    if (this.#draining) outgoing.setHeader("connection", "close");
    if (!socket.destroyed) run();
  }

  #ended(socket: Socket, connection: Connection, incoming: IncomingMessage): void {
    connection.pending.delete(incoming);
    connection.idleSince = performance.now();
    connection.bytesAtIdle = socket.bytesRead;
    if (connection.waiters.length > 0) setImmediate(() => this.#wake(socket, connection));
  }

  /**
   * Runs `then` once every request parsed on this socket has its answer written (a refusal of bad
   * bytes goes out after the answers ahead of it, in order). A pending request that can never
   * complete (the client left mid-upload) ends the connection instead, unless `answersCut`: the
   * bad bytes are inside its body, and the refusal is its answer once the complete requests ahead
   * of it are answered. A wait past `maxWaitMs` ends the connection (a stuck handler must not hold it).
   */
  afterAnswers(socket: Socket, then: Run, maxWaitMs = 60_000, answersCut = false): void {
    const connection = this.#open.get(socket);
    if (!connection || connection.pending.size === 0) return then();
    connection.answersCut = answersCut;
    const giveUp = setTimeout(() => socket.destroy(), maxWaitMs);
    giveUp.unref();
    connection.waiters.push(() => {
      clearTimeout(giveUp);
      then();
    });
    this.#wake(socket, connection);
  }

  #wake(socket: Socket, connection: Connection): void {
    if (socket.destroyed) {
      connection.waiters = [];
      return;
    }
    const incomplete = [...connection.pending].filter((incoming) => !incoming.complete).length;
    if (incomplete > 0 && !connection.answersCut) {
      connection.waiters = [];
      socket.destroy();
      return;
    }
    // With answersCut, the requests whose bodies were cut wait for the refusal: it is their answer.
    if (connection.pending.size > incomplete) return;
    const waiters = connection.waiters;
    connection.waiters = [];
    for (const waiter of waiters) waiter();
  }

  /**
   * The drain, with node's own close: every answer from now says `Connection: close`; a connection
   * idle for `idleGraceMs` with no byte read since is closed (a request already on its way is
   * answered); once no connection is idle for less than that (at most 2 x idleGraceMs),
   * `server.close()` stops accepting and closes what is idle then (only connections accepted an
   * instant before). `closeAllConnections()` cuts what is left after `timeoutMs`.
   */
  drain(server: Server, timeoutMs: number, idleGraceMs: number): Promise<void> {
    this.#draining = true;
    for (const { answering } of this.#open.values()) if (answering !== null && !answering.headersSent) answering.setHeader("connection", "close");
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const cutoff = setTimeout(() => server.closeAllConnections(), timeoutMs);
      cutoff.unref();
      const sweep = setInterval(() => {
        if (this.#closeIdle(idleGraceMs) > 0 && performance.now() - started < 2 * idleGraceMs) return;
        clearInterval(sweep);
        server.close((error?: Error) => {
          clearTimeout(cutoff);
          if (error) reject(error);
          else resolve();
        });
      }, SWEEP_MS);
    });
  }

  /** Closes connections idle for `graceMs` with no byte read since; returns how many idle ones are left. */
  #closeIdle(graceMs: number): number {
    const now = performance.now();
    let left = 0;
    for (const [socket, connection] of this.#open) {
      if (connection.pending.size > 0 || socket.bytesRead !== connection.bytesAtIdle) continue;
      if (now - connection.idleSince >= graceMs) socket.destroy();
      else left++;
    }
    return left;
  }
}
