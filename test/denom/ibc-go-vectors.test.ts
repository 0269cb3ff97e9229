/**
 * The trace grammar against ibc-go's own test vectors, transcribed from cosmos/ibc-go (read in a
 * clone of the repository, not from memory):
 * - v11.2.0 (cfc072e53eee42b2ab804cd4344ba610016f793c), modules/apps/transfer/types/denom_test.go:
 *   `TestExtractDenomFromPath`, `TestPath`, `TestDenomsValidate`; hop_test.go `TestValidateHop`
 *   (its constants from msgs_test.go and testing/values.go); internal/types/legacy_denomtrace_test.go
 *   `TestDenomTrace_IBCDenom`; modules/core/02-client/types/keys_test.go `TestParseClientIdentifier`;
 *   modules/core/04-channel/types/keys_test.go `TestParseChannelSequence`.
 * - v8.8.0 (31be27623c01e1fe8a9f5a5ba92dd802509c1dbc), modules/apps/transfer/types/trace_test.go:
 *   `TestParseDenomTrace` and `TestDenomTrace_Validate` (v8's `ParseDenomTrace` is the same walk
 *   as v11's `ExtractDenomFromPath` over channel ids; v10 added client ids).
 * A vector's expected trace is ibc-go's hops joined with "/", as a trace is written here.
 */
import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ibcDenom } from "../../src/index.js";
import { isChannelOrClientId, isValidTrace, parseTrace, splitFullPath } from "../../src/denom/trace.js";

const ERC20 = "erc20/0x85bcBCd7e79Ec36f4fBBDc54F90C643d921151AA";

/** [name, full path, expected trace, expected base denom] */
const EXTRACT_DENOM_FROM_PATH: [string, string, string, string][] = [
  // v11.2.0 denom_test.go TestExtractDenomFromPath
  ["empty denom", "", "", ""],
  ["base denom no slashes", "atom", "", "atom"],
  ["base denom with trailing slash", "atom/", "", "atom/"],
  ["base denom multiple trailing slash", "foo///bar//baz/atom/", "", "foo///bar//baz/atom/"],
  ["ibc denom one hop", "transfer/channel-0/atom", "transfer/channel-0", "atom"],
  ["ibc denom one hop with client id", "transfer/07-tendermint-0/atom", "transfer/07-tendermint-0", "atom"],
  ["ibc denom one hop trailing slash", "transfer/channel-0/atom/", "transfer/channel-0", "atom/"],
  ["ibc denom one hop multiple slashes", "transfer/channel-0//at/om/", "transfer/channel-0", "/at/om/"],
  ["ibc denom two hops", "transfer/channel-0/transfer/channel-60/atom", "transfer/channel-0/transfer/channel-60", "atom"],
  ["ibc denom two hops trailing slash", "transfer/channel-0/transfer/channel-60/atom/", "transfer/channel-0/transfer/channel-60", "atom/"],
  ["empty prefix", "/uatom", "", "/uatom"],
  ["empty identifiers", "//uatom", "", "//uatom"],
  ["base denom with single '/'", ERC20, "", ERC20],
  ["trace info and base denom with single '/'", `transfer/channel-1/${ERC20}`, "transfer/channel-1", ERC20],
  ["single trace identifier", "transfer/", "", "transfer/"],
  ["trace info with custom port", "customtransfer/channel-1/uatom", "customtransfer/channel-1", "uatom"],
  ["invalid path (1)", "channel-1/transfer/uatom", "", "channel-1/transfer/uatom"],
  ["invalid path (2)", "transfer/channel-1", "", "transfer/channel-1"],
  ["invalid path (3)", "transfer/channel-1/transfer/channel-2", "transfer/channel-1/transfer/channel-2", ""],
  ["invalid path (4)", "transfer/channelToA/uatom", "", "transfer/channelToA/uatom"],
  // v8.8.0 trace_test.go TestParseDenomTrace (the cases the list above does not already have)
  ["base denom with double '/'s", "gamm//pool//1", "", "gamm//pool//1"],
  ["trace info with multiple '/'s in base denom", "transfer/channel-1/gamm/pool/1", "transfer/channel-1", "gamm/pool/1"],
  ["trace info with multiple double '/'s in base denom", "transfer/channel-1/gamm//pool//1", "transfer/channel-1", "gamm//pool//1"],
  ["trace info with multiple custom ports", "customtransfer/channel-1/alternativetransfer/channel-2/uatom", "customtransfer/channel-1/alternativetransfer/channel-2", "uatom"],
  ["incomplete path", "transfer/uatom", "", "transfer/uatom"],
  ["invalid path (v8 1)", "transfer//uatom", "", "transfer//uatom"],
  ["invalid path (v8 3)", "uatom/transfer", "", "uatom/transfer"],
  ["invalid path (v8 5)", "transfer/channel-1/", "transfer/channel-1", ""],
  ["invalid path (v8 6)", "transfer/channel-1/transfer", "transfer/channel-1", "transfer"],
];

