/**
 * A published dataset fetched over HTTP (loopback: a static file server on 127.0.0.1, port 0) and
 * verified before it is loaded: `loadRouter({ url, publicKey })` answers as the local dataset
 * does; a tampered file, another key, a downgraded pointer, a body over its signed size or the cap,
 * a malformed pointer and a slow server are each refused with their stable code. The pointer's
 * signature is checked independently with node:crypto's Ed25519 over the canonical encoding the
 * format documents (docs/operations.md), written out by hand here.
 */
import { createHash, createPublicKey, verify } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildRouter, loadRouter, parseRegistry, type AssetRouter } from "../../src/index.js";
import { isFungibleError, type FungibleError } from "../../src/errors.js";
import { newKeyPair, parsePointer, verifyPointer, encodeKey, type Pointer } from "../../src/dataset/pointer.js";
import { compileDataset } from "../../src/router/dataset-router.js";
import { fetchSignedDataset } from "../../src/router/remote-dataset.js";
import { publishDataset } from "../../src/files/publish-dataset.js";
import { assetsFromSourceJson } from "../../src/wire/serialize.js";
import { FIXTURE_PATH } from "../http/fixture.js";
import { startStaticServer, type StaticServer } from "../support/static-server.js";

const registry = JSON.parse(readFileSync(FIXTURE_PATH, "utf8")) as { chains: { chain_id: string; pretty_name?: string }[] };
const renamed = { ...registry, chains: registry.chains.map((chain) => ({ ...chain, pretty_name: `${chain.pretty_name ?? chain.chain_id} v2` })) };
const key = await newKeyPair();
const publicKey = encodeKey(key.publicKey);
const dir = mkdtempSync(join(tmpdir(), "fg-remote-"));
const v1 = buildRouter(parseRegistry(registry));
const v2 = buildRouter(parseRegistry(renamed));
const v1Text = compileDataset(v1, { compiledAt: "2026-01-01T00:00:00.000Z" });
const v2Text = compileDataset(v2, { compiledAt: "2026-01-02T00:00:00.000Z" });
let server: StaticServer;
let pointer1: Pointer;
let pointer2: Pointer;
let pointerUrl: string;

