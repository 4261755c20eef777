// The day's routes file of the tracker's 'Upload Report (.xlsx)' (amazon-files.md section 7): Route Code,
// Driver Name or Transporter ID, Service Type, Wave Time, Route Duration, Staging Location; the 'Day of
// Plan' variant adds Num Zones, Num Packages, Num Commercial Pkgs. Headers are matched loosely (case,
// spaces, punctuation and a BOM do not matter) and may sit under a few title lines. Pure reading: no
// database here; lib/shifts/shift-upload.ts matches the rows to DAs and writes them.
import { type Cell, cellText, loose } from "../sheets/cells.ts";
import { firstSheetRows, type WorksheetRow } from "../sheets/workbook.ts";
import { WAVES } from "./roles.ts";
import { badShiftFile } from "./shift-upload-errors.ts";

export interface ShiftFileRow {
  /** The row number as Excel shows it. */
  row: number;
  route: string;
  driverName: string | null;
  transporterId: string | null;
  serviceType: string | null;
  /** Fleet size id from the Service Type (1 cargo, 6 medium, 3 cube/step, 2 large), null when unknown. */
  fleetSizeId: number | null;
  /** 'Wave 1'..'Wave 5', or null when the file has no usable wave. */
  waveTime: string | null;
  /** The wave cell as minutes after midnight, when it is a clock time. */
  waveClock: number | null;
  duration: string | null;
  staging: string | null;
  zones: number | null;
  packages: number | null;
  commercialPackages: number | null;
}

export interface RowNote {
  row: number;
  reason: string;
}

export interface ShiftFile {
  variant: "routes" | "day-of-plan";
  rows: ShiftFileRow[];
  /** Rows that cannot be used at all (no route code, a route twice): listed, never written. */
  rejected: RowNote[];
  /** Rows used with something left out (an unknown van size, an unreadable wave or number). */
  warnings: RowNote[];
}

/** Loose header keys of each field, the first found wins. */
const HEADERS = {
  route: ["routecode", "route", "routeid"],
  driverName: ["drivername", "daname", "associatename", "driver"],
  transporterId: ["transporterid", "transporter", "tid"],
  serviceType: ["servicetype", "vansize", "vehicletype"],
  wave: ["wavetime", "wave"],
  duration: ["routeduration", "duration"],
  staging: ["staginglocation", "staging"],
  zones: ["numzones", "zones"],
  packages: ["numpackages", "packages", "numberofpackages"],
  commercial: ["numcommercialpkgs", "numcommercialpackages", "commercialpackages"],
} as const;
type Field = keyof typeof HEADERS;

/** More rows than this is not one station's day. */
export const MAX_SHIFT_ROWS = 2_000;
/** The header row is looked for in the first rows (exports often start with a title line). */
const HEADER_SEARCH_ROWS = 10;

/**
 * Service Type -> fleet size id. Amazon writes 'Standard Parcel - Large Van', 'Standard Parcel Step Van',
 * 'Cargo Van', 'Medium Van'...; the size word decides (step/cube before large, large before medium).
 * A plain 'Standard Parcel' is the standard cargo van. Size codes 1-6 are read as 02 gives them
 * (1 and 5 cargo, 2 large, 3 cube, 6 medium; 4 is not offered on the tracker).
 */
export function fleetSizeOfServiceType(text: string | null): number | null {
  if (!text) return null;
  const s = text.toLowerCase();
  const code = /^\s*(\d)\s*$/.exec(s)?.[1];
  if (code) return ({ "1": 1, "2": 2, "3": 3, "5": 1, "6": 6 } as Record<string, number>)[code] ?? null;
  if (/\b(step|cube|box truck|14 ?ft|custom delivery van)\b/.test(s)) return 3;
  if (/\b(large|xl)\b/.test(s)) return 2;
  if (/\bmedium\b/.test(s)) return 6;
  if (/\bcargo\b/.test(s) || /^\s*standard parcel\s*$/.test(s)) return 1;
  return null;
}

