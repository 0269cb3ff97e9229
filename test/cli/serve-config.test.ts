/**
 * `serve` flags parsed into a config and on to startServer's options: the cache sizes
 * (--answer-cache-bytes, --compressed-cache-bytes) are validated and reach the server.
 */
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/cli/cli-error.js";
import { MAX_CACHE_BYTES, parseServeConfig, type ServeFlags } from "../../src/cli/serve-config.js";
import { serverOptions } from "../../src/cli/serve-single.js";

const parse = (flags: ServeFlags) => parseServeConfig("serve", { workers: "1", ...flags }, {}, {});

describe("cache size flags", () => {
  it("are absent unless given: the handler's defaults apply", () => {
    const options = serverOptions(parse({}), () => {});
    expect("answerCacheBytes" in options).toBe(false);
    expect("compressedCacheBytes" in options).toBe(false);
  });

  it("pass a valid size through to startServer's options, 0 included", () => {
    const config = parse({ "answer-cache-bytes": "1048576", "compressed-cache-bytes": "0" });
    expect([config.answerCacheBytes, config.compressedCacheBytes]).toEqual([1_048_576, 0]);
    expect(serverOptions(config, () => {})).toMatchObject({ answerCacheBytes: 1_048_576, compressedCacheBytes: 0 });
    expect(parse({ "answer-cache-bytes": String(MAX_CACHE_BYTES) }).answerCacheBytes).toBe(MAX_CACHE_BYTES);
  });

  it.each(["-1", "1.5", "1e6", "", "32MiB", String(MAX_CACHE_BYTES + 1), "abc"])("refuses %j as a usage error", (text) => {
    for (const flag of ["answer-cache-bytes", "compressed-cache-bytes"] as const) {
      expect(() => parse({ [flag]: text })).toThrow(UsageError);
      expect(() => parse({ [flag]: text })).toThrow(new RegExp(`--${flag} must be a whole number`));
    }
  });
});
