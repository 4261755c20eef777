import assert from "node:assert/strict";
import { jsPDF, type jsPDFOptions } from "jspdf";
import {
  cellsOf,
  guardPdfjsRejections,
  headerColumns,
  isDataLine,
  isPdfjsError,
  looksLikePdf,
  looksWhole,
  type PdfDoc,
  type PdfItem,
  readPdf,
  readTable,
  toLines,
  words,
} from "./pdf-text.ts";

const it = (str: string, x: number, y: number, w = str.length * 5): PdfItem => ({ str, x, y, w });
const enc = (s: string) => new TextEncoder().encode(s);

function pdf(draw: (d: jsPDF) => void, opts: jsPDFOptions = {}): Uint8Array {
  const d = new jsPDF({ unit: "pt", format: "letter", ...opts });
  d.setCreationDate(new Date(Date.UTC(2026, 0, 1)));
  d.setFileId("0".repeat(32));
  draw(d);
  return new Uint8Array(d.output("arraybuffer"));
}

Deno.test("readPdf: positioned text, top-down y, every page, blank runs dropped; the input is not detached", async () => {
  const bytes = pdf((d) => {
    d.setFontSize(10).text("Left", 40, 100);
    d.text("Right", 300, 100);
    d.text("Below", 40, 130);
    d.addPage().text("Second page", 72, 72);
  });
  const before = bytes.slice();
  const r = await readPdf(bytes);
  assert(r.ok);
  assert.deepEqual(r.doc.pageCount, 2);
  const p1 = r.doc.pages[0].items.map((i) => [i.str, Math.round(i.x), Math.round(i.y)]);
  assert.deepEqual(p1, [["Left", 40, 100], ["Right", 300, 100], ["Below", 40, 130]]);
  assert(r.doc.pages[0].items.every((i) => i.w > 0));
  assert.deepEqual(r.doc.pages[1].items.map((i) => i.str), ["Second page"]);
  assert.deepEqual(bytes, before);
  assert.deepEqual(bytes.byteLength, before.byteLength);
});

Deno.test("readPdf: not a PDF, empty, cut short and corrupt files are messages, never exceptions", async () => {
  const good = pdf((d) => d.text("x", 40, 40));
  const cases: [Uint8Array, RegExp][] = [
    [new Uint8Array(), /empty/],
    [enc("Week,DA,TID\n2026-W21,x,y\n"), /not a PDF/],
    [good.slice(0, Math.floor(good.length / 2)), /cut short/],
    [enc("%PDF-1.4\ngarbage garbage\n%%EOF\n"), /cannot be read|no pages/],
  ];
  for (const [bytes, re] of cases) {
    const r = await readPdf(bytes);
    assert(!r.ok);
    assert.match(r.message, re);
  }
});

Deno.test("readPdf: a password-protected PDF is named as such", async () => {
  const bytes = pdf((d) => d.text("secret", 40, 40), {
    encryption: { userPassword: "pw", ownerPassword: "owner", userPermissions: ["print"] },
  });
  const r = await readPdf(bytes);
  assert(!r.ok);
  assert.match(r.message, /password/);
});

Deno.test("looksLikePdf / looksWhole", () => {
  assert(looksLikePdf(enc("%PDF-1.7\n")));
  assert(looksLikePdf(enc("\n\n%PDF-1.3")));
  assert(!looksLikePdf(enc("PK\u0003\u0004")));
  assert(looksWhole(enc("...%%EOF\n")));
  assert(!looksWhole(enc("%PDF-1.3 ... 1 0 obj")));
});

Deno.test("toLines groups baselines within the tolerance and orders runs left to right", () => {
  const lines = toLines([it("b", 100, 50.8), it("a", 10, 50), it("c", 10, 70), it("d", 60, 69)]);
  assert.deepEqual(lines.map((l) => l.text), ["a b", "c d"]);
  assert.deepEqual(lines.map((l) => l.y), [50, 69]);
});

Deno.test("words splits runs with blanks, placing each word by its share of the width", () => {
  const ws = words([it("A1 22 333", 0, 10, 90)]);
  assert.deepEqual(ws.map((w) => [w.str, w.x, w.w]), [["A1", 0, 20], ["22", 30, 20], ["333", 60, 30]]);
});

