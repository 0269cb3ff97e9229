/** loadRegistryFile: a clear FungibleError for every way a registry file can be wrong. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FungibleError } from "../../src/index.js";
import { loadRegistryFile } from "../../src/entries/node.js";
import { FIXTURE_PATH } from "./fixture.js";

const dir = mkdtempSync(join(tmpdir(), "fungible-registry-"));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

async function failure(path: string): Promise<FungibleError> {
  const error = await loadRegistryFile(path).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(FungibleError);
  return error as FungibleError;
}

describe("loadRegistryFile", () => {
  it("reads and validates a registry file, filling defaults", async () => {
    const registry = await loadRegistryFile(FIXTURE_PATH);
    expect(registry.chains.map((chain) => chain.chain_id)).toContain("cosmoshub-4");
    expect(registry.assets.find((asset) => asset.denom === "uatom")?.origin_chain_id).toBe("cosmoshub-4");
  });

  it("names a missing file", async () => {
    const error = await failure(join(dir, "absent.json"));
    expect(error.code).toBe("file_unreadable");
    expect(error.message).toMatch(/absent\.json.*ENOENT/);
  });

  it("names a directory given as a file", async () => {
    const error = await failure(dir);
    expect(error.code).toBe("file_unreadable");
    expect(error.message).toContain("not a regular file: a directory");
  });

  it("names a file that is not JSON", async () => {
    const error = await failure(file("broken.json", "{ chains: "));
    expect(error.code).toBe("invalid_registry");
    expect(error.message).toMatch(/broken\.json" is not valid JSON/);
  });

  it("lists every schema problem with its path", async () => {
    const error = await failure(file("invalid.json", JSON.stringify({ chains: [{ chain_id: "" }], assets: [{ chain_id: "x", denom: "u" }] })));
    expect(error.code).toBe("invalid_registry");
    expect(error.message).toMatch(/invalid\.json" is not a valid registry/);
    expect(error.details.map((detail) => detail.path.join("."))).toEqual(expect.arrayContaining(["chains.0.chain_id", "assets.0.chain_id"]));
  });
});
