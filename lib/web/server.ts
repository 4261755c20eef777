import http from "node:http";
import process from "node:process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { AddressInfo } from "node:net";
import { applySecurityHeaders } from "./headers.ts";
import { log } from "../log/logger.ts";
import { newRequestRecord, type RequestRecord, withRequest } from "../log/request-context.ts";

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

export function builtEntry(): string {
  return resolve(process.cwd(), process.env.DIST_DIR || "dist", "server/entry.mjs");
}

/**
 * The request's one log line. Static files (the middleware never sees them, so no route) go at debug level:
 * at info a page is one line, not one per script and stylesheet.
 */
function logRequest(record: RequestRecord, req: http.IncomingMessage, res: http.ServerResponse): void {
  const status = res.statusCode;
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

/**
 * Serves the built Astro app from a plain node:http server under Deno. The database must already be
 * installed with setDb(): the bundle finds it on globalThis.
 */
export async function startHttpServer(
  opts: { host: string; port: number },
): Promise<{ url: string; close(): Promise<void> }> {
  const entry = builtEntry();
  if (!existsSync(entry)) {
    throw new Error(`The app is not built (${entry} is missing): run \`deno task build\` first.`);
  }
  // Standalone mode's handler serves the static files too; we own the listening server.
  process.env.ASTRO_NODE_AUTOSTART = "disabled";
  // React's server renderer picks its development build unless told otherwise: twice as slow.
  process.env.NODE_ENV ??= "production";
  const { handler } = await import(pathToFileURL(entry).href) as { handler: NodeHandler };
  // Every response carries the security headers, also those the Astro middleware never sees (static
  // files, its redirects, the origin check's 403); a page's own headers (its hashed CSP) replace these.
  const baseline = new Headers();
  applySecurityHeaders(baseline, true);
  baseline.delete("Cache-Control");
  const server = http.createServer((req, res) => {
    for (const [name, value] of baseline) res.setHeader(name, value);
    const record = newRequestRecord(req.method ?? "GET");
    res.setHeader("X-Request-Id", record.id);
    res.once("close", () => logRequest(record, req, res));
    withRequest(record, () => handler(req, res, () => {}));
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(opts.port, opts.host, () => ok());
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.host.includes(":") ? `[${opts.host}]` : opts.host;
  return {
    url: `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections?.();
        server.close(() => ok());
      }),
  };
}
