/**
 * A response body read whole, but never more than a limit: refused at the first chunk past it,
 * the rest cancelled, so an endless or oversized body costs at most `limit` bytes. Runtime-neutral
 * (web streams): the one fetch (./bounded-fetch.ts) reads every body through it. A stream error
 * (a cut connection, an abort) is thrown as is, for the caller to name.
 */
export async function readBodyBounded(response: Response, limit: number, over: () => Error): Promise<Uint8Array> {
  if (response.body === null) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > limit) {
      await reader.cancel().catch(() => {});
      throw over();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
