export interface Recording {
  source: string;
  date: string;
  request: unknown;
  response: Record<string, any>;
}
type Fault =
  | { fault: "slow"; ms: number; body: unknown }
  | { fault: "truncated" | "endless" | "garbage" }
  | { fault: "redirect"; location: string }
  | { fault: "503-once"; body: unknown };
export type Answer = { body: unknown } | { status: number; body?: unknown } | { page: { head: object; entries: object[] } } | Fault;
export interface ReplayServer {
  url: string;
  requests: string[];
  close(): Promise<void>;
}
export interface ReplayChains {
  urls: Record<string, string>;
  requests: string[];
  close(): Promise<void>;
}
export function recording(name: string): Recording;
export function replayLcd(network: string, routes: Record<string, Answer>): Promise<ReplayServer>;
export function replayChains(chains: Record<string, Record<string, Answer>>): Promise<ReplayChains>;
export interface ChannelEnd {
  channel: string;
  state: string;
  counterparty: string;
  connection: string;
  port?: string;
  counterpartyPort?: string;
}
export function channelEntry(end: ChannelEnd): Record<string, unknown>;
export function channelList(...entries: unknown[]): Record<string, unknown>;
export function pagedChannelList(entries: object[]): Answer;
export function connection(clientId: string): Record<string, unknown>;
export function clientState(chainId: string, revision: string, height: string): Record<string, unknown>;
export function wasmClientState(height?: string): Record<string, unknown>;
export function consensusState(timestamp?: string): Record<string, unknown>;
export const CLIENT_STATUS: { Active: () => Record<string, unknown>; Expired: () => Record<string, unknown> };
export const TRANSFER_PARAMS: string;
export const LATEST_BLOCK: string;
export const MODULE_VERSIONS: string;
export const RATE_LIMITS: { ibcGo: string; ibcApps: string };
export function transferParams(send?: boolean, receive?: boolean): Record<string, unknown>;
export function latestBlock(chainId: string, time: string, height?: string): Record<string, unknown>;
export function moduleVersions(forwards?: boolean, extra?: string[]): Record<string, unknown>;
export interface ReplayRateLimit {
  denom: string;
  channel: string;
  maxSend: number;
  maxRecv?: number;
  hours?: number;
  inflow: number;
  outflow: number;
  channelValue: number;
}
export function rateLimits(limits: ReplayRateLimit[]): Record<string, unknown>;
