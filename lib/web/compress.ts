// Compression of what the app renders (HTML pages, JSON answers) on the way out, and the ETag of JSON
// answers to GET. Static files come precompressed from the build (lib/web/static.ts); this is for the
// rest. It wraps node:http's response for one request, so the Astro handler writes as it always does.
import type http from "node:http";
import zlib from "node:zlib";
import { createHash } from "node:crypto";
import { Buffer } from "node:buffer";

export type Encoding = "br" | "gzip";

/** Below this a body goes as it is: compressing a few hundred bytes saves less than it costs. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * A page up to this size is held whole and compressed in one call. Astro and React write a page in
 * hundreds of small chunks, and a compression stream fed chunk by chunk cost more than one call on the
 * whole body (about 2 ms for the 150-row tracker page): its server CPU went from 35.4 to 31.7 ms.
 */
export const HOLD_WHOLE_BYTES = 1024 * 1024;

/** Beyond HOLD_WHOLE_BYTES the body is compressed as a stream, fed in slabs of at least this size. */
export const SLAB_BYTES = 64 * 1024;

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;

/** The best encoding of `offered` that the client accepts (brotli before gzip), honouring q=0; null for none. */
export function negotiate(
  acceptEncoding: string | string[] | undefined,
  offered: readonly Encoding[] = ["br", "gzip"],
): Encoding | null {
  const q = new Map<string, number>();
  for (const part of String(acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const weight = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find((v) => v !== undefined);
    q.set(name, weight === undefined ? 1 : Number(weight));
  }
  const ok = (e: string) => (q.get(e) ?? q.get("*") ?? 0) > 0;
  return offered.find(ok) ?? null;
}

export function isCompressible(contentType: unknown): boolean {
  return typeof contentType === "string" && COMPRESSIBLE.test(contentType);
}

/** `Vary: Accept-Encoding` added to whatever Vary the response already has. */
export function addVary(res: http.ServerResponse): void {
  const vary = String(res.getHeader("Vary") ?? "");
  if (!/\baccept-encoding\b/i.test(vary)) {
    res.setHeader("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  }
}

/**
 * Fast settings: a page is compressed on every request. Brotli 3 on the 150-row tracker page (257 KB):
 * 1.5 ms and 19.8 KB, against 2.3 ms and 18.5 KB at quality 4 and 1.4 ms and 21.9 KB for gzip 6.
 */
const BROTLI_QUALITY = 3;

function encoder(encoding: Encoding): zlib.BrotliCompress | zlib.Gzip {
  return encoding === "br"
    ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : zlib.createGzip({ level: 6 });
}

/** The same settings as `encoder`, for a body that is all here. */
function compressWhole(encoding: Encoding, body: Uint8Array): Uint8Array {
  return encoding === "br"
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : zlib.gzipSync(body, { level: 6 });
}

/** A weak validator of a body: equal bytes, equal tag. */
export function etagOf(body: Uint8Array): string {
  return `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`;
}

/** Whether If-None-Match names this tag (or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => t.trim() === "*" || bare(t) === bare(etag));
}

type Chunk = string | Uint8Array;

/**
 * From here on, `res` compresses what is written to it when the client accepts it and the type is worth
 * it; a JSON answer to GET also gets an ETag and, when the client already has it, a 304. The decision
 * waits for the first kilobyte (or the end): small bodies go uncompressed.
 */
export function compressResponses(req: http.IncomingMessage, res: http.ServerResponse): void {
  const encoding = negotiate(req.headers["accept-encoding"]);
  const isGet = req.method === "GET";
  if (req.method === "HEAD") return;
  // The originals, called through loose signatures (node's overloads do not survive .call).
  type Loose<R> = (this: http.ServerResponse, ...args: unknown[]) => R;
  const writeHead = res.writeHead as unknown as Loose<http.ServerResponse>;
  const write = res.write as unknown as Loose<boolean>;
  const end = res.end as unknown as Loose<http.ServerResponse>;
  let status = 200;
  let held: Chunk[] = [];
  let heldBytes = 0;
  let mode: "deciding" | "plain" | "compressed" = "deciding";
  let stream: zlib.BrotliCompress | zlib.Gzip | null = null;
  /** Chunks on their way into `stream`, written to it as one slab. */
  let slab: Chunk[] = [];
  let slabBytes = 0;

  res.writeHead = function (this: http.ServerResponse, code: number, ...rest: unknown[]) {
    status = code;
    const headers = rest.find((r) => r && typeof r === "object") as http.OutgoingHttpHeaders | undefined;
    if (typeof rest[0] === "string") this.statusMessage = rest[0];
    for (const [k, v] of Object.entries(headers ?? {})) if (v !== undefined) this.setHeader(k, v);
    return this;
  } as http.ServerResponse["writeHead"];

  const bodyless = () => status === 204 || status === 304 || (status >= 100 && status < 200);
  const plainStart = () => {
    mode = "plain";
    writeHead.call(res, status);
  };
  const compressedStart = (enc: Encoding) => {
    mode = "compressed";
    res.setHeader("Content-Encoding", enc);
    res.removeHeader("Content-Length");
    addVary(res);
    writeHead.call(res, status);
    stream = encoder(enc);
    stream.on("data", (c: Uint8Array) => write.call(res, c));
    stream.on("end", () => end.call(res));
    stream.on("error", (e) => res.destroy(e));
  };
  const flushHeld = () => {
    if (mode === "compressed") {
      for (const c of held) toStream(c);
    } else for (const c of held) write.call(res, c);
    held = [];
  };
  const flushSlab = () => {
    if (slab.length === 0) return;
    stream!.write(Buffer.concat(slab.map((c) => typeof c === "string" ? Buffer.from(c) : c)));
    slab = [];
    slabBytes = 0;
  };
  const toStream = (c: Chunk) => {
    slab.push(c);
    slabBytes += bytesOf(c);
    if (slabBytes >= SLAB_BYTES) flushSlab();
  };
  const bytesOf = (c: Chunk) => typeof c === "string" ? Buffer.byteLength(c) : c.byteLength;
  const isJson = () => /^application\/json/i.test(String(res.getHeader("Content-Type") ?? ""));

  /** The whole body is here (small, or a JSON answer held to its end): tag it, then send it. */
  const finishHeld = () => {
    const body = Buffer.concat(held.map((c) => typeof c === "string" ? Buffer.from(c) : c));
    if (isGet && status === 200 && isJson()) {
      const tag = etagOf(body);
      res.setHeader("ETag", tag);
      if (matchesEtag(req.headers["if-none-match"] as string | undefined, tag)) {
        status = 304;
        res.removeHeader("Content-Type");
        res.removeHeader("Content-Length");
        held = [];
        plainStart();
        return;
      }
    }
    const enc =
      encoding && body.byteLength >= MIN_COMPRESS_BYTES && isCompressible(res.getHeader("Content-Type"))
        ? encoding
        : null;
    // A body held whole is compressed in one call: a compression stream per answer cost more than the
    // compression itself for the few kilobytes of a typical JSON answer.
    const sent = enc ? compressWhole(enc, body) : body;
    if (enc) {
      res.setHeader("Content-Encoding", enc);
      addVary(res);
    }
    res.setHeader("Content-Length", sent.byteLength);
    plainStart();
    held = [sent];
    flushHeld();
  };

  res.write = function (this: http.ServerResponse, chunk: Chunk, ...rest: unknown[]) {
    if (mode === "plain") return write.call(this, chunk, ...rest);
    if (mode === "compressed") {
      toStream(chunk);
      return true;
    }
    if (bodyless() || res.getHeader("Content-Encoding")) {
      plainStart();
      return write.call(this, chunk, ...rest);
    }
    held.push(chunk);
    heldBytes += bytesOf(chunk);
    // A JSON answer is held whole (for its ETag), a page up to HOLD_WHOLE_BYTES too (one compression
    // call); anything else starts once the first kilobyte is in.
    if (heldBytes < MIN_COMPRESS_BYTES || (isGet && isJson())) return true;
    const compress = encoding && isCompressible(res.getHeader("Content-Type"));
    if (compress && heldBytes < HOLD_WHOLE_BYTES) return true;
    if (compress) compressedStart(encoding);
    else plainStart();
    flushHeld();
    return true;
  } as typeof res.write;

  res.end = function (this: http.ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    if (typeof chunk === "function") return end.call(this, chunk);
    if (chunk !== undefined && chunk !== null) res.write(chunk as Chunk);
    if (mode === "deciding") {
      if (bodyless() || res.getHeader("Content-Encoding")) plainStart();
      else finishHeld();
    }
    if (mode === "compressed") {
      flushSlab();
      stream!.end();
      return this;
    }
    return end.call(this, ...rest);
  } as typeof res.end;
}
