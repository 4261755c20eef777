// `dsp import`, before anything is sent: which files the arguments name, what each one is (kind, dialog,
// station, week) and whether the same parsers the server runs accept it. No server, no database.
import { join, resolve } from "node:path";
import { identifyFile, kindOf, weekText } from "../lib/amazon/identify.ts";
import { parseScorecardPdf } from "../lib/amazon/scorecard-pdf.ts";
import { parseOverview } from "../lib/amazon/overview.ts";
import { parseDnr } from "../lib/amazon/dnr.ts";
import { parseConcessions } from "../lib/amazon/concessions.ts";
import { parseDcr, parsePod, parsePsb } from "../lib/amazon/quality.ts";
import { parseReliabilityPdf } from "../lib/amazon/reliability-pdf.ts";
import { parseReliabilityXlsx } from "../lib/amazon/reliability-xlsx.ts";
import { parseWhc } from "../lib/amazon/whc.ts";
import type { AmazonKind, FileIdentity, Problem } from "../lib/amazon/types.ts";
import { DIALOG_ENDPOINT, DIALOG_KINDS, type ImportDialog, KIND_SLOT } from "../lib/imports/dto.ts";

/** The dialog's endpoint, except the reliability PDF, which has its own (01 section 7 "Uploads"). */
export const RELIABILITY_PDF_ENDPOINT = { path: "/api/upload-reliability-pdf/", field: "xlsx_file" };

/** Files larger than this are not read at all (the server refuses far smaller ones). */
const READ_LIMIT = 200 * 1024 * 1024;

export interface Candidate {
  path: string;
  name: string;
  /** named on the command line (not found in a folder) */
  explicit: boolean;
}

export interface Collected {
  files: Candidate[];
  /** paths named on the command line that do not exist */
  missing: string[];
  /** what a folder held besides files (subfolders are not entered) */
  subfolders: string[];
}

const hidden = (name: string) => name.startsWith(".");

/** The files the arguments name: files as given, folders' visible files (not their subfolders), once each. */
export async function collectFiles(args: readonly string[]): Promise<Collected> {
  const out: Collected = { files: [], missing: [], subfolders: [] };
  const seen = new Map<string, Candidate>();
  const add = (path: string, explicit: boolean) => {
    const key = resolve(path);
    const known = seen.get(key);
    // Named on the command line as well as found in a folder: it counts as named.
    if (known) known.explicit ||= explicit;
    else {
      const c = { path, name: path.split(/[\\/]/).pop() ?? path, explicit };
      seen.set(key, c);
      out.files.push(c);
    }
  };
  for (const arg of args) {
    let info: Deno.FileInfo;
    try {
      info = await Deno.stat(arg);
    } catch {
      out.missing.push(arg);
      continue;
    }
    if (!info.isDirectory) {
      add(arg, true);
      continue;
    }
    const entries: Deno.DirEntry[] = [];
    for await (const e of Deno.readDir(arg)) entries.push(e);
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      if (hidden(e.name)) continue;
      const path = join(arg, e.name);
      if (e.isDirectory) out.subfolders.push(path);
      else if (e.isFile || e.isSymlink) {
        const s = await Deno.stat(path).catch(() => null);
        if (s?.isFile) add(path, false);
      }
    }
  }
  return out;
}

/** The dialog (and so the endpoint) a kind is uploaded through; null for kinds no import takes (returns). */
export function dialogOf(kind: AmazonKind): ImportDialog | null {
  const dialogs = Object.keys(DIALOG_KINDS) as ImportDialog[];
  return dialogs.find((d) => DIALOG_KINDS[d].includes(kind)) ?? null;
}

export function endpointOf(kind: AmazonKind): { path: string; field: string } | null {
  if (kind === "reliability-pdf") return RELIABILITY_PDF_ENDPOINT;
  const dialog = dialogOf(kind);
  return dialog ? DIALOG_ENDPOINT[dialog] : null;
}

export interface Inspected extends Candidate {
  /** null: not an Amazon file any import reads */
  kind: AmazonKind | null;
  dialog: ImportDialog | null;
  endpoint: { path: string; field: string } | null;
  station: string | null;
  /** `2026-W21` */
  week: string | null;
  /** the page the scorecard's DA table starts on, as found (or as --page said) */
  startPage: number | null;
  /** rows the file holds (DAs, days, exceptions) */
  rows: number;
  problems: Problem[];
  /** the parsers accept it */
  ok: boolean;
  /** why it is not sent at all (not an Amazon file, a kind no import takes, another station) */
  skip: string | null;
  bytes: Uint8Array | null;
  sha256: string | null;
}

interface Parsed {
  identity: FileIdentity;
  ok: boolean;
  problems: Problem[];
  rows: number;
  startPage?: number | null;
}

