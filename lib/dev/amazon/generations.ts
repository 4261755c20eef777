// File generations: Amazon adds, renames and drops columns between exports and writes the week in several
// forms, in the cells and in the name. From a fixture's grid (header + rows) this draws a generation
// (metric columns dropped, headers renamed to a known alias or restyled, unknown columns inserted, the Week
// column dropped or rewritten, the name's week in another form) and writes the file. The property tests
// (tests/property/generations.test.ts) check the parsers read what is left exactly.
import type { Column } from "../../amazon/sheet.ts";
import { headerKey, text } from "../../amazon/values.ts";
import { csvBytes, type Fixture, intBetween, pick, type Rand } from "./mutate.ts";
import { gridToXlsx } from "./reliability-xlsx.ts";

export const CELL_WEEK_FORMS = ["iso", "dash", "w-year", "word", "yearless"] as const;
export type CellWeekForm = (typeof CELL_WEEK_FORMS)[number];
export const NAME_WEEK_FORMS = ["iso", "word", "w-year", "year-w", "dash", "yearless", "none"] as const;
export type NameWeekForm = (typeof NAME_WEEK_FORMS)[number];

/** Columns no parser reads (none matches any parser's header names). */
export const EXTRA_COLUMNS = [
  "Coaching Notes",
  "Zone Lead",
  "Pilot Metric 2027",
  "Rescue Count (beta)",
  "Region",
];

export interface Generation {
  /** headers of the base file left out */
  drop: string[];
  /** base header -> the header this generation writes */
  rename: Record<string, string>;
  /** unknown columns inserted */
  extra: string[];
  cellWeek: CellWeekForm;
  nameWeek: NameWeekForm;
  /** the Week column left out (the name then carries the week) */
  dropWeek: boolean;
}

const two = (n: number) => String(n).padStart(2, "0");

/** A Week cell as this generation writes it. */
export function weekCellText(form: CellWeekForm, year: number, week: number): string {
  return {
    iso: `${year}-W${two(week)}`,
    dash: `${year}-${two(week)}`,
    "w-year": `W${week} ${year}`,
    word: `Week ${week} - ${year}`,
    yearless: `Week ${week}`,
  }[form];
}

/** The name's week part ('' when the name has none). */
export function weekNamePart(form: NameWeekForm, year: number, week: number): string {
  return {
    iso: `${year}-W${two(week)}`,
    word: `Week${week}_${year}`,
    "w-year": `W${two(week)}_${year}`,
    "year-w": `${year}_W${two(week)}`,
    dash: `${year}-${two(week)}`,
    yearless: `W${two(week)}`,
    none: "",
  }[form];
}

const columnOf = (header: string, columns: readonly Column[]) =>
  columns.find((c) => c.headers.some((h) => headerKey(h) === headerKey(header)));

/** Known renames (another alias of the same column, never one another column answers to) and restyles. */
function renamed(r: Rand, header: string, col: Column, columns: readonly Column[]): string {
  const others = new Set(columns.filter((c) => c !== col).flatMap((c) => c.headers.map(headerKey)));
  const aliases = col.headers.filter((h) => !others.has(headerKey(h)));
  const name = pick(r, aliases.length ? aliases : [header]);
  return pick(r, [
    name,
    name.toUpperCase(),
    name.toLowerCase(),
    name.replace(/\s+/g, "_"),
    `${name}  `,
    name.replace(/\s+/g, ""),
  ]);
}

export interface DrawOpts {
  /** headers never dropped (dates a kind needs for its week, say) */
  keep?: string[];
  /** the name must carry a week (the file has no other source for it) */
  nameNeedsWeek?: boolean;
}

/**
 * Draws a generation for a file with this header read through `columns`: up to half its metric columns
 * dropped (never a key column, never all metrics), some headers renamed, 0-3 unknown columns, week forms.
 */
export function drawGeneration(r: Rand, header: string[], columns: readonly Column[], o: DrawOpts = {}) {
  const hasWeek = header.some((h) => headerKey(h) === "week");
  const cols = header.map((h) => ({ h, c: columnOf(h, columns) }));
  const droppable = cols.filter(({ h, c }) =>
    c && !c.isKey && !c.optional && c.key !== "week" && !(o.keep ?? []).includes(h)
  );
  const metrics = droppable.filter(({ c }) => c!.read !== text).length;
  const drop: string[] = [];
  let metricsDropped = 0;
  for (const { h, c } of droppable) {
    if (r() >= 0.3) continue;
    if (c!.read !== text && metricsDropped + 1 > Math.floor(metrics / 2)) continue;
    if (c!.read !== text) metricsDropped++;
    drop.push(h);
  }
  const rename: Record<string, string> = {};
  for (const { h, c } of cols) if (c && !drop.includes(h) && r() < 0.3) rename[h] = renamed(r, h, c, columns);
  const extra = EXTRA_COLUMNS.filter(() => r() < 0.25).slice(0, 3);
  const dropWeek = hasWeek && r() < 0.2;
  const names = NAME_WEEK_FORMS.filter((f) => f !== "none" || !(dropWeek || o.nameNeedsWeek));
  return {
    drop,
    rename,
    extra,
    cellWeek: pick(r, CELL_WEEK_FORMS),
    nameWeek: pick(r, names),
    dropWeek,
  } satisfies Generation;
}

/** The grid rewritten to a generation: week cells in its form, columns dropped, renamed, extras inserted. */
export function applyGeneration(
  r: Rand,
  grid: string[][],
  g: Generation,
  year: number,
  week: number,
): string[][] {
  const [header, ...rows] = grid;
  const weekAt = header.findIndex((h) => headerKey(h) === "week");
  const cells = (row: string[]) =>
    row.map((v, i) => (i === weekAt ? weekCellText(g.cellWeek, year, week) : v));
  const keep = header.map((h, i) => !(g.drop.includes(h) || (i === weekAt && g.dropWeek)));
  let out = [header.map((h) => g.rename[h] ?? h), ...rows.map(cells)].map((row) =>
    row.filter((_, i) => keep[i])
  );
  for (const name of g.extra) {
    const at = intBetween(r, 0, out[0].length);
    out = out.map((
      row,
      i,
    ) => [...row.slice(0, at), i ? String(intBetween(r, 0, 99)) : name, ...row.slice(at)]);
  }
  return out;
}

/** The file of a generation: `<prefix>_<STN>[_<week>].csv` with the rewritten grid. */
export function generationFile(
  r: Rand,
  prefix: string,
  station: string,
  year: number,
  week: number,
  grid: string[][],
  g: Generation,
): Fixture {
  const part = weekNamePart(g.nameWeek, year, week);
  const fileName = `${prefix}_${station}${part ? `_${part}` : ""}.csv`;
  return { fileName, bytes: csvBytes(applyGeneration(r, grid, g, year, week)) };
}

/** A one-sheet workbook of a generation (the WHC check): the sheet is named by the week in its cell form. */
export async function generationWorkbook(
  r: Rand,
  prefix: string,
  station: string,
  year: number,
  week: number,
  grid: string[][],
  g: Generation,
): Promise<Fixture> {
  const part = weekNamePart(g.nameWeek, year, week);
  const name = weekCellText(g.cellWeek, year, week);
  return {
    fileName: `${prefix}_${station}${part ? `_${part}` : ""}.xlsx`,
    bytes: await gridToXlsx([{ name, grid: applyGeneration(r, grid, g, year, week) }]),
  };
}
