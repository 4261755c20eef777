/**
 * Positioned text out of a PDF, and tables rebuilt from it: the shared ground of the scorecard and the
 * capacity-reliability PDF parsers. pdf.js (through unpdf) gives each page's text runs with their
 * position; a table row is the runs on one baseline (rows by y), a column the runs under one header
 * (columns by x). Pure: bytes in, text out; never throws (a PDF that pdf.js cannot open is a message).
 */
import { getDocumentProxy, getResolvedPDFJS } from "unpdf";
import type { FileIdentity, ParseResult, Problem } from "./types.ts";
import { pdfStreamProblem } from "../uploads/pdf-streams.ts";

/** A problem that stops the import (nothing from the file may be stored). */
export const fatal = (file: string, message: string, at: Partial<Problem> = {}): Problem => ({
  file,
  ...at,
  message,
  fatal: true,
});

/** The result: rows only when no problem is fatal. */
export function finish<T>(identity: FileIdentity, rows: T[], problems: Problem[]): ParseResult<T> {
  const ok = !problems.some((p) => p.fatal);
  return { identity, rows: ok ? rows : [], problems, ok };
}

/** One text run. `x`, `y` in points from the page's top-left corner (y grows downwards, at the baseline). */
export interface PdfItem {
  str: string;
  x: number;
  y: number;
  w: number;
}

export interface PdfPage {
  /** 1-based page number */
  number: number;
  items: PdfItem[];
}

export interface PdfDoc {
  pageCount: number;
  pages: PdfPage[];
}

export type PdfRead = { ok: true; doc: PdfDoc } | { ok: false; message: string };

/** Loads pdf.js ahead of the first upload: the first parse in a process otherwise pays for it (~0.2-1 s). */
export async function warmUpPdf(): Promise<void> {
  await getResolvedPDFJS();
}

/** More pages than any weekly file has: beyond this the file is refused rather than read for minutes. */
export const MAX_PAGES = 200;

const latin1 = (b: Uint8Array) => new TextDecoder("latin1").decode(b);

/** True when the bytes carry the PDF signature near the start (as pdf.js requires). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return latin1(bytes.subarray(0, 1024)).includes("%PDF-");
}

/** True when the file ends as a whole PDF does, with %%EOF in its last kilobyte. */
export function looksWhole(bytes: Uint8Array): boolean {
  return latin1(bytes.subarray(Math.max(0, bytes.byteLength - 1024))).includes("%%EOF");
}

/** pdf.js's own exception classes (its BaseException subclasses set `name`). */
const PDFJS_ERRORS = new Set([
  "XRefEntryException",
  "XRefParseException",
  "FormatError",
  "InvalidPDFException",
  "MissingPDFException",
  "MissingDataException",
  "ParserEOFException",
  "UnknownErrorException",
  "UnexpectedResponseException",
  "ResponseException",
  "PasswordException",
  "AbortException",
]);

export function isPdfjsError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return PDFJS_ERRORS.has(err.name) || /[/\\]pdfjs\.mjs:/.test(err.stack ?? "");
}

let guarded = false;
/**
 * A damaged PDF can make pdf.js reject promises of its own that nothing awaits (seen: XRefEntryException
 * 'Inconsistent generation in XRef'), after readPdf has already answered. Deno ends the process on an
 * unhandled rejection, so one bad upload would stop the server: pdf.js's own rejections (and only those)
 * are marked handled. The read itself still reports the file as unreadable through its own await chain.
 */
export function guardPdfjsRejections(): void {
  if (guarded || typeof globalThis.addEventListener !== "function") return;
  guarded = true;
  globalThis.addEventListener("unhandledrejection", (e: PromiseRejectionEvent) => {
    if (isPdfjsError(e.reason)) e.preventDefault();
  });
}

