// Zip-bomb defence for .xlsx uploads (an .xlsx is a ZIP archive). The central directory is read here,
// without a dependency, before any spreadsheet library sees the bytes; then every part is inflated once
// with a byte budget, so an archive whose directory lies about its sizes is caught too.
import { refusedFile, UPLOAD } from "./errors.ts";

export const ZIP_LIMITS = {
  /** Parts in the archive. A real workbook has a few dozen. */
  maxEntries: 1_000,
  /** Sum of the uncompressed sizes of all parts. */
  maxTotalBytes: 100 * 1024 * 1024,
  /** Uncompressed / compressed, for the whole archive and for any part of at least `ratioFloorBytes`. */
  maxRatio: 200,
  ratioFloorBytes: 64 * 1024,
} as const;

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const SIG_EOCD = 0x06054b50;
const SIG_EOCD64 = 0x06064b50;
const SIG_EOCD64_LOCATOR = 0x07064b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;
const MAX32 = 0xffffffff;

const notXlsx = (fileName: string) =>
  refusedFile(
    UPLOAD.notXlsx,
    fileName,
    "this is not an Excel workbook (.xlsx). Save it as .xlsx or CSV and upload it again.",
  );
const damaged = (fileName: string, what: string) =>
  refusedFile(
    UPLOAD.damaged,
    fileName,
    `the workbook is damaged (${what}). Save it again from Excel and upload it again.`,
  );
const zipBomb = (fileName: string, why: string) => refusedFile(UPLOAD.zipBomb, fileName, why);

/** True for the first bytes of a ZIP archive (an .xlsx). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) &&
    (bytes[3] === 4 || bytes[3] === 6);
}

/** True for an OLE compound file: an old .xls, or an .xlsx saved with a password. */
export function looksLikeOle(bytes: Uint8Array): boolean {
  const ole = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  return bytes.length >= 8 && ole.every((b, i) => bytes[i] === b);
}

/** Little-endian reads over the archive's bytes. */
interface ZipReader {
  length: number;
  u16(o: number): number;
  u32(o: number): number;
  u64(o: number): number;
}

function zipReader(bytes: Uint8Array): ZipReader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    length: bytes.length,
    u16: (o) => view.getUint16(o, true),
    u32: (o) => view.getUint32(o, true),
    u64: (o) => Number(view.getBigUint64(o, true)),
  };
}

/** Where the central directory is and how many entries it holds, from the end record (ZIP64 when overflowed). */
function directoryEnd(r: ZipReader, fileName: string): { total: number; cdSize: number; cdOffset: number } {
  // The end-of-central-directory record sits in the last 22 + 65,535 (comment) bytes.
  let eocd = -1;
  for (let o = r.length - 22; o >= Math.max(0, r.length - 22 - 0xffff); o--) {
    if (r.u32(o) === SIG_EOCD && o + 22 + r.u16(o + 20) <= r.length) {
      eocd = o;
      break;
    }
  }
  if (eocd < 0) throw notXlsx(fileName);
  const total = r.u16(eocd + 10), cdSize = r.u32(eocd + 12), cdOffset = r.u32(eocd + 16);
  if (total !== 0xffff && cdSize !== MAX32 && cdOffset !== MAX32) return { total, cdSize, cdOffset };
  const loc = eocd - 20;
  if (loc < 0 || r.u32(loc) !== SIG_EOCD64_LOCATOR) throw damaged(fileName, "ZIP64 locator missing");
  const rec = r.u64(loc + 8);
  if (rec + 56 > r.length || r.u32(rec) !== SIG_EOCD64) throw damaged(fileName, "ZIP64 record missing");
  return { total: r.u64(rec + 32), cdSize: r.u64(rec + 40), cdOffset: r.u64(rec + 48) };
}

/** ZIP64 sizes live in the extra field 0x0001, in this order, only for the fields that overflowed. */
function applyZip64Extra(r: ZipReader, entry: ZipEntry, start: number, extraLen: number, fileName: string) {
  let e = start;
  const end = e + extraLen;
  while (e + 4 <= end) {
    const id = r.u16(e), size = r.u16(e + 2);
    if (id === 0x0001) {
      let p = e + 4;
      const take = () => {
        if (p + 8 > e + 4 + size) throw damaged(fileName, "ZIP64 extra field");
        const v = r.u64(p);
        p += 8;
        return v;
      };
      if (entry.uncompressedSize === MAX32) entry.uncompressedSize = take();
      if (entry.compressedSize === MAX32) entry.compressedSize = take();
      if (entry.localHeaderOffset === MAX32) entry.localHeaderOffset = take();
    }
    e += 4 + size;
  }
}

