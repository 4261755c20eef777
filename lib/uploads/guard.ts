// Upload safety shared by every import (roster, Amazon reports): the size limit, reading one multipart
// file without buffering more than the limit, the zip-bomb check for .xlsx, and keeping the source file.
import { config } from "../config.ts";
import type { Queryable } from "../db/client.ts";
import { emptyFile, malformedMultipart, noFileSubmitted, notMultipart, uploadTooLarge } from "./errors.ts";
import { uploads } from "./schema.ts";
import { boundaryOf, splitMultipart } from "./multipart.ts";

/** The multipart framing around a file (boundaries, part headers, small text fields) on top of the file. */
const MULTIPART_SLACK = 64 * 1024;

export interface UploadedFile {
  /** The browser's file name without any folder part. */
  fileName: string;
  contentType: string;
  size: number;
  bytes: Uint8Array;
}

export interface MultipartUploads {
  files: Record<string, UploadedFile>;
  fields: Record<string, string>;
}

export interface MultipartUpload {
  file: UploadedFile;
  /** The other (text) fields of the form, e.g. kind. */
  fields: Record<string, string>;
}

/** How much larger than the limit a declared upload may be and still be drained for a clean 413. */
const DRAIN_FACTOR = 5;

async function discard(request: Request): Promise<void> {
  if (!request.body) return;
  const reader = request.body.getReader();
  try {
    while (!(await reader.read()).done) { /* dropped */ }
  } catch { /* the client went away */ }
}

/** Reads a body, refusing with 413 as soon as it passes `max` bytes (the declared length is not trusted). */
async function readCapped(request: Request, max: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      throw uploadTooLarge(max - MULTIPART_SLACK);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // deno-lint-ignore no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 200);
  return clean || "upload";
}

/**
 * One file from a multipart/form-data request, safely: the declared Content-Length is checked first, then
 * the body is read with a hard cap (a missing or false length changes nothing), then the file's own size.
 * 413 {detail: 'File so large for upload'} over the limit; 400 naming what is wrong otherwise.
 */
export async function readMultipartFile(
  request: Request,
  field: string,
  limit: number = config.uploadLimitBytes,
): Promise<MultipartUpload> {
  const { files, fields } = await readMultipartFiles(request, [field], limit);
  return { file: files[field], fields };
}

/**
 * Several files of one multipart/form-data request (the check upload's file1 and file2), each required and
 * each within `limit`; the body may hold all of them. The same checks as readMultipartFile.
 */
export async function readMultipartFiles(
  request: Request,
  names: readonly string[],
  limit: number = config.uploadLimitBytes,
): Promise<MultipartUploads> {
  const field = names[0];
  const bodyLimit = limit * names.length;
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw notMultipart(field);
  }
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > bodyLimit + MULTIPART_SLACK) {
    // Refused without keeping anything. A body up to a few times the limit is read and dropped first: a
    // server that answers mid-upload resets the connection, and the browser would then show a network
    // error instead of the 413. Anything larger is cut off at once.
    if (declared <= DRAIN_FACTOR * bodyLimit) await discard(request);
    else await request.body?.cancel().catch(() => {});
    throw uploadTooLarge(limit);
  }
  const body = await readCapped(request, bodyLimit + MULTIPART_SLACK);
  const boundary = boundaryOf(type);
  const parts = boundary ? splitMultipart(body, boundary) : null;
  if (!parts) throw malformedMultipart();
  const files: Record<string, UploadedFile> = {};
  for (const name of names) {
    const value = parts.find((p) => p.name === name);
    if (!value || value.fileName === undefined) throw noFileSubmitted(name);
    const fileName = cleanFileName(value.fileName);
    if (value.data.byteLength > limit) throw uploadTooLarge(limit);
    if (value.data.byteLength === 0) throw emptyFile(name, fileName);
    files[name] = {
      fileName,
      contentType: value.contentType || "application/octet-stream",
      size: value.data.byteLength,
      // A view into the body read above (which nothing else holds): no copy of the file.
      bytes: value.data,
    };
  }
  const fields: Record<string, string> = {};
  for (const p of parts) {
    if (p.fileName === undefined && !names.includes(p.name) && !(p.name in fields)) {
      fields[p.name] = new TextDecoder().decode(p.data);
    }
  }
  return { files, fields };
}

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as BufferSource);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

export interface KeepUploadInput {
  /** What the file is, e.g. 'roster-das', 'roster-vans', 'amazon-pdf'. */
  kind: string;
  fileName: string;
  contentType?: string;
  bytes: Uint8Array;
  uploadedById: number | null;
  stationId?: number | null;
  meta?: Record<string, unknown>;
}

/**
 * Keeps the source file with who uploaded it and when (decisions.md "Files"). Call it inside the import's
 * transaction, so a failed import keeps no file and a kept file always has its import.
 */
export async function keepUpload(
  tx: Queryable,
  input: KeepUploadInput,
): Promise<{ id: number; sha256: string }> {
  const sha256 = await sha256Hex(input.bytes);
  const [row] = await tx.insert(uploads).values({
    kind: input.kind,
    fileName: cleanFileName(input.fileName),
    contentType: input.contentType || "application/octet-stream",
    size: input.bytes.byteLength,
    sha256,
    data: input.bytes,
    stationId: input.stationId ?? null,
    uploadedById: input.uploadedById,
    meta: input.meta ?? {},
  }).returning({ id: uploads.id });
  return { id: row.id, sha256 };
}
