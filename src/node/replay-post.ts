/**
 * A repeated POST of a query answered from the service's replay cache (../http/replay-cache.ts):
 * the body is read here (it is small: at most MAX_REPLAYED_BODY bytes, declared up front), and
 * either its answer is written as the pipeline wrote it the first time, or the bytes are handed to
 * @hono/node-server as `rawBody` (the adapter's own hook for a body read before it), so the
 * pipeline sees exactly the request the client sent. Nothing here judges the request: every
 * refusal is the pipeline's, on the first asking and on every request not replayed.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FungibleService } from "../http/handler.js";
import { MAX_REPLAYED_BODY } from "../http/replay-cache.js";

/** The pipeline's own decoding of a body (../http/read-json.ts): UTF-8, fatal, BOM dropped. */
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Set on a request whose body was read here; @hono/node-server reads the body from it. */
type BufferedIncoming = IncomingMessage & { rawBody?: Buffer };

/**
 * Whether this request may be replayed: a POST of an origin-form target with a small declared
 * length, no Transfer-Encoding or Expect, a plain Host and one Content-Type. Anything else goes to the adapter untouched.
 */
export function postReplayable(incoming: IncomingMessage, plainHost: RegExp): boolean {
  if (incoming.method !== "POST") return false;
  const target = incoming.url;
  if (target === undefined || target.charCodeAt(0) !== 47 || target.includes("\\") || target.includes("#")) return false;
  const { headers } = incoming;
  const declared = headers["content-length"];
  if (declared === undefined || headers["transfer-encoding"] !== undefined || headers.expect !== undefined) return false;
  const length = Number(declared);
  if (!(length > 0 && length <= MAX_REPLAYED_BODY)) return false;
  if (!plainHost.test(headers.host ?? "")) return false;
  // node keeps the first of repeated Content-Types, the adapter joins them: replay only when they agree.
  return countHeader(incoming.rawHeaders, "content-type") <= 1;
}

/**
 * Reads the body, then replays or hands it on. A client that leaves mid-upload gets nothing (the
 * request listener logs it when the response closes).
 */
export function replayPost(
  service: FungibleService,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  adapter: (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void>,
): void {
  const chunks: Buffer[] = [];
  incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
  incoming.once("end", () => {
    const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    const answer = replayOf(service, incoming, bytes);
    if (answer !== undefined) {
      outgoing.writeHead(200, answer.headers);
      outgoing.end(answer.body);
      return;
    }
    (incoming as BufferedIncoming).rawBody = bytes;
    void adapter(incoming, outgoing);
  });
}

function replayOf(service: FungibleService, incoming: IncomingMessage, bytes: Buffer) {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return undefined; // the pipeline refuses it, in its words
  }
  const { headers } = incoming;
  return service.replayPost(incoming.url!, headers["content-type"] ?? null, text, headers["accept-encoding"] ?? null);
}

function countHeader(raw: readonly string[], name: string): number {
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i]!;
    if (key.length === name.length && key.toLowerCase() === name) count++;
  }
  return count;
}
