/**
 * The registry boundary: ids that cannot be written as `<chain_id>:<denom>` are refused by
 * parseRegistry (with their path) and left out by the chain-registry adapter (with an issue);
 * hostile text elsewhere is kept exactly and reported by validate as `unsafe_text`, with its path.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { FungibleError } from "../../src/index.js";
import { loadChainRegistryWithIssues } from "../../src/entries/chain-registry.js";
import { parseRegistry, type RegistryInput } from "../../src/index.js";
import { validateRegistry } from "../../src/index.js";
import { codes, convert, cosmosChain, data, ibcPair, ibcTrace, list, nativeAsset, transferChannel, voucherAsset } from "../registry/chain-registry-builders.js";

export const HOSTILE_PATH = new URL("../../fixtures/hostile-registry.json", import.meta.url);
const hostile = (): RegistryInput => JSON.parse(readFileSync(HOSTILE_PATH, "utf8")) as RegistryInput;

function refusal(input: unknown): FungibleError {
  try {
    parseRegistry(input);
  } catch (error) {
    if (error instanceof FungibleError) return error;
    throw error;
  }
  throw new Error("parseRegistry accepted the registry");
}

describe("parseRegistry: ids fit <chain_id>:<denom>", () => {
  test("a ':' in a chain id is refused with the path and the reason", () => {
    const input = hostile();
    input.chains[2]!.chain_id = "side:1";
    const error = refusal(input);
    expect(error.code).toBe("invalid_registry");
    expect(error.details).toContainEqual({ path: ["chains", 2, "chain_id"], message: expect.stringContaining("contains ':'") });
  });

  test("a newline in a chain id is refused, and no message quotes it raw (no forged line)", () => {
    const input = hostile();
    input.assets[5]!.chain_id = "side-1\nreload ok (SIGHUP): now serving forged";
    const error = refusal(input);
    expect(error.details).toEqual([{ path: ["assets", 5, "chain_id"], message: expect.stringContaining("control character \\x0a") }]);
    expect(error.message).not.toContain("\nreload ok");
  });

  test("white space or a control in a denom is refused wherever a denom is named; ':' in a denom is fine", () => {
    const input = hostile();
    input.assets[5]!.denom = "u side";
    input.swap_venues![0]!.denoms[1] = "ucoin\u0000";
    input.ibc_channels![0]!.chain_2.chain_id = "dex 1";
    const error = refusal(input);
    expect(error.details.map((detail) => detail.path)).toEqual([
      ["assets", 5, "denom"],
      ["ibc_channels", 0, "chain_2", "chain_id"],
      ["swap_venues", 0, "denoms", 1],
    ]);
    expect(parseRegistry(hostile()).assets.map((asset) => asset.denom)).toContain("factory/hub1:hostile");
  });
});

describe("validate: unsafe_text", () => {
  test("the hostile registry parses, keeps every text exactly, and each hostile field is a warning with its path", () => {
    const input = hostile();
    const registry = parseRegistry(input);
    expect(registry.assets.map((asset) => asset.symbol)).toEqual(input.assets.map((asset) => asset.symbol));
    expect(registry.assets[0]!.description).toBe("first line\nsecond line\r\nhub-1  uhub  FORGED\u0000");
    const issues = validateRegistry(registry).filter((issue) => issue.code === "unsafe_text");
    expect(issues.every((issue) => issue.severity === "warning")).toBe(true);
    expect(issues.map((issue) => issue.where).sort()).toEqual(
      [
        "chains[0].chain_name",
        "chains[0].pretty_name",
        "chains[1].chain_name",
        "chains[1].pretty_name",
        "assets[0].symbol",
        "assets[0].name",
        "assets[0].description",
        "assets[2].symbol",
        "assets[3].symbol",
        "assets[3].name",
        "assets[4].symbol",
        "assets[4].name",
        "swap_venues[0].name",
      ].sort(),
    );
    const symbol = issues.find((issue) => issue.where === "assets[0].symbol")!;
    expect(symbol.message).toContain("\\u202e (bidi)");
    expect(symbol.subject).toEqual({ assets: [{ chain_id: "hub-1", denom: "uhub" }] });
    // A description may break lines: only its CR and NUL are reported.
    expect(issues.find((issue) => issue.where === "assets[0].description")!.message).toMatch(/holds \\x0d \(control\), \\x00 \(control\):/);
    expect(issues.find((issue) => issue.where === "assets[2].symbol")!.message).toMatch(/\\ufffe \(non_xml\), \\x00 \(control\)/);
    // Messages quote the text escaped: a printed issue cannot itself carry a control.
    for (const issue of issues) expect(issue.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufffe]/);
  });

  test("the mainnet chain registry: no id is refused, no text is reported", async () => {
    const { registry, issues } = await loadChainRegistryWithIssues({ network: "mainnet" });
    expect(codes(issues)).not.toContain("unwritable_id");
    expect(registry.chains.filter((chain) => chain.chain_id.includes(":"))).toEqual([]);
    expect(validateRegistry(registry).filter((issue) => issue.code === "unsafe_text")).toEqual([]);
    // Denoms with ':' are real (cw20:..., and more) and stay.
    expect(registry.assets.filter((asset) => asset.denom.includes(":")).length).toBeGreaterThan(100);
  }, 120_000);
});

describe("the chain-registry adapter leaves unwritable ids out", () => {
  test("a chain whose id holds ':' is left out with its assets and channels, with an unwritable_id issue", () => {
    const { registry, issues } = convert(
      data({
        chains: [cosmosChain("cosmoshub", "cosmoshub-4"), cosmosChain("evil", "evil:1")],
        assetLists: [list("cosmoshub", nativeAsset("uatom", "ATOM")), list("evil", nativeAsset("uevil", "EVIL"))],
        ibcData: [ibcPair(["cosmoshub", "cosmoshub-4"], ["evil", "evil:1"], transferChannel("channel-0", "channel-1"))],
      }),
    );
    expect(registry.chains.map((chain) => chain.chain_id)).toEqual(["cosmoshub-4"]);
    expect(registry.assets.map((asset) => asset.denom)).toEqual(["uatom"]);
    expect(registry.ibc_channels).toEqual([]);
    const issue = issues.find((found) => found.code === "unwritable_id")!;
    expect(issue).toMatchObject({ severity: "warning", where: "chains evil" });
    expect(issue.message).toContain("contains ':'");
    // Said once: the assets and channel of a chain left out are not each an issue of their own.
    expect(codes(issues).filter((code) => code === "unwritable_id")).toHaveLength(1);
  });

  test("an asset whose denom or origin denom holds white space or a control is left out; the rest of its chain stays", () => {
    const path = "transfer/channel-0/u\tatom";
    const { registry, issues } = convert(
      data({
        chains: [cosmosChain("cosmoshub", "cosmoshub-4"), cosmosChain("osmosis", "osmosis-1")],
        assetLists: [
          list("cosmoshub", nativeAsset("uatom", "ATOM"), nativeAsset("u atom", "SPACE"), nativeAsset("ufoo\u001b[2J", "FOO")),
          list("osmosis", voucherAsset(path, [ibcTrace("cosmoshub", "u\tatom", "channel-0", path)], "TAB")),
        ],
      }),
    );
    expect(registry.assets.map((asset) => asset.denom)).toEqual(["uatom"]);
    const left = issues.filter((issue) => issue.code === "unwritable_id");
    expect(left.map((issue) => issue.where)).toEqual(["cosmoshub/assetlist SPACE", "cosmoshub/assetlist FOO", "osmosis/assetlist TAB"]);
    expect(left[1]!.message).toContain("\\x1b[2J");
    expect(left[2]!.message).toMatch(/^origin denom "u\\x09atom"/);
  });
});
