export type FuzzMode = "close" | "keep-alive" | "pipelined";
export interface FuzzResult {
  mode: FuzzMode;
  /** Requests sent (junk after a sequence not counted). */
  sent: number;
  /** Requests answered in full (in the sequence modes: of those owed an answer). */
  answered: number;
  /** Sequence modes: requests the server owed an answer to (none after an answer announcing a close). */
  owed?: number;
  /** Sequence modes: connections used, and how many ended with junk bytes. */
  connections?: number;
  junk?: number;
  failures: number;
  examples: { why: string; request: string }[];
  statuses: Record<string, number>;
  ms: number;
}
export interface Sequence {
  requests: string[];
  junk: string;
}
export function runFuzz(options: { port: number; count: number; seed?: number; concurrency?: number; budgetMs?: number; mode?: FuzzMode }): Promise<FuzzResult>;
export function judge(request: string, response: { bytes: Buffer; error: string | null }): string | null;
export function judgeSequence(sequence: Sequence, response: { bytes: Buffer; error: string | null; timedOut: boolean }): { verdicts: (string | null)[]; answered: number; owed: number };
export function splitAnswers(bytes: Buffer, requests: string[]): { answers: { bytes: Buffer; close: boolean; status: number }[]; rest: Buffer };
export function exchange(port: number, request: string, timeoutMs?: number): Promise<{ bytes: Buffer; error: string | null }>;
export function exchangeSequence(port: number, sequence: Sequence, mode: "keep-alive" | "pipelined", timeoutMs?: number): Promise<{ bytes: Buffer; error: string | null; timedOut: boolean }>;
export const rawRequestArbitrary: import("fast-check").Arbitrary<string>;
export const sequenceArbitrary: import("fast-check").Arbitrary<Sequence>;