/** Reads every page's positioned text. A file pdf.js cannot read gives `{ ok: false, message }`. */
export async function readPdf(bytes: Uint8Array): Promise<PdfRead> {
  guardPdfjsRejections();
  if (!(bytes instanceof Uint8Array) || bytes.byteLength === 0) {
    return { ok: false, message: "the file is empty" };
  }
  if (!looksLikePdf(bytes)) return { ok: false, message: "this is not a PDF file (no %PDF- signature)" };
  if (!looksWhole(bytes)) {
    return { ok: false, message: "the PDF is cut short (it does not end with %%EOF); upload the whole file" };
  }
  // pdf.js decodes a stream whole: a bomb stream is refused before pdf.js sees the file.
  const bomb = await pdfStreamProblem(bytes);
  if (bomb) return { ok: false, message: `refused: ${bomb}` };
  // deno-lint-ignore no-explicit-any
  let pdf: any = null;
  try {
    // pdf.js may transfer (detach) the buffer it is given: hand it a copy so the caller's bytes stay whole.
    pdf = await getDocumentProxy(bytes.slice(), {
      verbosity: 0,
      isEvalSupported: false,
      // A damaged content stream is an error, not text pdf.js guesses at: rows must not vanish unseen.
      stopAtErrors: true,
      maxImageSize: 1,
      isOffscreenCanvasSupported: false,
      // Text positions need only the fonts' metrics, which pdf.js carries for the standard fonts: looking
      // for system fonts would double the time.
      useSystemFonts: false,
      disableFontFace: true,
      useWorkerFetch: false,
    });
    const pageCount: number = pdf.numPages;
    if (!Number.isInteger(pageCount) || pageCount < 1) return { ok: false, message: "the PDF has no pages" };
    if (pageCount > MAX_PAGES) {
      return { ok: false, message: `the PDF has ${pageCount} pages; a weekly file has at most ${MAX_PAGES}` };
    }
    const pages: PdfPage[] = [];
    for (let n = 1; n <= pageCount; n++) {
      const page = await pdf.getPage(n);
      const height: number = page.view?.[3] ?? page.getViewport({ scale: 1 }).height;
      const content = await page.getTextContent();
      const items: PdfItem[] = [];
      for (const it of content.items as { str?: string; transform?: number[]; width?: number }[]) {
        if (typeof it.str !== "string" || !Array.isArray(it.transform)) continue;
        const str = it.str.replace(/\s+/g, " ").trim();
        const x = it.transform[4], y = it.transform[5];
        if (!str || !Number.isFinite(x) || !Number.isFinite(y)) continue;
        items.push({ str, x, y: height - y, w: Number.isFinite(it.width) ? Math.max(0, it.width!) : 0 });
      }
      pages.push({ number: n, items });
      page.cleanup?.();
    }
    return { ok: true, doc: { pageCount, pages } };
  } catch (e) {
    const name = (e as Error)?.name ?? "";
    if (name === "PasswordException") return { ok: false, message: "the PDF is password-protected" };
    return { ok: false, message: `the PDF cannot be read (${oneLine(e)})` };
  } finally {
    try {
      await pdf?.destroy();
    } catch { /* already gone */ }
  }
}

function oneLine(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  return m.split("\n")[0].slice(0, 200) || "unknown error";
}

/** The runs on one baseline, left to right, and their text joined by single spaces. */
export interface TextLine {
  y: number;
  items: PdfItem[];
  text: string;
}

/** Groups runs into lines (baselines within `tolerance` points), top to bottom. */
export function toLines(items: readonly PdfItem[], tolerance = 2.5): TextLine[] {
  const sorted = [...items].sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: TextLine[] = [];
  for (const it of sorted) {
    const last = lines[lines.length - 1];
    if (last && Math.abs(it.y - last.y) <= tolerance) last.items.push(it);
    else lines.push({ y: it.y, items: [it], text: "" });
  }
  for (const l of lines) {
    l.items.sort((a, b) => a.x - b.x);
    l.text = l.items.map((i) => i.str).join(" ");
  }
  return lines;
}

/** Splits runs holding several blank-separated words into one run per word, placing each by its share. */
export function words(items: readonly PdfItem[]): PdfItem[] {
  const out: PdfItem[] = [];
  for (const it of items) {
    const parts = it.str.split(" ");
    if (parts.length === 1) {
      out.push(it);
      continue;
    }
    const perChar = it.str.length ? it.w / it.str.length : 0;
    let at = 0;
    for (const p of parts) {
      out.push({ str: p, x: it.x + at * perChar, y: it.y, w: p.length * perChar });
      at += p.length + 1;
    }
  }
  return out;
}

/** A table column: its header text (wrapped header lines joined) and horizontal extent. */
export interface Column {
  name: string;
  x0: number;
  x1: number;
}

/**
 * Header runs -> columns: runs whose horizontal extents overlap (a header wrapped over two or three
 * lines) form one column; its name is their text top to bottom.
 */
export function headerColumns(items: readonly PdfItem[]): Column[] {
  const sorted = [...items].sort((a, b) => a.x - b.x);
  const groups: PdfItem[][] = [];
  let end = -Infinity;
  for (const it of sorted) {
    const last = groups[groups.length - 1];
    if (last && it.x < end - 0.5) {
      last.push(it);
      end = Math.max(end, it.x + it.w);
    } else {
      groups.push([it]);
      end = it.x + it.w;
    }
  }
  return groups.map((g) => ({
    name: [...g].sort((a, b) => a.y - b.y || a.x - b.x).map((i) => i.str).join(" "),
    x0: Math.min(...g.map((i) => i.x)),
    x1: Math.max(...g.map((i) => i.x + i.w)),
  }));
}

