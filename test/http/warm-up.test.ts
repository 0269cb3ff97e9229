/**
 * warmUp (src/http/warm-up.ts): sends requests made from the data through a handler's pipeline at
 * start-up, and changes no answer. Checked against the registry itself (which chain has the most
 * channels, which of its counterparties lists the fewest assets) and against a handler over a
 * router that was never warmed: every answer, its status, body and headers (ETag included), byte
 * for byte.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createFetchHandler, warmUp } from "../../src/entries/http.js";
import { buildRouter, FungibleError, isFungibleError, parseRegistry } from "../../src/index.js";
import { FIXTURE_PATH, fixtureGraph } from "./fixture.js";

const FROM_SOURCE = "/v2/fungible/assets_from_source";
const BETWEEN = "/v2/fungible/assets_between_chains";
/** A response's headers as `[name, value]` pairs, in order. */
function headerList(headers: Headers): [string, string][] {
  const list: [string, string][] = [];
  headers.forEach((value, name) => list.push([name, value]));
  return list;
}

const freshRouter = () => buildRouter(parseRegistry(JSON.parse(readFileSync(FIXTURE_PATH, "utf8"))));

describe("warmUp", () => {
  const router = freshRouter();
  let report: Awaited<ReturnType<typeof warmUp>>;
  beforeAll(async () => {
    report = await warmUp(router);
  });

  it("asks assets_from_source from a native asset of the chain with the most IBC channels, and assets_between_chains to it from its counterparty listing the fewest assets", () => {
    const ends = new Map<string, number>();
    for (const channel of router.registry.ibc_channels) {
      for (const end of [channel.chain_1, channel.chain_2]) ends.set(end.chain_id, (ends.get(end.chain_id) ?? 0) + 1);
    }
    const most = Math.max(...ends.values());
    expect(report.requests.map((request) => [request.path, request.status])).toEqual([
      [FROM_SOURCE, 200],
      [BETWEEN, 200],
    ]);
    const fromSource = new URLSearchParams(report.requests[0]!.query);
    const hub = fromSource.get("source_asset_chain_id")!;
    expect(ends.get(hub)).toBe(most);
    expect(fromSource.get("allow_multi_tx")).toBe("true");
    const asset = router.registry.assets.find((candidate) => candidate.chain_id === hub && candidate.denom === fromSource.get("source_asset_denom"));
    expect(asset).toMatchObject({ trace: "", origin_chain_id: hub, is_cw20: false });
    const between = new URLSearchParams(report.requests[1]!.query);
    expect(between.get("dest_chain_id")).toBe(hub);
    const peers = new Set(router.registry.ibc_channels.flatMap(({ chain_1, chain_2 }) => (chain_1.chain_id === hub ? [chain_2.chain_id] : chain_2.chain_id === hub ? [chain_1.chain_id] : [])));
    const listed = (chain: string) => router.registry.assets.filter((asset) => asset.chain_id === chain).length;
    const source = between.get("source_chain_id")!;
    expect(peers.has(source)).toBe(true);
    for (const peer of peers) expect(listed(source)).toBeLessThanOrEqual(listed(peer));
  });

  it("makes the same requests for the same data", async () => {
    expect(await warmUp(freshRouter())).toEqual(report);
  });

  it("changes no answer: a handler over the warmed router answers as one over a router never warmed", async () => {
    const warmed = createFetchHandler(router);
    const cold = createFetchHandler(fixtureGraph());
    const targets = [
      ...report.requests.map((request) => `${request.path}?${request.query}`),
      `${FROM_SOURCE}?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4`,
      `${FROM_SOURCE}?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4&allow_multi_tx=true`,
      `${FROM_SOURCE}?source_asset_denom=nope&source_asset_chain_id=osmosis-1`,
      `${BETWEEN}?source_chain_id=cosmoshub-4&dest_chain_id=osmosis-1`,
    ];
    for (const target of targets) {
      const [a, b] = await Promise.all([warmed(new Request(`http://fungible.test${target}`)), cold(new Request(`http://fungible.test${target}`))]);
      expect(a.status, target).toBe(b.status);
      expect(headerList(a.headers), target).toEqual(headerList(b.headers));
      expect(await a.text(), target).toBe(await b.text());
    }
  });

  it("through the serving handler too: its answers afterwards are a never-warmed handler's, byte for byte, the warm requests' included", async () => {
    const serving = createFetchHandler(freshRouter());
    const warmed = await warmUp(freshRouter(), serving);
    expect(warmed).toEqual(report);
    const cold = createFetchHandler(fixtureGraph());
    for (const target of [...report.requests.map((request) => `${request.path}?${request.query}`), `${FROM_SOURCE}?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4`]) {
      const [a, b] = [await serving(new Request(`http://fungible.test${target}`)), await cold(new Request(`http://fungible.test${target}`))];
      expect(a.status, target).toBe(b.status);
      expect(headerList(a.headers), target).toEqual(headerList(b.headers));
      expect(await a.text(), target).toBe(await b.text());
    }
    let thrown: unknown;
    try {
      await warmUp(freshRouter(), "handler" as never);
    } catch (error) {
      thrown = error;
    }
    expect(isFungibleError(thrown) && thrown.code).toBe("invalid_config");
  });

  it("takes a router's refusal of its question as that request's answer, and throws what is a bug", async () => {
    const refusing = freshRouter();
    vi.spyOn(refusing, "assetsFromSource").mockImplementation(() => {
      throw new FungibleError("unknown_asset", "this router answers no assets_from_source");
    });
    expect((await warmUp(refusing)).requests.map((request) => request.status)).toEqual([404, 200]);
    const broken = freshRouter();
    vi.spyOn(broken, "assetsFromSource").mockImplementation(() => {
      throw new TypeError("a bug");
    });
    await expect(warmUp(broken)).rejects.toThrow("a bug");
  });

  it("warms nothing from a registry without channels, and refuses what is not a router", async () => {
    const registry = JSON.parse(readFileSync(FIXTURE_PATH, "utf8")) as { ibc_channels: unknown[] };
    registry.ibc_channels = [];
    expect(await warmUp(buildRouter(parseRegistry(registry)))).toEqual({ requests: [] });
    for (const bad of [undefined, null, {}, "router"]) {
      let thrown: unknown;
      try {
        await warmUp(bad as never);
      } catch (error) {
        thrown = error;
      }
      expect(isFungibleError(thrown) && thrown.code).toBe("invalid_config");
    }
  });
});
