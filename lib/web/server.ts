import http from "node:http";
import process from "node:process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { AddressInfo } from "node:net";
import { applySecurityHeaders } from "./headers.ts";
import { log } from "../log/logger.ts";
import {
  newRequestRecord,
  type RequestRecord,
  serverTimingHeader,
  withRequest,
} from "../log/request-context.ts";
import { config } from "../config.ts";
import {
  type BodyLimit,
  bodyLimitFor,
  bodyTooLarge,
  cappedBody,
  declaredOver,
  drainLimitOf,
} from "./body-limit.ts";
import { domainErrorBody, statusOf } from "./endpoint.ts";
import { installParsePool, releaseParsePool } from "../parse-pool/pool.ts";
import { indexStaticFiles, serveStatic } from "./static.ts";
import { compressResponses } from "./compress.ts";
import { observeRequest } from "../ops/metrics.ts";

/** The app's handler (the node adapter's middleware mode): without `next`, an unknown path is the app's 404. */
type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

export function builtEntry(): string {
  return resolve(process.cwd(), process.env.DIST_DIR || "dist", "server/entry.mjs");
}

const builtClient = () => resolve(process.cwd(), process.env.DIST_DIR || "dist", "client");

/**
 * The request's one log line. Static files (the middleware never sees them, so no route) go at debug level:
 * at info a page is one line, not one per script and stylesheet.
 */
function logRequest(record: RequestRecord, req: http.IncomingMessage, res: http.ServerResponse): void {
  const status = res.statusCode;
  observeRequest(
    record.route ?? "(static)",
    record.method,
    status,
    (performance.now() - record.startedAt) / 1000,
  );
  const level = status >= 500 ? "error" : record.route === undefined && status < 400 ? "debug" : "info";
  log[level]("request", {
    method: record.method,
    route: record.route ?? null,
    // The path only where no route names the request (static files); never its query, where tokens travel.
    ...(record.route === undefined ? { path: (req.url ?? "").split("?")[0] } : {}),
    status,
    ms: Math.round(performance.now() - record.startedAt),
    user_id: record.userId ?? null,
    ...(res.writableFinished ? {} : { aborted: true }),
  });
}

/** Stamps the request's phases (lib/log/request-context.ts timed()) on the response head: SERVER_TIMING=1. */
function addServerTiming(res: http.ServerResponse, record: RequestRecord): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: http.ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!this.headersSent) this.setHeader("Server-Timing", serverTimingHeader(record));
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

/**
 * The 413 for an oversized body. `cutOff`: the client is still sending more than we will drain, so the
 * connection closes once the answer is out; otherwise the body has been read (and dropped) to its end.
 */
function refuseBody(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  limit: BodyLimit,
  cutOff: boolean,
): void {
  if (res.headersSent) return;
  const error = bodyTooLarge(limit);
  res.writeHead(statusOf(error.kind), { "content-type": "application/json", connection: "close" });
  res.end(JSON.stringify(domainErrorBody(error)), () => {
    if (cutOff) req.destroy();
  });
}

/** A body the Content-Length already shows too large: never handed to the app, drained or cut off. */
function refuseDeclared(req: http.IncomingMessage, res: http.ServerResponse, limit: BodyLimit): void {
  const drainLimit = drainLimitOf(limit);
  let seen = 0;
  if (Number(req.headers["content-length"]) > drainLimit) return refuseBody(req, res, limit, true);
  req.on("data", (chunk: Uint8Array) => {
    seen += chunk.byteLength;
    if (seen > drainLimit) refuseBody(req, res, limit, true);
  });
  req.once("end", () => refuseBody(req, res, limit, false));
}

/**
 * Caps the body before the app reads it: Astro's node adapter reads `req.body` when it is an async iterable
 * (as frameworks that pre-parse do), so the app only ever sees the capped stream.
 */
function capBody(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (req.method === "GET" || req.method === "HEAD") return true;
  const limit = bodyLimitFor(
    (req.url ?? "/").split("?")[0],
    req.headers["content-type"],
    config.uploadLimitBytes,
  );
  if (declaredOver(req.headers["content-length"], limit)) {
    refuseDeclared(req, res, limit);
    return false;
  }
  Object.assign(req, { body: cappedBody(req, limit, (cutOff) => refuseBody(req, res, limit, cutOff)) });
  return true;
}

function decodable(url: string | undefined): boolean {
  try {
    decodeURI(url ?? "/");
    return true;
  } catch {
    return false;
  }
}

/**
 * Serves the built Astro app from a plain node:http server under Deno. The database must already be
 * installed with setDb(): the bundle finds it on globalThis.
 */
export async function startHttpServer(
  opts: { host: string; port: number; warmParsers?: boolean },
): Promise<{ url: string; close(): Promise<void> }> {
  const entry = builtEntry();
  if (!existsSync(entry)) {
    throw new Error(`The app is not built (${entry} is missing): run \`deno task build\` first.`);
  }
  // A standalone build would start its own listener on import; this server owns the listening socket.
  process.env.ASTRO_NODE_AUTOSTART = "disabled";
  // React's server renderer picks its development build unless told otherwise: twice as slow.
  process.env.NODE_ENV ??= "production";
  const { handler } = await import(pathToFileURL(entry).href) as { handler: NodeHandler };
  // Every response carries the security headers, also those the Astro middleware never sees (static
  // files, its redirects, the origin check's 403); a page's own headers (its hashed CSP) replace these.
  const serverTiming = config.serverTiming;
  // The built files, precompressed at build time, are answered here; the app's own answers are compressed
  // on the way out (lib/web/compress.ts).
  const statics = indexStaticFiles(builtClient());
  const baseline = new Headers();
  applySecurityHeaders(baseline, true);
  baseline.delete("Cache-Control");
  const server = http.createServer((req, res) => {
    for (const [name, value] of baseline) res.setHeader(name, value);
    const record = newRequestRecord(req.method ?? "GET");
    res.setHeader("X-Request-Id", record.id);
    res.once("close", () => logRequest(record, req, res));
    withRequest(record, () => {
      if (serveStatic(statics, req, res)) return;
      if (!decodable(req.url)) {
        res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8" });
        res.end("Bad request: the address is not valid URL encoding.");
        return;
      }
      compressResponses(req, res);
      if (serverTiming) addServerTiming(res, record);
      if (capBody(req, res)) void handler(req, res);
    });
  });
  // Above the idle timeout of common proxies and load balancers (60 s): the proxy, not us, closes an idle
  // connection, so it never sends a request on a socket we are closing. Headers get a little longer.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(opts.port, opts.host, () => ok());
  });
  // Uploaded files are read by warm worker processes within a time and memory budget (lib/parse-pool).
  installParsePool({
    workers: config.parseWorkers,
    timeBudgetMs: config.parseTimeBudgetMs,
    memoryBudgetMb: config.parseMemoryBudgetMb,
    // Production starts them with the server; a test app starts them with its first upload.
    warm: opts.warmParsers ?? false,
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.host.includes(":") ? `[${opts.host}]` : opts.host;
  return {
    url: `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections?.();
        releaseParsePool();
        server.close(() => ok());
      }),
  };
}
