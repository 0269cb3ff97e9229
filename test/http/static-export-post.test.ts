/**
 * The static export's POST forms (src/export/static-export-post.ts) against the live handler: one
 * entry per exported query answer and media type, keyed by the hash of the body's normal form, the
 * body being the one the handler's canonical function says asks the GET's question; an answer the
 * handler sends otherwise for the POST is refused, never written. nginx + njs serving them is
 * test/integration/fleet/static-export-post.test.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createService } from "../../src/http/handler.js";
import { canonicalRequest } from "../../src/http/query-routes.js";
import { buildStaticExport, exportTargets, nginxMaps } from "../../src/export/static-export.js";
import { exportPosts, POST_MEDIA_TYPES, POST_PATHS, postNormalForm } from "../../src/export/static-export-post.js";
import { nodeCompressor } from "../../src/node/compressor.js";
import { sha256Hex } from "../../src/sha256.js";
import { fixtureGraph } from "./fixture.js";

const ENCODINGS = ["br", "gzip"] as const;
const service = createService(fixtureGraph(), { compressor: nodeCompressor });

describe("static export POST forms", () => {
  it("has one checked entry per exported query answer and media type, keyed by the body's normal form", async () => {
    const { export: exported } = await buildStaticExport(service.fetch, exportTargets(fixtureGraph()), ENCODINGS);
    const posts = await exportPosts(service.fetch, exported.answers, ENCODINGS);
    const queries = exported.answers.filter((answer) => POST_PATHS.some((path) => answer.target.startsWith(`${path}?`)));
    expect(queries.length).toBeGreaterThan(0);
    expect(posts.length).toBe(queries.length * POST_MEDIA_TYPES.length);
    for (const answer of queries) {
      const [path, query] = answer.target.split("?") as [string, string];
      const body = Object.fromEntries(new URLSearchParams(query));
      // The body asks the GET's question by the handler's own canonical request.
      expect(canonicalRequest(path, { body })).toBe(canonicalRequest(path, { query }));
      for (const mediaType of POST_MEDIA_TYPES) {
        const post = posts.find((entry) => entry.key === sha256Hex(postNormalForm(path, mediaType, body)!));
        expect(post?.file, `${answer.target} ${mediaType}`).toBe(answer.file);
        // A POST answer varies exactly when it was compressed (the GET's always varies, for its ETag).
        expect(post!.vary).toBe(Object.keys(answer.encoded).length > 0 ? "accept-encoding" : null);
      }
    }
    const maps = nginxMaps(exported, posts);
    for (const post of posts) expect(maps).toContain(`'${post.key}' '${post.file}';`);
    for (const path of POST_PATHS) expect(maps).toContain(`'${path}' 1;`);
  });

  it("refuses to export a POST form the handler answers with other bytes", async () => {
    const { export: exported } = await buildStaticExport(service.fetch, exportTargets(fixtureGraph()), ENCODINGS);
    const lying = async (request: Request) => {
      const response = await service.fetch(request);
      if (request.method !== "POST") return response;
      const text = await response.text();
      return new Response(`${text} `, { status: response.status, headers: { "content-type": "application/json; charset=utf-8" } });
    };
    await expect(exportPosts(lying, exported.answers, ENCODINGS)).rejects.toMatchObject({ code: "internal" });
  });

  it("normalises any member order to one form, and only objects of strings", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.string()), fc.constantFrom(...POST_PATHS), (body, path) => {
        const reversed = Object.fromEntries(Object.entries(body).reverse());
        expect(postNormalForm(path, "application/json", reversed)).toBe(postNormalForm(path, "application/json", body));
      }),
    );
    for (const body of [null, [], ["a"], "text", 1, { a: 1 }, { a: null }, { a: ["x"] }, { a: { b: "c" } }]) {
      expect(postNormalForm(POST_PATHS[0]!, "application/json", body)).toBeNull();
    }
  });
});
