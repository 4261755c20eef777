import assert from "node:assert/strict";
import { deflateSync } from "node:zlib";
import { pdfStreamProblem } from "./pdf-streams.ts";
import { concatBytes } from "../bytes.ts";
import { readPdf } from "../amazon/pdf-text.ts";
import { bombPdf } from "../../tests/fixtures/bad-files.ts";

const enc = new TextEncoder();

/** A PDF-ish text with Flate streams of the given contents (only the streams matter here). */
function withStreams(contents: Uint8Array[], image = false): Uint8Array {
  const parts: Uint8Array[] = [enc.encode("%PDF-1.4\n")];
  contents.forEach((c, i) => {
    const z = new Uint8Array(deflateSync(c));
    const kind = image ? "/Subtype /Image " : "";
    parts.push(enc.encode(`${i + 1} 0 obj\n<< ${kind}/Length ${z.length} /Filter /FlateDecode >>\nstream\n`));
    parts.push(z, enc.encode("\nendstream\nendobj\n"));
  });
  parts.push(enc.encode("%%EOF\n"));
  return concatBytes(parts);
}

const limits = { maxStreamBytes: 100_000, maxTotalBytes: 250_000 };

Deno.test("pdf streams: a stream that decodes past its cap is refused, naming it", async () => {
  const ok = withStreams([new Uint8Array(90_000).fill(32), new Uint8Array(1000).fill(32)]);
  assert.equal(await pdfStreamProblem(ok, limits), null);
  const bomb = withStreams([new Uint8Array(10).fill(32), new Uint8Array(150_000).fill(32)]);
  assert.match(
    await pdfStreamProblem(bomb, limits) ?? "",
    /compressed stream 2 of the PDF unpacks to more than/,
  );
});

Deno.test("pdf streams: all streams together are capped too; images (never decoded for text) are not", async () => {
  const many = withStreams([0, 1, 2].map(() => new Uint8Array(90_000).fill(32)));
  assert.match(await pdfStreamProblem(many, limits) ?? "", /unpack to more than .* MB in all/);
  assert.equal(await pdfStreamProblem(withStreams([new Uint8Array(150_000)], true), limits), null);
});

Deno.test("readPdf refuses the 816 KB bomb PDF before pdf.js inflates it", async () => {
  const pdf = bombPdf();
  assert.ok(pdf.byteLength > 700_000 && pdf.byteLength < 900_000);
  const read = await readPdf(pdf);
  assert.equal(read.ok, false);
  assert.match(
    !read.ok ? read.message : "",
    /^refused: compressed stream 1 of the PDF unpacks to more than 16 MB/,
  );
});
