// Types of build.mjs, for the TypeScript tests that import it (test/integration/runtimes).
import type { Metafile } from "esbuild";

export declare const WORKER_ENTRY: string;
export declare const WORKER_CONDITIONS: string[];
export declare const LEFT_OUT: RegExp;
export declare function bundleWorker(options?: {
  entry?: string;
  packageFrom?: string;
  minify?: boolean;
  external?: string[];
}): Promise<{ code: Uint8Array; metafile: Metafile; esbuildVersion: string }>;
