// What an Amazon file is, from its name (amazon-files.md name patterns) and its first bytes (%PDF-, a ZIP
// workbook, or a CSV header line). Pure; never throws.
//
// Names: the week label (`2026-W21`, `Week21_2026`) ends the identifying part; the '_'-separated segments
// before it are the kind's fixed words, then the DSP (which may itself contain '_'), then the station, e.g.
//   US_<DSP>_<STN>_Week<N>_<YYYY>_en_DSPScorecard.pdf      DSP_Overview_Dashboard_<DSP>_<STN>_<YYYY>-W<WW>.csv
//   Quality_DSB_DNR_<DSP>_<STN>_<YYYY-Www>.csv             DSP_Delivery_Concessions_<STN>_<wk>.csv
// A republished copy (`... (1).pdf`, `..._v2.csv`, `... - Copy.csv`) names the same file.
import { isIsoDate } from "../dates/calendar.ts";
import { findWeekLabel, isValidWeek, weekOf, type WeekRef } from "../dates/weeks.ts";
import type { AmazonKind, FileIdentity } from "./types.ts";
import { headerKey } from "./values.ts";

/** Station codes: 3-5 upper-case letters or digits (DON9, HYZ1, DTO3), as station tags are. */
export const STATION_CODE = /^[A-Z0-9]{3,5}$/;

/** Words that belong to a kind's name, never to the DSP or station. */
const FIXED_WORDS = new Set([
  "us",
  "uk",
  "de",
  "ca",
  "es",
  "fr",
  "it",
  "dsp",
  "overview",
  "dashboard",
  "quality",
  "dsb",
  "dnr",
  "dcr",
  "pod",
  "psb",
  "delivery",
  "concessions",
  "package",
  "packages",
  "returns",
  "return",
  "capacity",
  "reliability",
  "whc",
  "working",
  "hours",
  "hour",
  "check",
  "scorecard",
  "weekly",
  "report",
  "en",
  "dspscorecard",
  "xlsx",
  "csv",
  "pdf",
  "copy",
  "of",
  "value",
]);

export interface NameParts {
  station: string | null;
  dsp: string | null;
  week: WeekRef | null;
  /** A week number written without its year (`DSP_Delivery_Concessions_DON9_21.csv`). */
  bareWeek: number | null;
  /** A date in place of the week (`Package_Returns_ACME_DON9_2026-05-18.csv`), YYYY-MM-DD. */
  date: string | null;
}

/** The base name without folder, extension and republish marks (' (1)', '_v2', ' - Copy'). */
export function baseName(fileName: string): string {
  let s = String(fileName ?? "").split(/[\\/]/).pop() ?? "";
  s = s.replace(/\.(pdf|csv|xlsx|xls|txt)$/i, "");
  for (let i = 0; i < 3; i++) {
    s = s.replace(/\s*\(\d+\)$/, "").replace(/[_\s-]+v\d+$/i, "").replace(/\s*-\s*Copy$/i, "").trim();
  }
  return s;
}

const WEEK_IN_NAME = /(\d{4})-W(\d{1,2})(?!\d)|Week\s*(\d{1,2})\s*[-_]\s*(\d{4})/i;

/**
 * The other week forms a name may end its identifying part with (older and hand-renamed exports):
 * `2026_W44`, `W44_2026`, `Week_44_2026`, `Wk44-2026`, `_2026-44` at the end, and a year-less `_W44` or
 * `_Week44` at the end. The week's position cuts the head off, as WEEK_IN_NAME's does.
 */
const OTHER_NAME_WEEKS: [RegExp, "yw" | "wy" | "w"][] = [
  [/(?<=^|[_\s])(\d{4})[-_\s]W(?:ee)?k?(\d{1,2})(?=$|[_\s])/i, "yw"],
  [/(?<=^|[_\s])W(?:ee)?k?[-_]?(\d{1,2})[-_\s](\d{4})(?=$|[_\s])/i, "wy"],
  [/(?<=[_\s])(\d{4})-(\d{1,2})$/, "yw"],
  [/(?<=[_\s])W(?:ee)?k?[-_]?(\d{1,2})$/i, "w"],
];

function otherNameWeek(base: string): { at: number; week: WeekRef | null; bare: number | null } | null {
  for (const [re, order] of OTHER_NAME_WEEKS) {
    const m = re.exec(base);
    if (!m) continue;
    if (order === "w") return +m[1] >= 1 && +m[1] <= 53 ? { at: m.index, week: null, bare: +m[1] } : null;
    const ref = order === "yw" ? { year: +m[1], week: +m[2] } : { year: +m[2], week: +m[1] };
    return isValidWeek(ref) ? { at: m.index, week: ref, bare: null } : null;
  }
  return null;
}

