/**
 * A local REST (LCD) endpoint on 127.0.0.1 replaying recorded answers (fixtures/lcd/, sources kept
 * there), plus faults: slow, 5xx, truncated, endless, redirected and wrong-chain answers. One
 * server per chain endpoint; each counts the requests it served.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Recording {
  source: string;
  date: string;
  request: unknown;
  response: Record<string, unknown>;
}

export function recording(name: string): Recording {
  return JSON.parse(readFileSync(new URL(`../../fixtures/lcd/${name}.json`, import.meta.url), "utf8")) as Recording;
}

type Fault =
  | { fault: "slow"; ms: number; body: unknown }
  | { fault: "truncated" | "endless" | "garbage" }
  | { fault: "redirect"; location: string }
  | { fault: "503-once"; body: unknown };
export type Answer = { body: unknown } | { status: number; body?: unknown } | Fault;

export interface ReplayServer {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

/** Serves `routes` (path with query -> answer; a path without query also matches any query), `node_info` naming `network`. */
export async function replayLcd(network: string, routes: Record<string, Answer>): Promise<ReplayServer> {
  const requests: string[] = [];
  const failedOnce = new Set<string>();
  const server: Server = createServer((req, res) => {
    const path = req.url ?? "/";
    requests.push(path);
    // node_info has no recording among the fixtures: the documented shape (cosmos-sdk GetNodeInfoResponse), its one field we read.
    const answer: Answer | undefined =
      routes[path] ?? routes[path.split("?")[0]!] ?? (path === "/cosmos/base/tendermint/v1beta1/node_info" ? { body: { default_node_info: { network } } } : undefined);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (answer === undefined) return json(404, { code: 5, message: "not found", details: [] });
    if ("fault" in answer) {
      const fault = answer as Fault;
      switch (fault.fault) {
        case "slow":
          return void setTimeout(() => json(200, fault.body), fault.ms).unref();
        case "503-once":
          if (!failedOnce.has(path)) {
            failedOnce.add(path);
            return json(503, { message: "unavailable" });
          }
          return json(200, fault.body);
        case "truncated":
          res.writeHead(200, { "content-type": "application/json", "content-length": "400" });
          // The connection drops mid-body, as a proxy that dies does.
          res.write('{"channels": [{"state": "STATE_OP');
          return void setTimeout(() => res.socket?.destroy(), 20).unref();
        case "garbage":
          res.writeHead(200, { "content-type": "application/json" });
          return void res.end("<html>gateway error</html>");
        case "endless": {
          res.writeHead(200, { "content-type": "application/json" });
          res.write('{"channels": [');
          const chunk = `${JSON.stringify({ state: "STATE_OPEN", port_id: "transfer", channel_id: "channel-0" })},`.repeat(200);
          const pump = () => {
            if (res.destroyed) return;
            if (res.write(chunk)) setImmediate(pump);
            else res.once("drain", pump);
          };
          return pump();
        }
        case "redirect":
          res.writeHead(302, { location: fault.location });
          return void res.end();
      }
    }
    const plain = answer as { status?: number; body?: unknown };
    json(plain.status ?? 200, plain.body ?? {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A recorded channel-list entry (cosmoshub-4's, fixtures/lcd/blockpi_cosmoshub-4_channels.json) rewritten to a transfer channel end. */
export function channelEntry(end: { channel: string; state: string; counterparty: string; connection: string }) {
  const entry = (recording("blockpi_cosmoshub-4_channels").response.channels as Record<string, unknown>[])[0]!;
  return {
    ...entry,
    state: end.state,
    ordering: "ORDER_UNORDERED",
    counterparty: { port_id: "transfer", channel_id: end.counterparty },
    connection_hops: [end.connection],
    version: "ics20-1",
    port_id: "transfer",
    channel_id: end.channel,
  };
}

/** The recorded list page with these entries and no next page. */
export function channelList(...entries: unknown[]) {
  const page = recording("blockpi_cosmoshub-4_channels").response;
  return { ...page, channels: entries, pagination: { next_key: null, total: String(entries.length) } };
}

/** The recorded connection (cosmoshub-4 connection-188) on another client. */
export function connection(clientId: string) {
  const body = recording("blockpi_cosmoshub-4_connection_connection-188").response;
  return { ...body, connection: { ...(body.connection as object), client_id: clientId } };
}

/** The recorded client state (cosmoshub-4 07-tendermint-0, trusting period 1209600s) tracking `chainId` at `height`. */
export function clientState(chainId: string, revision: string, height: string) {
  const body = recording("blockpi_cosmoshub-4_client_state_07-tendermint-0").response;
  const state = body.client_state as Record<string, unknown>;
  return { ...body, client_state: { ...state, chain_id: chainId, latest_height: { revision_number: revision, revision_height: height } } };
}