/**
 * Places a line's words under the columns. When the line has exactly one word per column they are taken
 * in order (robust to any alignment); otherwise each word goes to the column whose centre is nearest
 * its own, which leaves blank cells empty (undefined). Words falling in an occupied cell are appended.
 */
export function cellsOf(line: readonly PdfItem[], columns: readonly Column[]): (string | undefined)[] {
  const ws = words(line).sort((a, b) => a.x - b.x);
  const cells: (string | undefined)[] = columns.map(() => undefined);
  if (ws.length === columns.length) return ws.map((w) => w.str);
  const centres = columns.map((c) => (c.x0 + c.x1) / 2);
  for (const w of ws) {
    const c = w.x + w.w / 2;
    let best = 0;
    for (let i = 1; i < centres.length; i++) {
      if (Math.abs(centres[i] - c) < Math.abs(centres[best] - c)) best = i;
    }
    cells[best] = cells[best] === undefined ? w.str : `${cells[best]} ${w.str}`;
  }
  return cells;
}

/** Lower-cases, drops punctuation other than '#', and squeezes blanks: header names for matching. */
export function normalise(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9#%]+/g, " ").trim();
}

/** A transporter ID as a word of a table row. */
export const TID_WORD = /^A[A-Z0-9]{12,13}$/i;
const NUMERIC_WORD = /^(?:[-+]?\d[\d,]*(?:\.\d+)?%?|-|–|N\/A)$/i;

/** A table row rather than a title or footer: it holds a transporter ID, or mostly figures. */
export function isDataLine(line: TextLine, columnCount: number): boolean {
  const ws = words(line.items).map((w) => w.str);
  if (ws.some((w) => TID_WORD.test(w))) return true;
  const figures = ws.filter((w) => NUMERIC_WORD.test(w)).length;
  return figures >= Math.max(3, Math.ceil(columnCount / 2)) && figures * 2 >= ws.length;
}

/** The header of a table: its columns from the lines around the anchor line (wrapped header names). */
export function headerAround(lines: readonly TextLine[], anchor: number, above = 14, below = 12): {
  columns: Column[];
  bottom: number;
} {
  const y = lines[anchor].y;
  const band = lines.filter((l) => l.y >= y - above && l.y <= y + below && !isDataLine(l, 0));
  return { columns: headerColumns(band.flatMap((l) => l.items)), bottom: Math.max(...band.map((l) => l.y)) };
}

/** A row of a table read from a PDF: where it is, and its cells under the header in force there. */
export interface RawRow {
  page: number;
  /** 1-based among the table's rows on that page */
  row: number;
  cells: (string | undefined)[];
  columns: Column[];
}

export interface TableSpec {
  /** the line that anchors the header (e.g. the one holding 'Delivered') */
  anchor: (line: TextLine) => boolean;
  /** a line where the table ends (e.g. the next table's title) */
  stop?: (line: TextLine) => boolean;
}

/**
 * Reads a table that starts on `page` below `fromY` and may run over the following pages, whose header
 * may or may not be repeated. It ends at a `stop` line, or at a page with neither header nor rows.
 * Returns null when there is no header on the first page.
 */
export function readTable(doc: PdfDoc, page: number, fromY: number, spec: TableSpec): {
  rows: RawRow[];
  columns: Column[];
  lastPage: number;
} | null {
  let columns: Column[] | null = null;
  let first: Column[] | null = null;
  const rows: RawRow[] = [];
  let lastPage = page;
  for (let p = page; p <= doc.pageCount; p++) {
    let lines = toLines(doc.pages[p - 1].items).filter((l) => p > page || l.y > fromY);
    const stopAt = spec.stop ? lines.findIndex(spec.stop) : -1;
    if (stopAt >= 0) lines = lines.slice(0, stopAt);
    const a = lines.findIndex(spec.anchor);
    let body = lines;
    if (a >= 0) {
      const h = headerAround(lines, a);
      columns = h.columns;
      first ??= columns;
      body = lines.filter((l) => l.y > h.bottom);
    } else if (p === page) return null;
    const cols = columns!;
    const data = body.filter((l) => isDataLine(l, cols.length));
    if (p > page && a < 0 && data.length === 0) break;
    data.forEach((l, i) => rows.push({ page: p, row: i + 1, cells: cellsOf(l.items, cols), columns: cols }));
    lastPage = p;
    if (stopAt >= 0) break;
  }
  return { rows, columns: first!, lastPage };
}
