/**
 * The headers a bare replay server sends for one of the service's answers: every header the
 * service sent, but those node:http writes itself (Date, Connection, Keep-Alive) and the framing
 * (Content-Length is computed from the bytes the replay sends; Transfer-Encoding is never used).
 * So the floor sends the same bytes, head and body, and the comparison measures what the service
 * does per request, not how many headers it answers with.
 * @param {Headers} headers the service's answer headers (as fetch gives them)
 * @returns {Record<string, string>}
 */
export function replayedHeaders(headers) {
  const own = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);
  /** @type {Record<string, string>} */
  const kept = {};
  headers.forEach((value, name) => {
    if (!own.has(name)) kept[name] = value;
  });
  return kept;
}
