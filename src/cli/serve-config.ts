/** What `serve` was asked to do, shared by the single process and the cluster primary. */
export interface ServeConfig {
  port: number;
  host: string;
  registry: string | undefined;
  snapshot: string | undefined;
  workers: number;
  quiet: boolean;
  bodyLimit: number | undefined;
}