const tooManyParts = (fileName: string, count: number) =>
  zipBomb(
    fileName,
    `refused: the workbook has ${count.toLocaleString("en-US")} parts (at most ${
      ZIP_LIMITS.maxEntries.toLocaleString("en-US")
    }).`,
  );

/** Reads the central directory (ZIP64 included). Throws a refusal naming the file when it is not a sound ZIP. */
export function readCentralDirectory(bytes: Uint8Array, fileName: string): ZipEntry[] {
  if (bytes.length < 22) throw notXlsx(fileName);
  const r = zipReader(bytes);
  const { total, cdSize, cdOffset } = directoryEnd(r, fileName);
  if (total > ZIP_LIMITS.maxEntries) throw tooManyParts(fileName, total);
  if (cdOffset + cdSize > bytes.length) throw damaged(fileName, "central directory outside the file");

  const entries: ZipEntry[] = [];
  let o = cdOffset;
  const decoder = new TextDecoder();
  for (let i = 0; i < total; i++) {
    if (o + 46 > bytes.length || r.u32(o) !== SIG_CENTRAL) {
      throw damaged(fileName, `directory entry ${i + 1}`);
    }
    const nameLen = r.u16(o + 28), extraLen = r.u16(o + 30), commentLen = r.u16(o + 32);
    if (o + 46 + nameLen + extraLen + commentLen > bytes.length) {
      throw damaged(fileName, `directory entry ${i + 1}`);
    }
    const entry: ZipEntry = {
      name: decoder.decode(bytes.subarray(o + 46, o + 46 + nameLen)),
      flags: r.u16(o + 8),
      method: r.u16(o + 10),
      compressedSize: r.u32(o + 20),
      uncompressedSize: r.u32(o + 24),
      localHeaderOffset: r.u32(o + 42),
    };
    applyZip64Extra(r, entry, o + 46 + nameLen, extraLen, fileName);
    entries.push(entry);
    o += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** The directory's own figures against the limits: count, total size, compression ratio, methods. */
export function checkEntries(entries: ZipEntry[], fileName: string): void {
  if (entries.length > ZIP_LIMITS.maxEntries) throw tooManyParts(fileName, entries.length);
  let unpacked = 0, packed = 0;
  for (const e of entries) {
    if (e.flags & 1) {
      throw refusedFile(
        UPLOAD.encrypted,
        fileName,
        "the workbook is encrypted. Save it without a password and upload it again.",
      );
    }
    if (e.method !== 0 && e.method !== 8) {
      throw refusedFile(
        UPLOAD.unsupportedCompression,
        fileName,
        `part ${e.name} uses an unsupported compression (method ${e.method}).`,
      );
    }
    if (e.method === 0 && e.compressedSize !== e.uncompressedSize) throw damaged(fileName, `part ${e.name}`);
    unpacked += e.uncompressedSize;
    packed += e.compressedSize;
    if (
      e.uncompressedSize >= ZIP_LIMITS.ratioFloorBytes &&
      e.uncompressedSize > e.compressedSize * ZIP_LIMITS.maxRatio
    ) {
      throw zipBomb(
        fileName,
        `refused as a zip bomb: part ${e.name} expands ${ratio(e)} times (at most ${ZIP_LIMITS.maxRatio}).`,
      );
    }
  }
  const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
  if (unpacked > ZIP_LIMITS.maxTotalBytes) {
    throw zipBomb(
      fileName,
      `refused: the workbook unpacks to ${mb(unpacked)} MB (at most ${mb(ZIP_LIMITS.maxTotalBytes)} MB).`,
    );
  }
  if (unpacked >= ZIP_LIMITS.ratioFloorBytes && unpacked > Math.max(packed, 1) * ZIP_LIMITS.maxRatio) {
    throw zipBomb(
      fileName,
      `refused as a zip bomb: the workbook expands ${
        Math.round(unpacked / Math.max(packed, 1))
      } times (at most ${ZIP_LIMITS.maxRatio}).`,
    );
  }
}

const ratio = (e: ZipEntry) => Math.round(e.uncompressedSize / Math.max(e.compressedSize, 1));

/** Compressed bytes fed to the inflater at a time: at most ~1,000 times this comes out of one piece. */
const INFLATE_PIECE = 4096;

/**
 * Inflates `data` ("deflate-raw" for a ZIP part, "deflate" for a PDF stream), stopping as soon as it yields
 * more than `limit` bytes: nothing is kept, only counted. The data goes in by small pieces, because the
 * inflater answers each piece whole (1 MB of bomb in one piece would come out as 1 GB at once). Returns the
 * count (over `limit` when cut off), or -1 when the data is not deflate at all.
 */
export async function inflatedSize(
  data: Uint8Array,
  limit: number,
  format: "deflate-raw" | "deflate" = "deflate-raw",
): Promise<number> {
  const inflater = new DecompressionStream(format);
  const writer = inflater.writable.getWriter();
  const reader = inflater.readable.getReader();
  let n = 0;
  const feed = (async () => {
    // The last bytes (a zlib trailer, stray bytes after the data) go in alone: a piece that fails yields
    // nothing, and all the output before them must be counted.
    const tail = Math.max(0, data.byteLength - 8);
    for (let at = 0; at < tail && n <= limit; at += INFLATE_PIECE) {
      await writer.write(data.subarray(at, Math.min(tail, at + INFLATE_PIECE)) as Uint8Array<ArrayBuffer>);
    }
    if (tail < data.byteLength && n <= limit) {
      await writer.write(data.subarray(tail) as Uint8Array<ArrayBuffer>);
    }
    await writer.close();
  })().catch(() => {/* the reader sees the same failure */});
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      n += value.byteLength;
      if (n > limit) {
        await reader.cancel().catch(() => {});
        break;
      }
    }
  } catch {
    // A damaged ZIP part is refused as such; a PDF stream pdf.js reads anyway (it checks no trailer), so
    // what came out before the fault is what counts.
    if (format === "deflate-raw" || n === 0) n = -1;
  }
  await feed;
  return n;
}

