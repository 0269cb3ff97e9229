/**
 * The escapes of src/wire/safe-text.ts, per medium, against literal facts and properties over
 * arbitrary text (full Unicode, lone surrogates included). The character classes checked here are
 * written out independently of the module's own.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  idProblem,
  mermaidText,
  pageText,
  terminalJson,
  terminalLine,
  terminalLines,
  terminalText,
  xmlText,
} from "../../src/wire/safe-text.js";
import { propertyRuns } from "../support/property-runs.js";

const RUNS = { numRuns: propertyRuns(500) };

/** C0, DEL, C1, and the bidi controls (marks, embeddings, overrides, isolates, ALM). */
const CONTROL_OR_BIDI = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** Zero-width and other invisible formatting characters named in the threat list. */
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff\u2028\u2029\u00ad]/;
/** Anything outside XML 1.0's Char production (lone surrogates included). */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Inverse of the visible escapes, written for the test: `\\`, `\xHH`, `\uHHHH`, `\u{H..}`. */
function unescape(text: string): string {
  return text.replace(/\\(\\|x([0-9a-f]{2})|u\{([0-9a-f]+)\}|u([0-9a-f]{4}))/g, (_, all: string, x?: string, braced?: string, u?: string) => {
    if (all === "\\") return "\\";
    if (x !== undefined) return String.fromCharCode(parseInt(x, 16));
    if (braced !== undefined) return String.fromCodePoint(parseInt(braced, 16));
    return String.fromCharCode(parseInt(u!, 16));
  });
}

const anyText = fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" }), fc.string({ unit: fc.constantFrom("\u001b", "\u202e", "\\", "x", "1", "b", "\n", "\ufffe", "%", "#", '"', "\u0000", "\ud800") }));

describe("terminal", () => {
  test("escape sequences, bidi and invisible characters become visible text", () => {
    expect(terminalText("\u001b]0;title\u0007")).toBe("\\x1b]0;title\\x07");
    expect(terminalText("\u001b[2J")).toBe("\\x1b[2J");
    expect(terminalText("\u202eMOTA")).toBe("\\u202eMOTA");
    expect(terminalText("a\tb\r\nc")).toBe("a\\x09b\\x0d\\x0ac");
    expect(terminalText("ZW\u200bSP\ufeff\u0085\u007f")).toBe("ZW\\u200bSP\\ufeff\\x85\\x7f");
    expect(terminalText("tag\u{e0041}")).toBe("tag\\u{e0041}");
    // Doubled, so a typed-out "\x1b" never looks like an escaped ESC.
    expect(terminalText("\\x1b")).toBe("\\\\x1b");
    // Ordinary text, emoji with a variation selector and scripts written right to left are left alone.
    expect(terminalText("ATOM ❤️ עברית العربية ∞")).toBe("ATOM ❤️ עברית العربية ∞");
  });

  test("terminalLines keeps line breaks only; terminalLine keeps none", () => {
    expect(terminalLines("one\u001b[2J\ntwo\r")).toBe("one\\x1b[2J\ntwo\\x0d");
    expect(terminalLine("chain\nreload ok (SIGHUP)")).toBe("chain\\x0areload ok (SIGHUP)");
  });

  test("property: terminalText leaves no control, bidi or invisible character, and decodes back to its input", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const shown = terminalText(text);
        expect(shown).not.toMatch(CONTROL_OR_BIDI);
        expect(shown).not.toMatch(INVISIBLE);
        expect(shown).not.toMatch(LONE_SURROGATE);
        expect(unescape(shown)).toBe(text);
      }),
      RUNS,
    );
  });

  test("property: distinct texts never show alike", () => {
    fc.assert(fc.property(anyText, anyText, (a, b) => a === b || terminalText(a) !== terminalText(b)), RUNS);
  });

  test("property: terminalLine output is one line; terminalLines has as many lines as its input", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(terminalLine(text)).not.toMatch(/[\n\r\u2028\u2029\u0085]/);
        expect(terminalLines(text).split("\n").length).toBe(text.split("\n").length);
        expect(terminalLines(text)).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      }),
    );
  });

  test("property: JSON for the terminal parses to the very same values and holds no raw control or bidi character", () => {
    fc.assert(
      fc.property(fc.array(anyText, { maxLength: 5 }), anyText, (values, key) => {
        const value = { [key]: values, nested: { text: values.join("") } };
        const json = terminalJson(JSON.stringify(value, null, 2));
        expect(JSON.parse(json)).toEqual(value);
        expect(json.replace(/\n/g, "")).not.toMatch(CONTROL_OR_BIDI);
        expect(json).not.toMatch(INVISIBLE);
      }),
    );
  });
});

describe("page and XML", () => {
  test("the page shows bidi and invisible characters as escapes (HTML stays to textContent)", () => {
    expect(pageText("\u202eMOTA")).toBe("\\u202eMOTA");
    expect(pageText("<script>")).toBe("<script>");
    expect(pageText("a\u2066b\u2069\u200d")).toBe("a\\u2066b\\u2069\\u200d");
  });

  test("property: xmlText leaves only XML 1.0 characters, and no bidi or control character", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const shown = xmlText(text);
        expect(shown).not.toMatch(NOT_XML_CHAR);
        expect(shown).not.toMatch(CONTROL_OR_BIDI);
        expect(unescape(shown)).toBe(text);
      }),
      RUNS,
    );
  });
});

describe("Mermaid", () => {
  test("a directive, quotes, brackets and HTML become entity codes", () => {
    expect(mermaidText('%%{init: {"theme":"forest"}}%%')).toBe("#37;#37;#123;init: #123;#quot;theme#quot;:#quot;forest#quot;#125;#125;#37;#37;");
    expect(mermaidText("<b>[x](y)|z|`&#35;")).toBe("#lt;b#gt;#91;x#93;(y)#124;z#124;#96;#amp;#35;35;");
    expect(mermaidText("\u202eMOTA\n")).toBe("\\u202eMOTA\\x0a");
  });

  test("property: no %, quote, bracket, brace, pipe, angle bracket, backtick or raw unsafe character survives; every # opens an entity", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const shown = mermaidText(text);
        expect(shown).not.toMatch(/[%"<>`[\]{}|&]/);
        expect(shown).not.toMatch(CONTROL_OR_BIDI);
        expect(shown).not.toMatch(NOT_XML_CHAR);
        expect(shown.replace(/#(quot|lt|gt|amp|\d+);/g, "")).not.toContain("#");
      }),
      RUNS,
    );
  });
});

describe("ids", () => {
  test("a chain id may not hold ':', white space or a control; a denom may hold ':'", () => {
    expect(idProblem("osmosis-1", "chain id")).toBeUndefined();
    expect(idProblem("osmo:sis", "chain id")).toMatch(/':'/);
    expect(idProblem("hub\nreload ok", "chain id")).toMatch(/control character \\x0a/);
    expect(idProblem("hub 1", "chain id")).toMatch(/white space \(\\x20\)/);
    expect(idProblem("hub\u00a01", "chain id")).toMatch(/white space \(\\xa0\)/);
    expect(idProblem("cw20:juno1abc", "denom")).toBeUndefined();
    expect(idProblem("factory/osmo1x/sub:name", "denom")).toBeUndefined();
    expect(idProblem("u atom", "denom")).toMatch(/white space/);
    expect(idProblem("uatom\u0000", "denom")).toMatch(/control character \\x00/);
  });
});