/** A wave cell: 'Wave 3' / '3' (a wave number) or a clock time ('10:20 AM', '10:20', an Excel time). */
export type WaveCell = { kind: "wave"; n: number } | { kind: "clock"; minutes: number };

export function parseWaveCell(v: Cell | undefined): WaveCell | null {
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return null;
    return { kind: "clock", minutes: v.getUTCHours() * 60 + v.getUTCMinutes() };
  }
  if (typeof v === "number") {
    if (Number.isInteger(v) && v >= 1 && v <= WAVES.length) return { kind: "wave", n: v };
    if (v >= 0 && v < 1) return { kind: "clock", minutes: Math.round(v * 1440) % 1440 };
    return null;
  }
  const s = cellText(v);
  if (s === null) return null;
  const wave = /^(?:wave\s*)?(\d)$/i.exec(s);
  if (wave) {
    const n = Number(wave[1]);
    return n >= 1 && n <= WAVES.length ? { kind: "wave", n } : null;
  }
  const m = /^(\d{1,2})(?::|\.)?(\d{2})(?::\d{2})?\s*([ap])?\.?\s*m?\.?$/i.exec(s);
  if (!m) return null;
  let h = Number(m[1]);
  const min = Number(m[2]);
  const ampm = m[3]?.toLowerCase();
  if (min > 59 || h > 23 || (ampm && (h < 1 || h > 12))) return null;
  if (ampm === "p" && h < 12) h += 12;
  if (ampm === "a" && h === 12) h = 0;
  return { kind: "clock", minutes: h * 60 + min };
}

/**
 * Clock times -> waves: the file's distinct times in order are Wave 1, Wave 2, ... With more than five
 * distinct times they are spread evenly over the five waves by rank (the earliest is always Wave 1, the
 * latest Wave 5), so neighbouring times share a wave.
 */
export function wavesOfTimes(minutes: readonly number[]): Map<number, string> {
  const distinct = [...new Set(minutes)].sort((a, b) => a - b);
  const n = distinct.length;
  const out = new Map<number, string>();
  distinct.forEach((t, i) => {
    const wave = n <= WAVES.length ? i : Math.floor((i * WAVES.length) / n);
    out.set(t, WAVES[wave]);
  });
  return out;
}

/** A count cell: a whole number, '1,234' allowed; null when empty; undefined when not a number. */
export function countOf(v: Cell | undefined): number | null | undefined {
  if (typeof v === "number") return Number.isInteger(v) && v >= 0 ? v : undefined;
  const s = cellText(v);
  if (s === null) return null;
  const t = s.replace(/,/g, "");
  return /^\d{1,7}$/.test(t) ? Number(t) : undefined;
}

function headerColumns(values: Cell[]): Partial<Record<Field, number>> {
  const keys = values.map((v) => loose((cellText(v) ?? "").replace(/^\uFEFF/, "")));
  const cols: Partial<Record<Field, number>> = {};
  for (const field of Object.keys(HEADERS) as Field[]) {
    for (const alias of HEADERS[field]) {
      const at = keys.indexOf(alias);
      if (at >= 0) {
        cols[field] = at;
        break;
      }
    }
  }
  return cols;
}

type Columns = Partial<Record<Field, number>>;

/** The header row (within the first rows) and its columns; the body rows under it. Refuses a file that is not a routes file. */
function findHeader(raw: WorksheetRow[], fileName: string): { cols: Columns; body: WorksheetRow[] } {
  const headerAt = raw.slice(0, HEADER_SEARCH_ROWS).findIndex((r) =>
    headerColumns(r.cells).route !== undefined
  );
  if (headerAt < 0) {
    throw badShiftFile(
      fileName,
      "no 'Route Code' column in the first rows. Upload the day's routes export (.xlsx) with Route Code, Driver Name or Transporter ID, Service Type and Wave Time.",
    );
  }
  const cols = headerColumns(raw[headerAt].cells);
  if (cols.driverName === undefined && cols.transporterId === undefined) {
    throw badShiftFile(
      fileName,
      `row ${
        raw[headerAt].row
      }: the file needs a 'Driver Name' or a 'Transporter ID' column to find the DAs.`,
    );
  }
  const body = raw.slice(headerAt + 1);
  if (body.length > MAX_SHIFT_ROWS) {
    throw badShiftFile(fileName, `more than ${MAX_SHIFT_ROWS} rows: this is not one station's day.`);
  }
  return { cols, body };
}