async function parse(
  kind: AmazonKind,
  bytes: Uint8Array,
  file: string,
  page?: number,
): Promise<Parsed | null> {
  const plain = (r: { identity: FileIdentity; ok: boolean; problems: Problem[]; rows: unknown[] }) => ({
    identity: r.identity,
    ok: r.ok,
    problems: r.problems,
    rows: r.rows.length,
  });
  switch (kind) {
    case "scorecard-pdf": {
      const r = await parseScorecardPdf(bytes, file, { startPage: page });
      // The DSP-level generation has no DA table; the dialog still wants a page, and page 1 is taken as is.
      const startPage = r.ok ? (r.startPage ?? (r.generation === "dsp-level" ? 1 : null)) : r.startPage;
      return { ...plain(r), startPage };
    }
    case "overview-csv":
      return plain(parseOverview(bytes, file));
    case "dnr-csv":
      return plain(parseDnr(bytes, file));
    case "concessions-csv":
      return plain(parseConcessions(bytes, file));
    case "dcr-csv":
      return plain(parseDcr(bytes, file));
    case "pod-csv":
      return plain(parsePod(bytes, file));
    case "psb-csv":
      return plain(parsePsb(bytes, file));
    case "reliability-pdf":
      return plain(await parseReliabilityPdf(bytes, file));
    case "reliability-xlsx":
      return plain(await parseReliabilityXlsx(bytes, file));
    case "whc-xlsx":
      return plain(await parseWhc(bytes, file));
    default:
      return null;
  }
}

async function readHead(path: string, n = 8192): Promise<Uint8Array> {
  using f = await Deno.open(path, { read: true });
  const buf = new Uint8Array(n);
  let got = 0;
  while (got < n) {
    const r = await f.read(buf.subarray(got));
    if (r === null) break;
    got += r;
  }
  return buf.subarray(0, got);
}

/** As lib/uploads/guard.ts keeps it (hex of the bytes), without loading the server's upload module. */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as BufferSource);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

export const NOT_AMAZON = "not an Amazon weekly file";

const blank = (c: Candidate): Inspected => ({
  ...c,
  kind: null,
  dialog: null,
  endpoint: null,
  station: null,
  week: null,
  startPage: null,
  rows: 0,
  problems: [],
  ok: false,
  skip: null,
  bytes: null,
  sha256: null,
});

/**
 * Step 1, cheap: what the file is by its name and first bytes (station and week as its name says them),
 * and, for a kind an import takes, its bytes and their sha256 (for the server's "already imported" check).
 */
export async function identify(c: Candidate): Promise<Inspected> {
  const base = blank(c);
  const fail = (message: string): Inspected => ({
    ...base,
    problems: [{ file: c.name, message, fatal: true }],
  });
  let head: Uint8Array;
  let size: number;
  try {
    size = (await Deno.stat(c.path)).size;
    head = await readHead(c.path);
  } catch (e) {
    return fail(`the file cannot be read (${(e as Error).message.split("\n")[0]}).`);
  }
  if (size === 0) return c.explicit ? fail("the file is empty.") : { ...base, skip: NOT_AMAZON };
  const kind = kindOf(c.name, head);
  if (!kind) return { ...base, skip: NOT_AMAZON };
  const dialog = dialogOf(kind);
  const endpoint = endpointOf(kind);
  if (!dialog || !endpoint || !KIND_SLOT[kind]) {
    return { ...base, kind, skip: `no import takes ${kind} files` };
  }
  const named = identifyFile(c.name, head);
  const id = { ...base, kind, dialog, endpoint, station: named?.station ?? null, week: weekOf(named?.week) };
  if (size > READ_LIMIT) {
    return { ...id, problems: fail(`the file is too large (${Math.round(size / 1048576)} MB).`).problems };
  }
  const bytes = await Deno.readFile(c.path);
  return { ...id, bytes, sha256: await sha256Hex(bytes) };
}

const weekOf = (w: FileIdentity["week"] | undefined) => (w ? weekText(w) : null);

export interface InspectOptions {
  /** --page: where the scorecard's DA table starts, instead of finding it */
  page?: number;
  /** --station: only files for this station tag are imported */
  station?: string;
}

/** Step 2: the full local parse of an identified file: station and week as the file settles them, its rows, its problems. */
export async function validate(item: Inspected, opts: InspectOptions = {}): Promise<Inspected> {
  if (!item.kind || !item.bytes || item.skip) return item;
  const r = await parse(
    item.kind,
    item.bytes,
    item.name,
    item.kind === "scorecard-pdf" ? opts.page : undefined,
  );
  if (!r) return { ...item, bytes: null, skip: `no import takes ${item.kind} files` };
  const station = r.identity.station;
  const wanted = opts.station?.trim().toUpperCase();
  const other = !!wanted && !!station && station.toUpperCase() !== wanted;
  return {
    ...item,
    station,
    week: weekOf(r.identity.week),
    startPage: r.startPage ?? null,
    rows: r.rows,
    problems: r.problems,
    ok: r.ok,
    skip: other ? `for station ${station}, not ${wanted}` : null,
    bytes: r.ok && !other ? item.bytes : null,
  };
}

/** Both steps: what `--dry-run` prints for one file. */
export async function inspectFile(c: Candidate, opts: InspectOptions = {}): Promise<Inspected> {
  return await validate(await identify(c), opts);
}
