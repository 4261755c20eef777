// The built static files (dist/client), served before the Astro handler sees the request: the hashed
// bundles under /_astro/ as immutable for a year, the rest revalidated by ETag; each in the precompressed
// form the client accepts (lib/web/precompress.ts made them at build time), with Vary: Accept-Encoding.
import type http from "node:http";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { addVary, type Encoding, matchesEtag, negotiate } from "./compress.ts";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".webmanifest": "application/manifest+json",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
};

/** Astro's hashed bundle folder: a file's name changes with its content, so a copy never goes stale. */
export const IMMUTABLE_PREFIX = "/_astro/";
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Unhashed files (favicon, logo): kept, but asked about each time (a 304 is cheap). */
export const REVALIDATE = "public, max-age=0, must-revalidate";

interface StaticFile {
  path: string;
  type: string;
  etag: string;
  encodings: Encoding[];
  /** Bytes per form, read on first use and kept (a few hundred KB in all). */
  bytes: Partial<Record<Encoding | "identity", Uint8Array>>;
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** The index of dist/client by URL path (the .br/.gz siblings are forms of their file, not files). */
export function indexStaticFiles(clientDir: string): Map<string, StaticFile> {
  const index = new Map<string, StaticFile>();
  if (!existsSync(clientDir)) return index;
  for (const path of walk(clientDir)) {
    if (/\.(br|gz)$/.test(path)) continue;
    const type = TYPES[extname(path).toLowerCase()];
    if (!type) continue;
    const st = statSync(path);
    const url = "/" + relative(clientDir, path).split(sep).join("/");
    const encodings = (["br", "gzip"] as const).filter((e) =>
      existsSync(`${path}.${e === "br" ? "br" : "gz"}`)
    );
    const etag = `"${st.size.toString(36)}-${Math.floor(st.mtimeMs).toString(36)}"`;
    index.set(url, { path, type, etag, encodings, bytes: {} });
  }
  return index;
}

function bytesOf(file: StaticFile, form: Encoding | "identity"): Uint8Array {
  const suffix = form === "br" ? ".br" : form === "gzip" ? ".gz" : "";
  return file.bytes[form] ??= readFileSync(file.path + suffix);
}

/** Answers GET/HEAD for a built file; false when the path is not one (the app handles it). */
export function serveStatic(
  index: Map<string, StaticFile>,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  let path = (req.url ?? "/").split("?")[0];
  try {
    path = decodeURIComponent(path);
  } catch {
    return false;
  }
  const file = index.get(path);
  if (!file) return false;
  res.setHeader("Content-Type", file.type);
  res.setHeader("Cache-Control", path.startsWith(IMMUTABLE_PREFIX) ? IMMUTABLE : REVALIDATE);
  res.setHeader("ETag", file.etag);
  if (file.encodings.length) addVary(res);
  if (matchesEtag(req.headers["if-none-match"] as string | undefined, file.etag)) {
    res.writeHead(304);
    res.end();
    return true;
  }
  const form = negotiate(req.headers["accept-encoding"], file.encodings) ?? "identity";
  const body = bytesOf(file, form);
  if (form !== "identity") res.setHeader("Content-Encoding", form);
  res.setHeader("Content-Length", body.byteLength);
  res.writeHead(200);
  res.end(req.method === "HEAD" ? undefined : body);
  return true;
}
