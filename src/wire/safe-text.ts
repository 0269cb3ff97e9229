/**
 * Registry text is data on every surface. Names, symbols and even ids come from a public registry
 * anyone can edit, so a terminal, a log, the page or a picture must never act on a character in
 * them: a control character (ESC opens terminal commands, NUL breaks Graphviz, LF forges a log
 * line), a bidi override (`\u202eMOTA` displays as ATOM), an invisible character, or one XML
 * cannot hold (an SVG with U+FFFE does not parse). One function per medium shows such characters
 * as visible escapes (`\x1b`, `\u202e`); answers' JSON keep the registry's exact text.
 *
 * Self-contained on purpose (no imports): the page bundles `pageText` as it is.
 */

/** Why a character is not shown as it is. */
type UnsafeKind = "control" | "bidi" | "invisible" | "non_xml";

/** Explicit direction marks, embeddings, overrides and isolates. */
const BIDI = /^[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]$/u;
/** Format characters, line/paragraph separators and the default-ignorable rest, minus variation selectors (emoji use them). */
const INVISIBLE = /^[\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]$/u;
const VARIATION_SELECTOR = /^[\u180B-\u180D\u180F\uFE00-\uFE0F\u{E0100}-\u{E01EF}]$/u;

/**
 * Printable ASCII is never unsafe: text made only of it is returned as it is without the walk
 * below (a per-character walk of every log line's path cost a third of a cached answer's CPU).
 */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** The kind of a code point that must not reach a terminal, a page or a picture raw, or undefined. */
function unsafeKindOf(char: string): UnsafeKind | undefined {
  const cp = char.codePointAt(0)!;
  if (cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f)) return "control";
  if (BIDI.test(char)) return "bidi";
  // Lone surrogates and noncharacters: not text; U+FFFE/FFFF are not even XML.
  if ((cp >= 0xd800 && cp <= 0xdfff) || (cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) === 0xfffe) return "non_xml";
  if (INVISIBLE.test(char) && !VARIATION_SELECTOR.test(char)) return "invisible";
  return undefined;
}

/** `\x1b`, `\u202e`, `\u{e0041}`: how an unsafe character is shown. */
export function visibleEscape(char: string): string {
  const cp = char.codePointAt(0)!;
  const hex = cp.toString(16);
  if (cp <= 0xff) return `\\x${hex.padStart(2, "0")}`;
  return cp <= 0xffff ? `\\u${hex.padStart(4, "0")}` : `\\u{${hex}}`;
}

/**
 * Every unsafe character as a visible escape and every backslash doubled, so the result holds no
 * unsafe character and two different texts never look alike (`\x1b` typed out vs a real ESC).
 */
function escapeValue(text: string, keep: (char: string) => boolean = () => false): string {
  if (PRINTABLE_ASCII.test(text) && !text.includes("\\")) return text;
  let out = "";
  // for..of walks code points; a lone surrogate comes out alone.
  for (const char of text) {
    if (char === "\\") out += "\\\\";
    else if (unsafeKindOf(char) !== undefined && !keep(char)) out += visibleEscape(char);
    else out += char;
  }
  return out;
}

/** Every unsafe character escaped, backslashes left as they are: safe, for whole messages that are not one value. */
function escapeUnsafe(text: string, keep: (char: string) => boolean = () => false): string {
  if (PRINTABLE_ASCII.test(text)) return text;
  let out = "";
  for (const char of text) out += unsafeKindOf(char) !== undefined && !keep(char) ? visibleEscape(char) : char;
  return out;
}

/** One value (a table cell, a name in a line) for a terminal: no control (not even LF or TAB), no bidi, nothing invisible. */
export function terminalText(text: string): string {
  return escapeValue(text);
}

/** A whole message of several lines for a terminal: LF still breaks lines, everything else unsafe is escaped. */
export function terminalLines(text: string): string {
  return escapeUnsafe(text, (char) => char === "\n");
}

/** One line (a log line, a reason in a list): LF and CR escaped too, so no text can start a forged line. */
export function terminalLine(text: string): string {
  return escapeUnsafe(text);
}

/**
 * JSON text (from JSON.stringify) for a terminal: each unsafe character inside a string as a JSON
 * `\uXXXX` escape, so the text still parses to exactly the same values. LF is only ever the
 * layout of pretty-printed JSON (JSON.stringify escapes it inside strings), so it is kept.
 */
export function terminalJson(json: string): string {
  if (PRINTABLE_ASCII.test(json)) return json;
  let out = "";
  for (const char of json) {
    if (char === "\n" || unsafeKindOf(char) === undefined) out += char;
    else for (let i = 0; i < char.length; i++) out += `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`;
  }
  return out;
}

/**
 * Registry text for the page, set through `textContent` (which already keeps HTML as text):
 * bidi, invisible, control and non-characters as visible escapes.
 */
export function pageText(text: string): string {
  return escapeValue(text);
}

/** Text an XML document (SVG) can hold and that displays as what it is: only XML 1.0 characters remain. */
export function xmlText(text: string): string {
  return escapeValue(text);
}

const MERMAID_NAMED: Record<string, string> = { '"': "quot", "<": "lt", ">": "gt", "&": "amp" };

/**
 * Text inside a Mermaid `"..."` label. Mermaid reads `%%` as a comment or `%%{init}%%` directive
 * anywhere, `#name;` as an entity, quotes and brackets as syntax, a leading backtick as Markdown,
 * and labels as HTML: all of these become entity codes (parentheses are plain text inside quotes
 * and stay), and unsafe characters visible escapes (LF too: a label's line break is the caller's `<br/>`).
 */
export function mermaidText(text: string): string {
  return escapeValue(text).replace(/[#"%<>&`[\]{}|]/g, (char) => `#${MERMAID_NAMED[char] ?? char.charCodeAt(0)};`);
}

/** Why an id cannot be written as `<chain_id>:<denom>` on a command line, in a URL or on the page, or undefined. */
export function idProblem(id: string, field: "chain id" | "denom"): string | undefined {
  // Printable ASCII but the space holds no control and no white space: no walk (every id of a registry is checked).
  if (!PRINTABLE_ASCII.test(id) || id.includes(" ")) {
    for (const char of id) {
      if (unsafeKindOf(char) === "control") return `contains the control character ${visibleEscape(char)}`;
      if (/^\s$/u.test(char)) return `contains white space (${visibleEscape(char)})`;
    }
  }
  return field === "chain id" && id.includes(":") ? "contains ':', which separates <chain_id>:<denom>" : undefined;
}

/** Each unsafe character of `text` once, in order of first appearance, with its kind. */
export function unsafeCharacters(text: string): { char: string; kind: UnsafeKind }[] {
  if (PRINTABLE_ASCII.test(text)) return [];
  const seen = new Map<string, UnsafeKind>();
  for (const char of text) {
    const kind = unsafeKindOf(char);
    if (kind !== undefined && !seen.has(char)) seen.set(char, kind);
  }
  return [...seen].map(([char, kind]) => ({ char, kind }));
}