/** Station, DSP and week as the file name gives them (each null when the name does not carry it). */
export function readName(fileName: string): NameParts {
  const base = baseName(fileName);
  let week = findWeekLabel(base);
  const m = WEEK_IN_NAME.exec(base);
  const other = m ? null : otherNameWeek(base);
  let head = m ? base.slice(0, m.index) : other ? base.slice(0, other.at) : base;
  let bareWeek: number | null = other?.bare ?? null;
  let date: string | null = null;
  if (other?.week) week = other.week;
  if (!m && !other) {
    const d = /[_\s](\d{4})-(\d{2})-(\d{2})$/.exec(head);
    if (d && isIsoDate(`${d[1]}-${d[2]}-${d[3]}`)) {
      date = `${d[1]}-${d[2]}-${d[3]}`;
      head = head.slice(0, d.index);
    }
    const bare = /_(\d{1,2})$/.exec(head);
    if (!date && bare && +bare[1] >= 1 && +bare[1] <= 53) {
      bareWeek = +bare[1];
      head = head.slice(0, bare.index);
    }
  }
  const segs = head.split(/[_\s]+/).filter((s) => s !== "");
  while (segs.length && FIXED_WORDS.has(segs[0].toLowerCase())) segs.shift();
  while (segs.length && FIXED_WORDS.has(segs[segs.length - 1].toLowerCase())) segs.pop();
  let station: string | null = null;
  const last = segs[segs.length - 1] ?? "";
  // As Amazon writes it (upper case), or typed in lower case with its digit ('don9'), never a plain word.
  if (STATION_CODE.test(last) || (/\d/.test(last) && STATION_CODE.test(last.toUpperCase()))) {
    station = segs.pop()!.toUpperCase();
  }
  const dsp = segs.length ? segs.join("_") : null;
  return { station, dsp, week: week ?? (date ? weekOf(date) : null), bareWeek: week ? null : bareWeek, date };
}

/** CSV kinds by the header words that only they carry (compared by headerKey). */
const CSV_SIGNS: [AmazonKind, string[]][] = [
  ["overview-csv", ["overallstanding", "ficometric", "overallscore"]],
  ["concessions-csv", ["impactsdsb", "concessiondate", "deliveryassociatename"]],
  ["dnr-csv", ["dsbcount", "dsbdpmo", "scannednotdeliverednotreturned"]],
  ["dcr-csv", ["packagesdispatched", "packagesreturnedtostation"]],
  ["pod-csv", ["podopportunities", "podsuccess", "swcphotoondelivery"]],
  ["psb-csv", ["successfulstops", "failedstops"]],
  ["returns-csv", ["reasoncode"]],
];

/** CSV kinds by name words, used when the header line does not tell. */
const NAME_SIGNS: [AmazonKind, RegExp][] = [
  ["overview-csv", /overview/i],
  ["concessions-csv", /concession/i],
  ["dnr-csv", /dsb|dnr/i],
  ["dcr-csv", /(^|_)dcr(_|$)/i],
  ["pod-csv", /(^|_)pod(_|$)/i],
  ["psb-csv", /(^|_)psb(_|$)/i],
  ["returns-csv", /return/i],
];

function firstLine(bytes: Uint8Array): string {
  const head = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 8192));
  return head.replace(/^\uFEFF/, "").split(/\r?\n/).find((l) => l.trim() !== "") ?? "";
}

/** The CSV kind its header line shows, or null. */
export function csvKindOfHeader(line: string): AmazonKind | null {
  const keys = new Set(line.split(/[,;\t]/).map(headerKey));
  for (const [kind, signs] of CSV_SIGNS) if (signs.some((s) => keys.has(s))) return kind;
  return null;
}

const isPdf = (b: Uint8Array) => b.length >= 5 && String.fromCharCode(...b.subarray(0, 5)) === "%PDF-";
const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 3 && b[3] === 4;

/** The kind of an Amazon file (content first, then the name), or null for a file none of the parsers reads. */
export function kindOf(fileName: string, firstBytes: Uint8Array = new Uint8Array()): AmazonKind | null {
  const name = baseName(fileName);
  const ext = (/\.([a-z]+)$/i.exec(String(fileName ?? ""))?.[1] ?? "").toLowerCase();
  const reliability = /reliab|capacity/i.test(name);
  const pdf = firstBytes.length ? isPdf(firstBytes) : ext === "pdf";
  if (pdf) return reliability ? "reliability-pdf" : "scorecard-pdf";
  const zip = firstBytes.length ? isZip(firstBytes) : ext === "xlsx";
  if (zip) {
    if (/whc|working.?hour/i.test(name)) return "whc-xlsx";
    if (reliability) return "reliability-xlsx";
    return null;
  }
  if (firstBytes.length) {
    const byHeader = csvKindOfHeader(firstLine(firstBytes));
    if (byHeader) return byHeader;
  }
  if (ext !== "csv" && ext !== "txt" && ext !== "") return null;
  for (const [kind, re] of NAME_SIGNS) if (re.test(name)) return kind;
  return null;
}

/** {kind, station, week, dsp} from the name and first bytes; null when no parser reads such a file. */
export function identifyFile(
  fileName: string,
  firstBytes: Uint8Array = new Uint8Array(),
): FileIdentity | null {
  try {
    const kind = kindOf(fileName, firstBytes);
    if (!kind) return null;
    const { station, dsp, week } = readName(fileName);
    return { kind, station, week, dsp };
  } catch {
    return null;
  }
}

/** The week as `2026-W21` for messages. */
export const weekText = (w: WeekRef | null) => (w ? `${w.year}-W${String(w.week).padStart(2, "0")}` : "none");