beforeAll(async () => {
  pointer1 = (await publishDataset(dir, v1Text, key.secretKey, new Date("2026-01-01T00:00:00Z"))).pointer;
  writeFileSync(join(dir, "v1-pointer.json"), JSON.stringify(pointer1));
  pointer2 = (await publishDataset(dir, v2Text, key.secretKey, new Date("2026-01-02T00:00:00Z"))).pointer;
  server = await startStaticServer(dir);
  pointerUrl = `${server.url}latest.json`;
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The FungibleError `run` rejects with (fails the test when it resolves or throws anything else). */
async function refusal(run: () => Promise<unknown>): Promise<FungibleError> {
  const error = await run().then(
    () => new Error("resolved, expected a refusal"),
    (e: unknown) => e,
  );
  if (!isFungibleError(error)) throw error;
  return error;
}

/** Every listed asset's assets_from_source answer, as wire JSON: what a client reads. */
const answers = (router: AssetRouter) =>
  router.registry.assets.map((asset) => assetsFromSourceJson(router.assetsFromSource({ source_asset_denom: asset.denom, source_asset_chain_id: asset.chain_id })));

describe("publish", () => {
  test("writes the dataset under its data_version (plain, gzip, brotli) and a pointer signed over the documented canonical encoding", () => {
    const plain = readFileSync(join(dir, pointer2.files.json));
    expect(pointer2.files.json).toBe(`${v2.dataVersion.replace(":", "-")}.json`);
    expect(pointer2.data_version).toBe(v2.dataVersion);
    expect(pointer2.size).toBe(plain.length);
    expect(pointer2.sha256).toBe(createHash("sha256").update(plain).digest("hex"));
    expect(gunzipSync(readFileSync(join(dir, pointer2.files.gzip))).equals(plain)).toBe(true);
    expect(brotliDecompressSync(readFileSync(join(dir, pointer2.files.br))).equals(plain)).toBe(true);
    // Keys sorted at every level, no spaces (docs/operations.md): written out, not computed by the code under test.
    const { data_version, files, format, published_at, sequence, sha256, size } = pointer2;
    const signed = `{"data_version":${JSON.stringify(data_version)},"files":{"br":${JSON.stringify(files.br)},"gzip":${JSON.stringify(files.gzip)},"json":${JSON.stringify(files.json)}},"format":${JSON.stringify(format)},"published_at":${JSON.stringify(published_at)},"sequence":${sequence},"sha256":${JSON.stringify(sha256)},"size":${size}}`;
    const spki = createPublicKey({ key: Buffer.concat([Buffer.from("302a300506032b6570032100", "hex"), key.publicKey]), format: "der", type: "spki" });
    expect(verify(null, Buffer.from(signed), spki, Buffer.from(pointer2.signature, "base64"))).toBe(true);
    expect(verify(null, Buffer.from(signed.replace(`"size":${size}`, `"size":${size + 1}`)), spki, Buffer.from(pointer2.signature, "base64"))).toBe(false);
  });

  test("the sequence grows, and a version file is not rewritten when published again", async () => {
    expect(pointer2.sequence).toBeGreaterThan(pointer1.sequence);
    const before = readFileSync(join(dir, pointer2.files.json));
    const again = await publishDataset(mkdtempSync(join(tmpdir(), "fg-remote-again-")), v2Text, key.secretKey, new Date("2020-01-01T00:00:00Z"));
    expect(again.pointer.sequence).toBe(Math.floor(Date.parse("2020-01-01T00:00:00Z") / 1000));
    const repeat = await publishDataset(dir, compileDataset(v2, { compiledAt: "2030-01-01T00:00:00.000Z" }), key.secretKey, new Date("2026-01-02T00:00:00Z"));
    expect(repeat.reused).toBe(true);
    expect(repeat.pointer.sequence).toBe(pointer2.sequence + 1);
    expect(readFileSync(join(dir, pointer2.files.json)).equals(before)).toBe(true);
    writeFileSync(join(dir, "latest.json"), JSON.stringify(pointer2)); // back to the pointer the other tests expect
  });
});

describe("loadRouter({ url, publicKey })", () => {
  test("loads the published dataset: the same data_version and answers as the local dataset", async () => {
    const remote = await loadRouter({ url: pointerUrl, publicKey });
    const local = await loadRouter({ dataset: v2Text });
    expect(remote.dataVersion).toBe(v2.dataVersion);
    expect(remote.dataVersion).toBe(local.dataVersion);
    expect(answers(remote)).toEqual(answers(local));
    expect(answers(remote)).toEqual(answers(v2));
  });

  test("a tampered file (one byte changed) is refused before it is parsed", async () => {
    const bytes = Buffer.from(readFileSync(join(dir, pointer2.files.json)));
    bytes[bytes.length >> 1]! ^= 0x01;
    server.replace.set(`/${pointer2.files.json}`, bytes);
    try {
      const error = await refusal(() => loadRouter({ url: pointerUrl, publicKey }));
      expect(error.code).toBe("untrusted_data");
      expect(error.details[0]?.path).toEqual(["sha256"]);
    } finally {
      server.replace.delete(`/${pointer2.files.json}`);
    }
  });

  test("every single-byte change of the file is refused (property)", async () => {
    const plain = readFileSync(join(dir, pointer2.files.json));
    await fc.assert(
      fc.asyncProperty(fc.nat(plain.length - 1), fc.integer({ min: 1, max: 255 }), async (at, flip) => {
        const bytes = Buffer.from(plain);
        bytes[at]! ^= flip;
        server.replace.set(`/${pointer2.files.json}`, bytes);
        const error = await refusal(() => fetchSignedDataset({ url: pointerUrl, publicKey }));
        expect(error.code).toBe("untrusted_data");
      }),
      { numRuns: 25 },
    );
    server.replace.delete(`/${pointer2.files.json}`);
  });

  test("another key, or a pointer edited after signing, is refused", async () => {
    const other = encodeKey((await newKeyPair()).publicKey);
    const wrongKey = await refusal(() => loadRouter({ url: pointerUrl, publicKey: other }));
    expect(wrongKey.code).toBe("untrusted_data");
    expect(wrongKey.details[0]?.path).toEqual(["signature"]);
    // The pointer made to name the other version's file, signature kept: refused as unsigned.
    server.replace.set("/latest.json", JSON.stringify({ ...pointer2, size: pointer1.size, sha256: pointer1.sha256, files: pointer1.files }));
    try {
      const edited = await refusal(() => loadRouter({ url: pointerUrl, publicKey }));
      expect(edited.code).toBe("untrusted_data");
      expect(edited.details[0]?.path).toEqual(["signature"]);
    } finally {
      server.replace.delete("/latest.json");
    }
  });

  test("any change to a signed field breaks the signature (property)", async () => {
    const fields = ["data_version", "size", "sha256", "published_at", "sequence", "format"] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields), fc.nat(1000), async (field, n) => {
        const value = pointer2[field];
        const changed = typeof value === "number" ? value + 1 + n : value.replace(/.$/, (c) => (c === "0" ? "1" : "0"));
        const edited = { ...pointer2, [field]: changed } as Pointer;
        await expect(verifyPointer(edited, key.publicKey, "test")).rejects.toThrow(/does not verify/);
      }),
    );
    await expect(verifyPointer(pointer2, key.publicKey, "test")).resolves.toBeUndefined();
  });

  test("a downgrade is refused: an older pointer than the one served, or below minSequence", async () => {
    const served = await fetchSignedDataset({ url: pointerUrl, publicKey });
    expect(served.kind).toBe("fetched");
    server.replace.set("/latest.json", readFileSync(join(dir, "v1-pointer.json")));
    try {
      // The old pointer is genuinely signed: only its sequence gives it away.
      expect((await fetchSignedDataset({ url: pointerUrl, publicKey })).mark.sequence).toBe(pointer1.sequence);
      const downgrade = await refusal(() => fetchSignedDataset({ url: pointerUrl, publicKey, since: { ...served.mark, etag: null } }));
      expect(downgrade.code).toBe("untrusted_data");
      expect(downgrade.details[0]?.path).toEqual(["sequence"]);
      const below = await refusal(() => loadRouter({ url: pointerUrl, publicKey, minSequence: pointer2.sequence }));
      expect(below.code).toBe("untrusted_data");
      expect(below.message).toMatch(/downgrade/);
    } finally {
      server.replace.delete("/latest.json");
    }
    expect((await loadRouter({ url: pointerUrl, publicKey, minSequence: pointer2.sequence })).dataVersion).toBe(v2.dataVersion);
  });

  test("revalidates the pointer with its ETag: 304 is unchanged, and the dataset is not fetched again", async () => {
    const first = await fetchSignedDataset({ url: pointerUrl, publicKey });
    expect(first.mark.etag).toMatch(/^"[0-9a-f]{16}"$/);
    const before = server.requests.length;
    const again = await fetchSignedDataset({ url: pointerUrl, publicKey, since: first.mark });
    expect(again.kind).toBe("unchanged");
    expect(server.requests.slice(before)).toEqual([{ path: "/latest.json", ifNoneMatch: first.mark.etag }]);
  });

  test("after a redirect, the file is fetched beside the pointer where it was found", async () => {
    server.redirect.set("/moved/latest.json", "/latest.json");
    try {
      const before = server.requests.length;
      expect((await loadRouter({ url: `${server.url}moved/latest.json`, publicKey })).dataVersion).toBe(v2.dataVersion);
      expect(server.requests.slice(before).map((r) => r.path)).toEqual(["/moved/latest.json", "/latest.json", `/${pointer2.files.json}`]);
    } finally {
      server.redirect.delete("/moved/latest.json");
    }
  });

  test("a body longer than the signed size is refused, with or without a length header, and a size over the cap is not fetched", async () => {
    const plain = readFileSync(join(dir, pointer2.files.json));
    const longer = Buffer.concat([plain, Buffer.from(" ".repeat(100_000))]);
    server.replace.set(`/${pointer2.files.json}`, longer);
    try {
      for (const chunked of [false, true]) {
        if (chunked) server.chunked.add(`/${pointer2.files.json}`);
        const error = await refusal(() => loadRouter({ url: pointerUrl, publicKey }));
        expect(error.code).toBe("untrusted_data");
        expect(error.details[0]?.path).toEqual(["size"]);
      }
    } finally {
      server.replace.delete(`/${pointer2.files.json}`);
      server.chunked.delete(`/${pointer2.files.json}`);
    }
    const before = server.requests.length;
    const capped = await refusal(() => fetchSignedDataset({ url: pointerUrl, publicKey, maxBytes: pointer2.size - 1 }));
    expect(capped.code).toBe("payload_too_large");
    expect(server.requests.slice(before).map((r) => r.path)).toEqual(["/latest.json"]);
    // A "pointer" of a megabyte is not read to its end.
    server.replace.set("/latest.json", " ".repeat(1 << 20));
    server.chunked.add("/latest.json");
    try {
      expect((await refusal(() => loadRouter({ url: pointerUrl, publicKey }))).code).toBe("payload_too_large");
    } finally {
      server.replace.delete("/latest.json");
      server.chunked.delete("/latest.json");
    }
  });

  test("a slow server is a timeout, before the headers or in the middle of the body", async () => {
    for (const [faults, path] of [[server.delayHeaders, "/latest.json"], [server.stallBody, `/${pointer2.files.json}`]] as const) {
      faults.set(path, 5_000);
      const started = Date.now();
      try {
        const error = await refusal(() => loadRouter({ url: pointerUrl, publicKey, timeoutMs: 300 }));
        expect(error.code).toBe("timeout");
        expect(Date.now() - started).toBeLessThan(3_000);
      } finally {
        faults.delete(path);
      }
    }
  });

  test("a malformed pointer, an error status and an unreachable server are refused with their codes", async () => {
    const cases: [string, string, RegExp][] = [
      ["not json {", "invalid_pointer", /not JSON/],
      [JSON.stringify({ ...pointer2, format: "fungible-graph-pointer/9" }), "invalid_pointer", /format/],
      [JSON.stringify({ ...pointer2, files: { ...pointer2.files, json: "../etc/passwd" } }), "invalid_pointer", /files/],
      [JSON.stringify({ ...pointer2, sequence: -1 }), "invalid_pointer", /sequence/],
    ];
    for (const [text, code, message] of cases) {
      server.replace.set("/latest.json", text);
      try {
        const error = await refusal(() => loadRouter({ url: pointerUrl, publicKey }));
        expect([error.code, error.message]).toEqual([code, expect.stringMatching(message)]);
      } finally {
        server.replace.delete("/latest.json");
      }
    }
    expect(() => parsePointer(JSON.stringify(pointer2), "x")).not.toThrow();
    expect((await refusal(() => loadRouter({ url: `${server.url}missing.json`, publicKey }))).code).toBe("fetch_failed");
    const closed = await startStaticServer(dir);
    await closed.close();
    expect((await refusal(() => loadRouter({ url: `${closed.url}latest.json`, publicKey }))).code).toBe("fetch_failed");
  });

  test("set-up mistakes are invalid_config: a url without a key, a key that is not one, a url that is not http(s), a second source", async () => {
    const cases: Record<string, unknown>[] = [
      { url: pointerUrl },
      { publicKey },
      { url: pointerUrl, publicKey: "not a key" },
      { url: pointerUrl, publicKey: new Uint8Array(31) },
      { url: "file:///etc/passwd", publicKey },
      { url: pointerUrl, publicKey, network: "mainnet" },
      { url: pointerUrl, publicKey, dataset: v1Text },
      { dataset: v1Text, minSequence: 3 },
      { url: pointerUrl, publicKey, minSequence: -1 },
    ];
    for (const options of cases) expect((await refusal(() => loadRouter(options as never))).code).toBe("invalid_config");
  });
});
