/**
 * Bounds on one request's search work: stop when the client has gone away (an AbortSignal, such as
 * a fetch Request's) or when the work passes its budget of wall time. The search checks every
 * `CHECK_EVERY` settled labels, so an unbounded request costs at most its budget plus one stride.
 * `performance.now()` is in every runtime the core runs on (Node, browsers, Deno, Bun, workerd).
 */
import { FungibleError } from "../errors.js";

export interface SearchLimit {
  /** Aborted when the client goes away: the work is dropped with `client_closed_request`. */
  signal?: AbortSignal | undefined;
  /** `performance.now()` past which the work stops with `over_budget`. */
  deadline?: number | undefined;
  /** The budget the deadline came from, for the message. */
  budgetMs?: number | undefined;
  /** The operation named in the error. */
  operation: string;
}

/** Settled labels between two checks: a check costs far less than the stride's work. */
export const CHECK_EVERY = 1024;

/** A limit with a deadline `budgetMs` from now (none when `budgetMs` is undefined). */
export function searchLimit(operation: string, signal?: AbortSignal, budgetMs?: number): SearchLimit {
  return { operation, signal, budgetMs, deadline: budgetMs === undefined ? undefined : performance.now() + budgetMs };
}

/** Throws when the client went away or the budget is spent. */
export function checkLimit(limit: SearchLimit | undefined): void {
  if (limit === undefined) return;
  if (limit.signal?.aborted === true) throw new FungibleError("client_closed_request", `${limit.operation}: the client went away; the work was stopped`);
  if (limit.deadline !== undefined && performance.now() > limit.deadline) {
    throw new FungibleError(
      "over_budget",
      `${limit.operation}: the request needs more than its budget of ${limit.budgetMs} ms of work; retry later, or narrow it (dest_asset_denom, swap_venues)`,
    );
  }
}
