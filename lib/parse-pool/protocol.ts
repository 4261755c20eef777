// The wire between the server and its parse workers (pool.ts, worker.ts): length-prefixed frames over the
// child's stdin/stdout. A request is a JSON header plus the file's raw bytes (never base64: a 20 MB upload
// stays 20 MB); an answer is JSON. Dates survive the trip (spreadsheet cells hold them); nothing else that
// JSON drops (functions, class instances) is ever in a parse result.
import { concatBytes } from "../bytes.ts";

/** What a parse job answers, on the wire and to the caller of ParsePool.run. */
export type Reply =
  | { ok: true; result: unknown }
  | { ok: false; error: WireError };

/** A thrown error as plain data: a DomainError keeps its code, kind, message, fields and data. */
export interface WireError {
  code?: string;
  kind?: string;
  message: string;
  fields?: Record<string, string[]>;
  data?: Record<string, unknown>;
}

const DATE_TAG = "$date";

/** JSON with Dates tagged, so that the other side gets Dates back (decodeJson). */
export function encodeJson(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key, v) {
    const raw = this[key];
    if (raw instanceof Date) return { [DATE_TAG]: Number.isNaN(raw.getTime()) ? null : raw.toISOString() };
    return v;
  });
}

export function decodeJson(text: string): unknown {
  return JSON.parse(text, (_key, v) => {
    if (v && typeof v === "object" && !Array.isArray(v) && DATE_TAG in v && Object.keys(v).length === 1) {
      const iso = (v as Record<string, string | null>)[DATE_TAG];
      return new Date(iso ?? NaN);
    }
    return v;
  });
}

/** A thrown value as data. */
export function wireError(e: unknown): WireError {
  if (e && typeof e === "object" && "code" in e && "kind" in e) {
    const d = e as { code: string; kind: string; message: string; fields?: unknown; data?: unknown };
    return {
      code: d.code,
      kind: d.kind,
      message: d.message,
      fields: d.fields as WireError["fields"],
      data: d.data as WireError["data"],
    };
  }
  return { message: e instanceof Error ? e.message : String(e) };
}

const u32 = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n, true);
  return b;
};

/** One frame as pieces to write in order: a length, then each part length-prefixed (parts are not copied). */
export function framePieces(parts: Uint8Array[]): Uint8Array[] {
  const size = parts.reduce((n, p) => n + 4 + p.byteLength, 0);
  return [u32(size), ...parts.flatMap((p) => [u32(p.byteLength), p])];
}

/** One frame in one buffer. */
export function frame(parts: Uint8Array[]): Uint8Array {
  return concatBytes(framePieces(parts));
}

/** Splits a byte stream back into frames, each as its parts. Feed it chunks as they come. */
export class FrameDecoder {
  #chunks: Uint8Array[] = [];
  #buffered = 0;

  push(chunk: Uint8Array): Uint8Array[][] {
    this.#chunks.push(chunk);
    this.#buffered += chunk.byteLength;
    const frames: Uint8Array[][] = [];
    while (this.#buffered >= 4) {
      const head = this.#peek(4);
      const size = new DataView(head.buffer, head.byteOffset, 4).getUint32(0, true);
      if (this.#buffered < 4 + size) break;
      const body = this.#take(4 + size).subarray(4);
      frames.push(parts(body));
    }
    return frames;
  }

  #peek(n: number): Uint8Array {
    if (this.#chunks[0].byteLength < n) {
      const all = this.#take(this.#buffered);
      this.#chunks = [all];
      this.#buffered = all.byteLength;
    }
    return this.#chunks[0].subarray(0, n);
  }

  #take(n: number): Uint8Array {
    const out = new Uint8Array(n);
    let at = 0;
    while (at < n) {
      const c = this.#chunks[0];
      const k = Math.min(c.byteLength, n - at);
      out.set(c.subarray(0, k), at);
      at += k;
      if (k === c.byteLength) this.#chunks.shift();
      else this.#chunks[0] = c.subarray(k);
    }
    this.#buffered -= n;
    return out;
  }
}

function parts(body: Uint8Array): Uint8Array[] {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const out: Uint8Array[] = [];
  for (let at = 0; at + 4 <= body.byteLength;) {
    const n = view.getUint32(at, true);
    out.push(body.subarray(at + 4, at + 4 + n));
    at += 4 + n;
  }
  return out;
}

export const utf8 = new TextEncoder();
export const fromUtf8 = new TextDecoder();