/** v11.2.0 denom_test.go TestPath: [name, base, hops as a trace, ibc-go's `Denom.Path()`]. */
const PATHS: [string, string, string, string][] = [
  ["1 hop denom", "uatom", "transfer/channel-0", "transfer/channel-0/uatom"],
  ["1 hop denom with client id", "uatom", "transfer/07-tendermint-0", "transfer/07-tendermint-0/uatom"],
  ["1 hop denom with client id and slashes", "gamm/pool/osmo", "transfer/07-tendermint-0", "transfer/07-tendermint-0/gamm/pool/osmo"],
  ["2 hop denom", "uatom", "transfer/channel-0/transfer/channel-52", "transfer/channel-0/transfer/channel-52/uatom"],
  ["3 hop denom", "uatom", "transfer/channel-0/transfer/channel-52/transfer/channel-52", "transfer/channel-0/transfer/channel-52/transfer/channel-52/uatom"],
  [
    "4 hop denom with base denom slashes",
    "other-denom/",
    "transfer/channel-0/transfer/channel-52/transfer/channel-52/transfer/channel-49",
    "transfer/channel-0/transfer/channel-52/transfer/channel-52/transfer/channel-49/other-denom/",
  ],
];

// hop_test.go's constants: msgs_test.go (invalid*), testing/values.go (FirstChannelID), keys.go (PortID).
const INVALID_LONG_PORT =
  "Lorem ipsum dolor sit amet, consectetur adipiscing elit. Duis eros neque, ultricies vel ligula ac, convallis porttitor elit. Maecenas tincidunt turpis elit, vel faucibus nisl pellentesque sodales";
const INVALID_LONG_CHANNEL = "invalidlongchannelinvalidlongchannelinvalidlongchannelinvalidlongchannel";

/** [name, trace, valid]: `Hop.Validate` (v11.2.0 hop_test.go) and `DenomTrace.Validate` (v8.8.0 trace_test.go). */
const TRACE_VALIDITY: [string, string, boolean][] = [
  ["valid hop", "transfer/channel-0", true],
  ["invalid hop with too short port ID", "p/channel-0", false],
  ["invalid hop with too long port ID", `${INVALID_LONG_PORT}/channel-0`, false],
  ["invalid hop with non-alpha port ID", "(invalidport1)/channel-0", false],
  ["invalid hop with too long channel ID", `transfer/${INVALID_LONG_CHANNEL}`, false],
  ["invalid hop with too short channel ID", "transfer/invalid", false],
  ["invalid hop with non-alpha channel ID", "transfer/(invalidchannel1)", false],
  ["valid trace with client id (TestDenomsValidate)", "transfer/07-tendermint-0", true],
  ["valid multiple trace info", "transfer/channel-1/transfer/channel-2", true],
  ["single trace identifier", "transfer", false],
  ["invalid port ID", "(transfer)/channel-1", false],
  ["invalid channel ID", "transfer/(channel-1)", false],
];

