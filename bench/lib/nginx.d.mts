export const NGINX: string;
export const BROTLI_STATIC: string;
export function nginxMissing(): string | null;
export function freePort(): Promise<number>;
export interface Nginx {
  url: string;
  port: number;
  dir: string;
  errorLog(): string;
  stop(): Promise<void>;
}
export function startNginx(http: (port: number, dir: string) => string, options?: { modules?: string[] }): Promise<Nginx>;
export function stopChild(child: import("node:child_process").ChildProcess, signal?: NodeJS.Signals): Promise<void>;
