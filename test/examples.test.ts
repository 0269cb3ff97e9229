import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

test("examples/quick-start.mjs runs against the built package and prints what it says", () => {
  const script = fileURLToPath(new URL("../examples/quick-start.mjs", import.meta.url));
  const output = execFileSync(process.execPath, [script], { encoding: "utf8" }).split("\n");
  expect(output[0]).toMatch(/^sha256:[0-9a-f]{32}$/);
  expect(output[1]).toBe("ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2");
  expect(output).toContain("USDC -> ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4 1 IBC");
  expect(output).toContain("new tx: CCTP 1 -> noble-1");
  expect(output).toContain('unknown_chain source chain "cosmoshub" is not in the registry; did you mean "cosmoshub-4"?');
  expect(output).toContain('unknown_chain 404 assetsFromSource: chain "nowhere-9" is not in the registry');
});