const COUNTS = [
  ["zones", "Num Zones", "zones"],
  ["packages", "Num Packages", "packages"],
  ["commercial", "Num Commercial Pkgs", "commercialPackages"],
] as const;

/**
 * One usable file row (route code known and not repeated): its fields, with a warning for each cell left
 * out (an unknown van size, an unreadable wave or count). A clock-time wave is settled later, file-wide.
 */
function readShiftRow(
  row: number,
  route: string,
  cell: (f: Field) => Cell,
  warnings: RowNote[],
): ShiftFileRow {
  const warn = (reason: string) => warnings.push({ row, reason: `Route ${route}: ${reason}` });
  const serviceType = cellText(cell("serviceType"));
  const fleetSizeId = fleetSizeOfServiceType(serviceType);
  if (serviceType && fleetSizeId === null) {
    warn(
      `the Service Type '${serviceType}' is not a van size we know (Cargo, Medium, Large or Step Van); the van size was left as it was.`,
    );
  }
  const waveRaw = cell("wave");
  const wave = parseWaveCell(waveRaw);
  if (wave === null && cellText(waveRaw) !== null) {
    warn(`the Wave Time '${cellText(waveRaw)}' is not a time or a wave number; the wave was left as it was.`);
  }
  const counts: Pick<ShiftFileRow, (typeof COUNTS)[number][2]> = {
    zones: null,
    packages: null,
    commercialPackages: null,
  };
  for (const [f, label, out] of COUNTS) {
    const n = countOf(cell(f));
    if (n === undefined) warn(`${label} '${cellText(cell(f))}' is not a whole number; left out.`);
    else counts[out] = n;
  }
  return {
    row,
    route,
    driverName: cellText(cell("driverName")),
    transporterId: cellText(cell("transporterId"))?.toUpperCase() ?? null,
    serviceType,
    fleetSizeId,
    waveTime: wave?.kind === "wave" ? WAVES[wave.n - 1] : null,
    waveClock: wave?.kind === "clock" ? wave.minutes : null,
    duration: cellText(cell("duration")),
    staging: cellText(cell("staging")),
    ...counts,
  };
}

/** Reads the file; refuses it (naming the file) when it is not a routes file at all. */
export async function parseShiftXlsx(bytes: Uint8Array, fileName: string): Promise<ShiftFile> {
  const raw = await firstSheetRows(bytes, fileName, (why) => badShiftFile(fileName, why));
  const { cols, body } = findHeader(raw, fileName);
  const rows: ShiftFileRow[] = [];
  const rejected: RowNote[] = [];
  const warnings: RowNote[] = [];
  const routeRow = new Map<string, number>();
  for (const { row, cells } of body) {
    if (cells.every((v) => cellText(v) === null)) continue;
    const cell = (f: Field) => (cols[f] === undefined ? null : cells[cols[f]!] ?? null);
    const route = cellText(cell("route"));
    if (!route) {
      rejected.push({ row, reason: "No Route Code." });
      continue;
    }
    const key = route.toUpperCase();
    if (routeRow.has(key)) {
      rejected.push({ row, reason: `Route ${route} is also on row ${routeRow.get(key)} of the file.` });
      continue;
    }
    routeRow.set(key, row);
    rows.push(readShiftRow(row, route, cell, warnings));
  }
  const clockWaves = wavesOfTimes(rows.flatMap((r) => (r.waveClock === null ? [] : [r.waveClock])));
  for (const r of rows) if (r.waveClock !== null) r.waveTime = clockWaves.get(r.waveClock)!;
  if (!rows.length && !rejected.length) {
    throw badShiftFile(fileName, "there are no rows under the header row.");
  }
  return { variant: cols.packages !== undefined ? "day-of-plan" : "routes", rows, rejected, warnings };
}