/** v11.2.0 02-client keys_test.go TestParseClientIdentifier and 04-channel keys_test.go TestParseChannelSequence. */
const VALID_IDS = ["tendermint-0", "tendermint-1", "solomachine-v1-1", "tendermint-18446744073709551615", "t-0", "channel-0", "channel-1", "channel-234568219356718293"];
const INVALID_IDS = [
  "tendermint-18446744073709551616",
  "tendermint-2345682193567182931243",
  "tendermin\nt-1",
  "tendermint\n-1",
  "tendermint0",
  "               ",
  "",
  "tendermint--1",
  "tendermint-tm",
  " -100",
  "a\t\t\t-100",
  "\t\t\ta-100",
  "                  a-100",
  "-----a-100",
  "tendermint/-100",
  // "non-ASCII:: emoji" is a few hundred emoji before "-100"; two stand for them here.
  "🚨😎-100",
  "世界-100",
  "channel-18446744073709551616",
  "channel-2345682193567182931243",
  "channel0",
  "channel--1",
];

const sha256Denom = (path: string) => `ibc/${createHash("sha256").update(path, "utf8").digest("hex").toUpperCase()}`;

describe("the trace grammar is ibc-go's", () => {
  test.each(EXTRACT_DENOM_FROM_PATH)("ExtractDenomFromPath: %s", (_name, path, trace, baseDenom) => {
    expect(splitFullPath(path)).toEqual({ trace, baseDenom });
  });

  test.each(PATHS)("Denom.Path: %s, its denom the hash of that path, and the path splits back", (_name, base, trace, path) => {
    expect(ibcDenom(trace, base)).toBe(sha256Denom(path));
    expect(splitFullPath(path)).toEqual({ trace, baseDenom: base });
    expect(isValidTrace(trace)).toBe(true);
  });

  test("DenomTrace.IBCDenom: uatom over transfer/channel-1 (legacy_denomtrace_test.go)", () => {
    expect(ibcDenom("transfer/channel-1", "uatom")).toBe("ibc/C4CFF46FD6DE35CA4CF4CE031E643C8FDC9BA4B99AE598E9B0ED98FE3A2319F9");
  });

  test.each(TRACE_VALIDITY)("Hop.Validate: %s", (_name, trace, valid) => {
    expect(isValidTrace(trace)).toBe(valid);
  });

  test("client and channel identifiers as ibc-go parses them", () => {
    expect(VALID_IDS.filter((id) => !isChannelOrClientId(id))).toEqual([]);
    expect(INVALID_IDS.filter(isChannelOrClientId)).toEqual([]);
  });

  test("IBC v2 hops of every light-client type: 06-solomachine, 07-tendermint, 08-wasm, 09-localhost", () => {
    // 09-localhost is the localhost client's sentinel id (02-client keys.go ParseClientIdentifier), with no sequence.
    for (const client of ["06-solomachine-0", "07-tendermint-0", "08-wasm-1369", "09-localhost", "10-ethereum-12"]) {
      expect(isValidTrace(`transfer/${client}`), client).toBe(true);
      expect(splitFullPath(`transfer/${client}/uatom`)).toEqual({ trace: `transfer/${client}`, baseDenom: "uatom" });
    }
    // A client id that parses but is shorter than a channel identifier may be (8 characters) fails Hop.Validate.
    expect(isChannelOrClientId("t-0")).toBe(true);
    expect(isValidTrace("transfer/t-0")).toBe(false);
  });

  test("property: hops of ibc-go's identifiers and a base denom without '/' split back from their path", () => {
    const identifierChar = fc.constantFrom(..."abcxyzABZ019._+-#[]<>");
    const port = fc.string({ unit: identifierChar, minLength: 2, maxLength: 20 });
    const sequence = fc.bigInt({ min: 0n, max: 18_446_744_073_709_551_615n });
    const clientType = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,10}[a-z0-9]$/);
    const id = fc.oneof(
      sequence.map((n) => `channel-${n}`),
      fc.tuple(clientType, sequence).map(([type, n]) => `${type}-${n}`).filter((client) => client.length >= 8 && client.length <= 64),
      fc.constant("09-localhost"),
    );
    const hops = fc.array(fc.tuple(port, id), { minLength: 1, maxLength: 6 });
    const base = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9:._-]{2,30}$/);
    fc.assert(
      fc.property(hops, base, (pairs, denom) => {
        const trace = pairs.map(([p, c]) => `${p}/${c}`).join("/");
        expect(parseTrace(trace)).toEqual(pairs.map(([p, c]) => ({ port: p, channel: c })));
        expect(splitFullPath(`${trace}/${denom}`)).toEqual({ trace, baseDenom: denom });
      }),
    );
  });
});
