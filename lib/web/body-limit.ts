// Request body caps, chosen from the request line and enforced while the body streams (lib/web/server.ts),
// so an oversized body is refused before anything buffers or parses it.
import { DomainError } from "../errors.ts";
import { uploadTooLarge } from "../uploads/errors.ts";

/** Sign-in, token and password-reset bodies are a few hundred bytes. */
export const AUTH_BODY_LIMIT = 64 * 1024;
/** The largest JSON body any screen sends (bulk edits) is a few KB. */
export const JSON_BODY_LIMIT = 1024 * 1024;
/** Multipart framing (boundaries, part headers, small fields) on top of the file, as lib/uploads/guard.ts allows. */
const MULTIPART_SLACK = 64 * 1024;
/** Up to this much past the cap is read and dropped, so the client reads the 413 instead of a reset. */
const DRAIN_FACTOR = 5;
const MIN_DRAIN = 8 * 1024 * 1024;

export interface BodyLimit {
  bytes: number;
  /** A multipart upload: refused with the upload guard's own error, so both refusals agree. */
  upload?: { fileLimitBytes: number };
}

export function bodyLimitFor(
  path: string,
  contentType: string | undefined,
  uploadLimitBytes: number,
): BodyLimit {
  if (path.startsWith("/api/auth/")) return { bytes: AUTH_BODY_LIMIT };
  if (/^multipart\/form-data\b/i.test(contentType ?? "")) {
    return { bytes: uploadLimitBytes + MULTIPART_SLACK, upload: { fileLimitBytes: uploadLimitBytes } };
  }
  return { bytes: JSON_BODY_LIMIT };
}

/** Past this many bytes an oversized body is cut off rather than drained. */
export const drainLimitOf = (limit: BodyLimit): number => Math.max(DRAIN_FACTOR * limit.bytes, MIN_DRAIN);

/** The spec has one text for 413 (01-core §8); the code tells a file from any other body. */
export function bodyTooLarge(limit: BodyLimit): DomainError {
  if (limit.upload) return uploadTooLarge(limit.upload.fileLimitBytes);
  return new DomainError("request.too_large", "too_large", "File so large for upload", {
    data: { limit_bytes: limit.bytes },
  });
}

/** True when a Content-Length header already says the body is over the cap. */
export function declaredOver(contentLength: string | undefined, limit: BodyLimit): boolean {
  const declared = Number(contentLength);
  return contentLength !== undefined && Number.isFinite(declared) && declared > limit.bytes;
}

/**
 * The body's chunks while it stays within the cap. Past it nothing more is yielded: the rest is read and
 * dropped up to the drain limit, then `onOver(cutOff)` answers the refusal, and the reader waits forever
 * (its socket closes after the 413, and the unsettled chain is garbage once nothing references it).
 */
export async function* cappedBody(
  source: AsyncIterable<Uint8Array>,
  limit: BodyLimit,
  onOver: (cutOff: boolean) => void,
): AsyncGenerator<Uint8Array> {
  let total = 0;
  let over = false;
  const drainLimit = drainLimitOf(limit);
  for await (const chunk of source) {
    total += chunk.byteLength;
    if (total <= limit.bytes) yield chunk;
    else over = true;
    if (total > drainLimit) {
      onOver(true);
      return await new Promise<never>(() => {});
    }
  }
  if (!over) return;
  onOver(false);
  return await new Promise<never>(() => {});
}
