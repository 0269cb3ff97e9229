import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ibcDenom } from "../../src/index.js";
import { hasFatalIssue } from "../../src/index.js";
import { parseRegistry, type RegistryInput } from "../../src/index.js";
import { validateRegistry } from "../../src/index.js";
import { oracleIbcDenom } from "../oracle/oracle-graph.js";

const ATOM_ON_OSMOSIS = "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2";

/** cosmoshub-4 <-> osmosis-1 over channel-141 / channel-0, ATOM on both sides. */
function base(): RegistryInput {
  return {
    chains: [{ chain_id: "cosmoshub-4" }, { chain_id: "osmosis-1" }],
    assets: [
      { chain_id: "cosmoshub-4", denom: "uatom" },
      {
        chain_id: "osmosis-1",
        denom: ATOM_ON_OSMOSIS,
        trace: "transfer/channel-0",
        origin_chain_id: "cosmoshub-4",
        origin_denom: "uatom",
      },
    ],
    ibc_channels: [
      {
        chain_1: { chain_id: "cosmoshub-4", channel_id: "channel-141" },
        chain_2: { chain_id: "osmosis-1", channel_id: "channel-0" },
        status: "ACTIVE",
      },
    ],
  };
}

function validate(edit: (registry: RegistryInput) => void = () => {}) {
  const input = base();
  edit(input);
  return validateRegistry(parseRegistry(input));
}

const summary = (issues: ReturnType<typeof validate>) => issues.map((i) => [i.severity, i.code, i.where]);

describe("validateRegistry", () => {
  it("finds nothing wrong in a consistent registry", () => {
    expect(validate()).toEqual([]);
  });

  it("a declared IBC denom that is not the hash of trace/origin_denom is fatal", () => {
    const issues = validate((r) => {
      r.assets[1]!.origin_denom = "uosmo";
    });
    expect(summary(issues)).toEqual([["fatal", "ibc_denom_mismatch", "assets[1]"]]);
    expect(issues[0]!.message).toContain(oracleIbcDenom("transfer/channel-0", "uosmo"));
  });

  it("a trace that does not parse is fatal", () => {
    const issues = validate((r) => {
      r.assets[1]!.trace = "transfer";
    });
    expect(summary(issues)).toEqual([["fatal", "invalid_trace", "assets[1]"]]);
  });

  it("warns about a voucher whose first hop is not a listed channel of its chain", () => {
    const issues = validate((r) => {
      r.ibc_channels = [];
    });
    expect(summary(issues)).toEqual([["warning", "trace_channel_unknown", "assets[1]"]]);
  });

  it("does not ask IBC v2 (Eureka) client ids to be channels", () => {
    const issues = validate((r) => {
      r.chains.push({ chain_id: "1", chain_type: "evm" });
      const wbtc = "0x2260fac5e5542a773aa44fbcfedf7c193bc2c599";
      r.assets.push({ chain_id: "1", denom: wbtc, is_evm: true });
      r.assets.push({
        chain_id: "cosmoshub-4",
        denom: ibcDenom("transfer/08-wasm-1369", wbtc),
        trace: "transfer/08-wasm-1369",
        origin_chain_id: "1",
        origin_denom: wbtc,
      });
    });
    expect(issues).toEqual([]);
  });

  it("warns when a single hop leads to another chain than the origin", () => {
    const issues = validate((r) => {
      r.chains.push({ chain_id: "juno-1" });
      r.assets[1]!.origin_chain_id = "juno-1";
    });
    expect(summary(issues)).toEqual([["warning", "trace_origin_mismatch", "assets[1]"]]);
  });

  it("warns about an origin chain the registry does not list", () => {
    const issues = validate((r) => {
      r.assets[1]!.origin_chain_id = "stargaze-1";
    });
    expect(summary(issues).map(([, code]) => code)).toEqual(["unknown_origin_chain", "trace_origin_mismatch"]);
  });

  it("warns about native assets that are not their own origin or carry an ibc/ denom", () => {
    const issues = validate((r) => {
      r.assets.push({ chain_id: "osmosis-1", denom: "ibc/ABCDEF" });
      r.assets.push({ chain_id: "osmosis-1", denom: "uion", origin_chain_id: "cosmoshub-4", origin_denom: "uion" });
    });
    expect(summary(issues)).toEqual([
      ["warning", "ibc_denom_without_trace", "assets[2]"],
      ["warning", "native_origin_mismatch", "assets[3]"],
    ]);
  });

  it("warns about swap venue denoms not listed on the venue's chain", () => {
    const issues = validate((r) => {
      r.swap_venues = [{ name: "osmosis-poolmanager", chain_id: "osmosis-1", denoms: [ATOM_ON_OSMOSIS, "uosmo"] }];
    });
    expect(summary(issues)).toEqual([["warning", "swap_venue_denom_unlisted", "swap_venues[0].denoms[1]"]]);
  });

  it("warns about a channel end listed with two different counterparties", () => {
    const issues = validate((r) => {
      r.chains.push({ chain_id: "juno-1" });
      r.ibc_channels!.push({
        chain_1: { chain_id: "osmosis-1", channel_id: "channel-0" },
        chain_2: { chain_id: "juno-1", channel_id: "channel-0" },
      });
    });
    expect(summary(issues)).toEqual([["warning", "channel_end_reused", "ibc_channels[1]"]]);
  });

  it("a voucher is fatal exactly when its denom is not the hash of its trace and origin denom", () => {
    const hop = fc.tuple(fc.constantFrom("transfer", "wasm.juno1abc"), fc.integer({ min: 0, max: 5000 }));
    fc.assert(
      fc.property(
        fc.array(hop, { minLength: 1, maxLength: 3 }),
        fc.stringMatching(/^[a-z][a-z0-9/:]{1,20}$/),
        fc.boolean(),
        (hops, originDenom, corrupt) => {
          const trace = hops.map(([port, n]) => `${port}/channel-${n}`).join("/");
          const right = ibcDenom(trace, originDenom);
          const denom = corrupt ? ibcDenom(trace, `${originDenom}x`) : right;
          const issues = validate((r) => {
            r.chains.push({ chain_id: "juno-1" });
            r.assets.push({
              chain_id: "juno-1",
              denom,
              trace,
              origin_chain_id: "cosmoshub-4",
              origin_denom: originDenom,
            });
          });
          expect(hasFatalIssue(issues)).toBe(corrupt);
        },
      ),
    );
  });
});
