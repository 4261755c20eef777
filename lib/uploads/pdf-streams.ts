// Bomb defence for PDF uploads: a few hundred KB of Flate stream can decode to gigabytes, and pdf.js decodes
// a content stream whole before it reads any text (an 816 KB file took 19-43 s and ~2 GB). Every Flate
// stream pdf.js could decode for text is inflated here first, counting and dropping the bytes, and the file
// is refused as soon as one stream or all of them pass their cap. Images are skipped: text extraction
// never decodes them.
import { inflatedSize } from "./zip.ts";

export const PDF_STREAM_LIMITS = {
  /** One decoded stream. A weekly scorecard's largest (a page's text) is well under 1 MB. */
  maxStreamBytes: 16 * 1024 * 1024,
  /** All decoded streams of the file together. */
  maxTotalBytes: 128 * 1024 * 1024,
} as const;

const MB = 1024 * 1024;

/** Why the PDF is refused (a sentence for the caller's message), or null when its streams are in bounds. */
export async function pdfStreamProblem(
  bytes: Uint8Array,
  limits: { maxStreamBytes: number; maxTotalBytes: number } = PDF_STREAM_LIMITS,
): Promise<string | null> {
  const text = new TextDecoder("latin1").decode(bytes);
  const keyword = /\bstream(\r\n|\n|\r)/g;
  let total = 0, index = 0;
  for (let m = keyword.exec(text); m; m = keyword.exec(text)) {
    const start = m.index + m[0].length;
    let end = text.indexOf("endstream", start);
    if (end < 0) break;
    keyword.lastIndex = end + 9;
    while (end > start && (text[end - 1] === "\n" || text[end - 1] === "\r")) end--;
    const dict = text.slice(Math.max(0, text.lastIndexOf("obj", m.index), m.index - 4096), m.index);
    index++;
    if (!/\/(FlateDecode|Fl)\b/.test(dict) || /\/Subtype\s*\/Image\b/.test(dict)) continue;
    const cap = Math.min(limits.maxStreamBytes, limits.maxTotalBytes - total);
    const n = await inflatedSize(bytes.subarray(start, end), cap, "deflate");
    if (n > limits.maxStreamBytes) {
      return `compressed stream ${index} of the PDF unpacks to more than ${
        limits.maxStreamBytes / MB
      } MB, far more than any report holds`;
    }
    if (n > cap) {
      return `the compressed streams of the PDF unpack to more than ${limits.maxTotalBytes / MB} MB in all`;
    }
    total += Math.max(0, n);
  }
  return null;
}
