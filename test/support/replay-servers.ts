/**
 * Chain REST replay servers (bench/lib/replay-lcd.mjs) a test file starts, each closed after the
 * test that started it: call once at the top of a file, then `serve(network, routes)` in a test.
 */
import { afterEach } from "vitest";
import { replayLcd, type Answer, type ReplayServer } from "../../bench/lib/replay-lcd.mjs";

export function replayServers(): (network: string, routes: Record<string, Answer>) => Promise<ReplayServer> {
  const servers: ReplayServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (network, routes) => {
    const server = await replayLcd(network, routes);
    servers.push(server);
    return server;
  };
}