/** Where each part's data lies; parts that share bytes are how a small archive unpacks to gigabytes. */
function partSpans(
  bytes: Uint8Array,
  entries: ZipEntry[],
  fileName: string,
): { e: ZipEntry; start: number }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const spans = entries.map((e) => {
    const o = e.localHeaderOffset;
    if (o + 30 > bytes.length || view.getUint32(o, true) !== SIG_LOCAL) {
      throw damaged(fileName, `part ${e.name}`);
    }
    // Without a data descriptor (flag bit 3) the local header repeats the sizes: a second, different
    // answer is a lie one reader or another would believe.
    const localPacked = view.getUint32(o + 18, true), localSize = view.getUint32(o + 22, true);
    const sizesDiffer = (localPacked !== MAX32 && localPacked !== e.compressedSize) ||
      (localSize !== MAX32 && localSize !== e.uncompressedSize);
    if (!(e.flags & 8) && sizesDiffer) {
      throw zipBomb(fileName, `refused: part ${e.name} declares two different sizes.`);
    }
    const start = o + 30 + view.getUint16(o + 26, true) + view.getUint16(o + 28, true);
    if (start + e.compressedSize > bytes.length) throw damaged(fileName, `part ${e.name} is cut short`);
    return { e, start };
  });
  const sorted = [...spans].sort((a, b) => a.e.localHeaderOffset - b.e.localHeaderOffset);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1];
    if (sorted[i].e.localHeaderOffset < prev.start + prev.e.compressedSize) {
      throw zipBomb(fileName, `refused as a zip bomb: parts ${prev.e.name} and ${sorted[i].e.name} overlap.`);
    }
  }
  return spans;
}

/**
 * Refuses anything that is not a sound, reasonably sized .xlsx with a clear refusal naming the file: not a ZIP,
 * an old .xls or password-protected file, more than 1,000 parts, over 100 MB unpacked, a compression ratio
 * over 200, or sizes in the directory that the data does not honour.
 */
export async function assertSafeXlsx(bytes: Uint8Array, fileName = "The file"): Promise<void> {
  if (looksLikeOle(bytes)) {
    throw refusedFile(
      UPLOAD.notXlsx,
      fileName,
      "this is an old Excel 97-2003 (.xls) or a password-protected workbook. Save it as .xlsx (without a password) or CSV and upload it again.",
    );
  }
  if (!looksLikeZip(bytes)) throw notXlsx(fileName);
  const entries = readCentralDirectory(bytes, fileName);
  checkEntries(entries, fileName);
  // Each part is inflated no further than it declares, and all of them no further than the total cap.
  let total = 0;
  for (const { e, start } of partSpans(bytes, entries, fileName)) {
    if (e.method === 0 || e.uncompressedSize === 0 && e.compressedSize <= 2) continue;
    const n = await inflatedSize(bytes.subarray(start, start + e.compressedSize), e.uncompressedSize);
    if (n < 0) throw damaged(fileName, `part ${e.name} cannot be unpacked`);
    if (n > e.uncompressedSize) {
      throw zipBomb(
        fileName,
        `refused as a zip bomb: part ${e.name} unpacks to more than the ${
          e.uncompressedSize.toLocaleString("en-US")
        } bytes it declares.`,
      );
    }
    total += n;
    if (total > ZIP_LIMITS.maxTotalBytes) {
      throw zipBomb(
        fileName,
        `refused: the workbook unpacks to more than ${ZIP_LIMITS.maxTotalBytes / 1048576} MB.`,
      );
    }
  }
}
