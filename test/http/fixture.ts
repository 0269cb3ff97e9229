/**
 * The registry the HTTP and CLI tests share: fixtures/http-registry.json (real channel ids and
 * denoms, plus chains named `__proto__` and `constructor` to prove chain ids stay plain data).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildRouter, parseRegistry } from "../../src/index.js";
import type { AssetRouter } from "../../src/index.js";
import { perFile } from "../support/per-file.js";

export const FIXTURE_PATH = fileURLToPath(new URL("../../fixtures/http-registry.json", import.meta.url));

/** Built once per test file (test/support/per-file.ts): building is the slow part, and a router grows as it decodes denoms. */
export const fixtureGraph: () => AssetRouter = perFile(() => buildRouter(parseRegistry(JSON.parse(readFileSync(FIXTURE_PATH, "utf8")))));

export const ATOM_ON_OSMOSIS = "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2";
export const AXL_USDC_ON_OSMOSIS = "ibc/D189335C6E4A68B513C10AB227BF1C1D38C746766278BA3EEB4FB14124F1D858";
export const ATOM_ON_NEUTRON_VIA_OSMOSIS = "ibc/2CA7FA605E0E3AF2E30FF14B7AC2474F2A8533835A16041A044277AED0A8E614";
export const ASTRO_CW20 = "cw20:terra1nsuqsk6kh58ulczatwev87ttq2z6r3pusulg9r24mfj2fvtzd4uq3exn26";
export const USDC_ON_ETHEREUM = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";

/** A request to the handler the way a client sends it; a string or bytes body is sent as is. */
export function jsonRequest(path: string, body: unknown, init: RequestInit = {}): Request {
  return new Request(`http://fungible.test${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body),
    ...init,
  });
}
