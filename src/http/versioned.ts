/**
 * The versioned URL form of every GET answer: `/at/<data_version>` in front of its path
 * (`/at/sha256:…/v2/info/chains`). Hono routes the path without the prefix (`routedPath`, the
 * app's getPath), so each endpoint of the route table is registered once and its request schema
 * is untouched. The answer to a versioned URL never changes while that version is served, so it
 * is `immutable` for a year; a version not served is a 404 naming the one that is (never another
 * version's body). Every GET answer names its data version in a cache tag (`Cache-Tag`,
 * `Surrogate-Key`: purge one version from a CDN) and its versioned URL in `Content-Location`, so a
 * client can pin what it read.
 */
import type { MiddlewareHandler } from "hono";
import { getPath } from "hono/utils/url";
import { FungibleError } from "../errors.js";
import { targetOf, type AppEnv } from "./app-env.js";
import { errorResponse, methodNotAllowed, notFound } from "./errors.js";
import { PAGE_PATHS } from "./page/page-html.js";
import { PATHS, ROUTES } from "./routes.js";

export const VERSIONED_PREFIX = "/at/";
/** A versioned answer is the same bytes for as long as its version exists: cache it for good. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** The GET paths that have a versioned form and cache tags: all but liveness, metrics (the process's, not the data's) and the page for people. */
const UNVERSIONED: ReadonlySet<string> = new Set([PATHS.health, PATHS.metrics, ...Object.values(PAGE_PATHS)]);
export const VERSIONED_PATHS: ReadonlySet<string> = new Set(ROUTES.filter((route) => route.method === "GET" && !UNVERSIONED.has(route.path)).map((route) => route.path));

/** `/at/<version>` and the rest of a target (path and query), or null for an unversioned target. */
export function splitVersioned(target: string): { version: string; rest: string } | null {
  if (!target.startsWith(VERSIONED_PREFIX)) return null;
  const end = target.indexOf("/", VERSIONED_PREFIX.length);
  const query = target.indexOf("?");
  if (end === -1 || (query !== -1 && query < end)) return { version: decoded(target.slice(VERSIONED_PREFIX.length, query === -1 ? undefined : query)), rest: "/" };
  return { version: decoded(target.slice(VERSIONED_PREFIX.length, end)), rest: target.slice(end) };
}

/** The versioned target of `target` for `version`. */
export function versionedTarget(version: string, target: string): string {
  return `${VERSIONED_PREFIX}${version}${target}`;
}

/** The path Hono routes by: the request's path without its `/at/<version>` prefix. */
export function routedPath(request: Request): string {
  const path = getPath(request);
  if (!path.startsWith(VERSIONED_PREFIX)) return path;
  const end = path.indexOf("/", VERSIONED_PREFIX.length);
  return end === -1 ? "/" : path.slice(end);
}

/**
 * The middleware, inside the one that stamps `x-data-version` (so the replay cache keeps what it
 * writes): refuses a versioned request it cannot answer, then sets the caching headers of every
 * GET answer of `paths` (200 and 304 alike; errors keep their `no-store`).
 */
export function versionedAnswers(paths: ReadonlySet<string>, cacheControl: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const target = targetOf(c.req.url);
    const versioned = splitVersioned(target);
    const reads = c.req.method === "GET" || c.req.method === "HEAD";
    if (versioned === null && !(reads && paths.has(c.req.path))) return next();
    const version = c.var.router.dataVersion;
    if (versioned !== null) {
      const path = pathOf(versioned.rest);
      if (!paths.has(path)) return errorResponse(notFound(c.req.method, pathOf(target)));
      if (!reads) return errorResponse(methodNotAllowed(c.req.method, pathOf(target), ["GET"]), { allow: "GET, HEAD" });
      if (versioned.version !== version) return errorResponse(versionNotServed(versioned.version, version, versioned.rest));
    }
    await next();
    const status = c.res.status;
    if (status !== 200 && status !== 304) return;
    const headers = c.res.headers;
    // The data version is the tag: purging it drops every answer of that version (docs/http.md).
    headers.set("cache-tag", version);
    headers.set("surrogate-key", version);
    if (versioned !== null) headers.set("cache-control", IMMUTABLE_CACHE_CONTROL);
    else {
      if (!headers.has("cache-control")) headers.set("cache-control", cacheControl);
      headers.set("content-location", versionedTarget(version, target));
    }
  };
}

/** The 404 of a version this service does not serve: it names the one it does, and where that answer is. */
export function versionNotServed(asked: string, served: string, rest: string): FungibleError {
  return new FungibleError(
    "not_found",
    `data version ${clip(asked)} is not served here; this service serves ${served}: ask ${versionedTarget(served, clip(rest))}, or the unversioned ${clip(rest)}`,
    [{ path: ["data_version"], message: `served: ${served}` }],
  );
}

function pathOf(target: string): string {
  const query = target.indexOf("?");
  return query === -1 ? target : target.slice(0, query);
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