Deno.test("headerColumns merges wrapped header names (overlapping extents), top line first", () => {
  const cols = headerColumns([
    it("Transporter ID", 40, 95, 60),
    it("DNR", 150, 86, 16),
    it("DPMO", 146, 95, 24),
    it("Delivered", 110, 95, 30),
  ]);
  assert.deepEqual(cols.map((c) => c.name), ["Transporter ID", "Delivered", "DNR DPMO"]);
  assert.deepEqual([cols[2].x0, cols[2].x1], [146, 170]);
});

Deno.test("cellsOf: in order when every cell is there, by nearest centre when some are blank", () => {
  const cols = headerColumns([
    it("TID", 0, 0, 60),
    it("A", 100, 0, 10),
    it("B", 150, 0, 10),
    it("C", 200, 0, 10),
  ]);
  assert.deepEqual(
    cellsOf([it("AX", 0, 10, 60), it("1", 101, 10), it("2", 152, 10), it("3", 199, 10)], cols),
    [
      "AX",
      "1",
      "2",
      "3",
    ],
  );
  assert.deepEqual(cellsOf([it("AX", 0, 10, 60), it("3", 199, 10, 8)], cols), [
    "AX",
    undefined,
    undefined,
    "3",
  ]);
});

Deno.test("isDataLine: transporter IDs or mostly figures; titles and footers are not rows", () => {
  const line = (...s: string[]) => toLines(s.map((x, i) => it(x, i * 80, 10)))[0];
  assert(isDataLine(line("A11QQXKOJRNZUJ", "320", "99.38%"), 8));
  assert(isDataLine(line("1", "320", "99.38%", "3125", "-", "N/A"), 8));
  assert(!isDataLine(line("Page 3 of 6"), 8));
  assert(!isDataLine(line("ACME | DON9 | Week 21"), 8));
  assert(!isDataLine(line("DSP WEEKLY SUMMARY"), 8));
});

Deno.test("readTable follows a table over pages, with or without a repeated header, until a stop line", () => {
  const header = (y: number) => [it("Transporter ID", 40, y, 60), it("Delivered", 120, y, 40)];
  const row = (tid: string, n: string, y: number) => [it(tid, 40, y, 70), it(n, 130, y, 15)];
  const doc: PdfDoc = {
    pageCount: 4,
    pages: [
      { number: 1, items: [it("Summary", 40, 40)] },
      {
        number: 2,
        items: [...header(60), ...row("A0000000000001", "10", 80), ...row("A0000000000002", "11", 94)],
      },
      {
        number: 3,
        items: [
          ...row("A0000000000003", "12", 60),
          it("STOP HERE", 40, 100),
          ...row("A0000000000009", "1", 120),
        ],
      },
      { number: 4, items: [...header(60), ...row("A0000000000004", "13", 80)] },
    ],
  };
  const t = readTable(doc, 2, -Infinity, {
    anchor: (l) => /delivered/i.test(l.text),
    stop: (l) => l.text.startsWith("STOP"),
  });
  assert(t);
  assert.deepEqual(t.rows.map((r) => [r.page, r.row, ...r.cells]), [
    [2, 1, "A0000000000001", "10"],
    [2, 2, "A0000000000002", "11"],
    [3, 1, "A0000000000003", "12"],
  ]);
  assert.deepEqual(t.columns.map((c) => c.name), ["Transporter ID", "Delivered"]);
  assert.deepEqual(t.lastPage, 3);
  assert.deepEqual(readTable(doc, 1, -Infinity, { anchor: (l) => /delivered/i.test(l.text) }), null);
});

Deno.test("a pdf.js rejection that nothing awaits does not end the process; other errors are not hidden", async () => {
  guardPdfjsRejections();
  const err = new Error("Inconsistent generation in XRef: 5R3");
  err.name = "XRefEntryException";
  // As pdf.js does with a damaged file: a rejected promise of its own that nobody awaits. Without the
  // guard, Deno fails this test (and would end a server) with "Uncaught (in promise)".
  void Promise.reject(err);
  await new Promise((ok) => setTimeout(ok, 20));
  assert.equal(isPdfjsError(err), true);
  assert.equal(isPdfjsError(new TypeError("x is not a function")), false);
  assert.equal(isPdfjsError("XRefEntryException"), false);
});
