/**
 * Reads a request body as JSON, refusing what a query never needs: a non-JSON media type,
 * bytes over the limit, invalid UTF-8, and nesting deeper than any request shape has.
 */
import { FungibleError, isFungibleError } from "../errors.js";
import { payloadTooLarge } from "./errors.js";

/** The deepest request shape is body -> swap_venues -> venue -> field: 3 levels; 32 is generous. */
export const MAX_JSON_DEPTH = 32;

/** `application/json`, `application/*+json`, any parameters; no header at all counts as JSON. */
function isJsonContentType(header: string | null): boolean {
  if (header === null || header.trim() === "") return true;
  const mediaType = header.split(";", 1)[0]!.trim().toLowerCase();
  return mediaType === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}

export function assertJsonContentType(header: string | null): void {
  if (!isJsonContentType(header)) {
    throw new FungibleError(
      "unsupported_media_type",
      `Content-Type "${header}" is not JSON; send the body as application/json`,
    );
  }
}

/**
 * The body's bytes. The limit itself is hono/body-limit's (see ./app-middleware.ts), which refuses
 * a declared Content-Length over it before reading and counts a chunked body as it arrives; the
 * size is checked again here in case a Content-Length lied.
 */
async function readBodyLimited(request: Request, limit: number): Promise<Uint8Array> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await request.arrayBuffer());
  } catch (error) {
    throw clientClosed(error);
  }
  if (bytes.byteLength > limit) throw payloadTooLarge(limit);
  return bytes;
}

/**
 * Reading a body fails only when its stream does: the client hung up or reset mid-upload. That
 * is the client's doing, not a bug, so it gets its own kind (499) and never reaches onInternalError.
 */
export function clientClosed(cause: unknown): FungibleError {
  if (isFungibleError(cause)) return cause;
  const error = new FungibleError("client_closed_request", "the client closed the connection before its request body was read");
  Object.defineProperty(error, "cause", { value: cause, enumerable: false });
  return error;
}

/** Depth of the deepest `{`/`[` outside strings, stopping as soon as it passes `max`. */
function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c /* \ */) i++;
      else if (ch === 0x22 /* " */) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b /* { */ || ch === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (ch === 0x7d /* } */ || ch === 0x5d /* ] */) depth--;
  }
  return false;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The body as text after the checks above (size, UTF-8); not yet parsed. */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  const bytes = await readBodyLimited(request, limit);
  try {
    return utf8.decode(bytes);
  } catch {
    throw new FungibleError("invalid_request", "the request body is not valid UTF-8");
  }
}

/** Parses a body's text as JSON, refusing an empty body and nesting deeper than MAX_JSON_DEPTH. */
export function parseJsonText(text: string): unknown {
  if (text.trim() === "") {
    throw new FungibleError("invalid_request", "the request body is empty; send a JSON object");
  }
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
    throw new FungibleError("invalid_request", `the request body nests deeper than ${MAX_JSON_DEPTH} levels`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not the engine's own wording: it differs between runtimes (V8 versions, JavaScriptCore), and
    // replicas on any runtime answer the same bytes (the conformance corpus, fixtures/conformance/).
    throw new FungibleError("invalid_request", "the request body is not valid JSON");
  }
}

/** Parses the body as JSON after the checks above. */
export async function readJsonBody(request: Request, limit: number): Promise<unknown> {
  return parseJsonText(await readBodyText(request, limit));
}
