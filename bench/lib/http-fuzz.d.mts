export interface FuzzResult {
  sent: number;
  answered: number;
  failures: number;
  examples: { why: string; request: string }[];
  statuses: Record<string, number>;
  ms: number;
}
export function runFuzz(options: { port: number; count: number; seed?: number; concurrency?: number; budgetMs?: number }): Promise<FuzzResult>;
export function judge(request: string, response: { bytes: Buffer; error: string | null }): string | null;
export function exchange(port: number, request: string, timeoutMs?: number): Promise<{ bytes: Buffer; error: string | null }>;
export const rawRequestArbitrary: import("fast-check").Arbitrary<string>;
