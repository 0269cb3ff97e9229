/**
 * A real XML parser for the tests: Python's expat (python3 is on the machine; node_modules holds
 * no XML parser). Where python3 is missing the XML checks say so and are skipped (a failure under
 * FG_REQUIRE_TOOLS=1, as in CI).
 */
import { spawnSync } from "node:child_process";
import { missingTool } from "../support/required-tool.js";

const probe = spawnSync("python3", ["-c", "import xml.parsers.expat"], { encoding: "utf8" });
export const xmlParserMissing: string | null = missingTool(probe.status === 0 ? null : "skipped: python3 with expat is not installed");

const SCRIPT = `
import sys, xml.parsers.expat
parser = xml.parsers.expat.ParserCreate("UTF-8")
try:
    parser.Parse(sys.stdin.buffer.read(), True)
    print("ok")
except xml.parsers.expat.ExpatError as error:
    print("error: " + str(error))
`;

/** "ok" when `text` (sent as UTF-8) is well-formed XML, else expat's error. */
export function xmlWellFormed(text: string): string {
  const result = spawnSync("python3", ["-c", SCRIPT], { input: Buffer.from(text, "utf8"), encoding: "utf8", timeout: 30_000 });
  return (result.stdout || result.stderr).trim();
}
