// The export's layout as data (02 section 2 "Payroll"): the same lines feed the 'Table preview' modal and
// the xlsx, so what the owner previews is what the file holds. Pure (islands load it).
//  - 'By DA': each DA's rows, then a 'Total Hours' row for that DA, a blank row between DAs.
//  - 'By total': one row per DA with their totals, then one 'Total Hours' row for everybody.
import type { PayrollRowDto } from "./dto.ts";
import { centsToDollars } from "../money.ts";
import { formatDate } from "../dates/format.ts";
import { hoursText } from "./calc.ts";

export type PayrollView = "total" | "da";
export const PAYROLL_VIEWS: readonly PayrollView[] = ["total", "da"];

/** A cell: text, hours (hundredths) or money (cents); null is empty. Kinds decide number formats. */
export type SheetCell = string | { hours: number } | { cents: number } | null;
/** A blank separator line is null. */
export type SheetLine = SheetCell[] | null;

export interface SheetLayout {
  header: string[];
  lines: SheetLine[];
}

export const TABLE_HEADER = [
  "DA",
  "Badge",
  "Station",
  "Agency",
  "Date",
  "Role",
  "Number of Hours",
  "Rate per Hour",
  "DA Pay",
  "Agency Pay",
];
export const TOTAL_HEADER = [
  "DA",
  "Badge",
  "Station",
  "Agency",
  "Number of Hours",
  "Rate per Hour",
  "DA Pay",
  "Agency Pay",
];
export const TOTAL_LABEL = "Total Hours";

const money = (c: number | null): SheetCell => (c === null ? null : { cents: c });

export interface Totals {
  hours: number;
  pay: number;
  agencyPay: number;
}

/** Sums of the rounded rows (the rounding rule of calc.ts). */
export function totalsOf(rows: readonly PayrollRowDto[]): Totals {
  let hours = 0, pay = 0, agencyPay = 0;
  for (const r of rows) {
    hours += r.hours_hundredths;
    pay += r.pay_cents ?? 0;
    agencyPay += r.agency_pay_cents ?? 0;
  }
  return { hours, pay, agencyPay };
}

/** Rows grouped per DA, DAs by name (then id), each DA's rows by date. */
export function byDa(rows: readonly PayrollRowDto[]): PayrollRowDto[][] {
  const groups = new Map<number, PayrollRowDto[]>();
  for (const r of rows) (groups.get(r.user_id) ?? groups.set(r.user_id, []).get(r.user_id)!).push(r);
  return [...groups.values()]
    .map((g) => [...g].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id))
    .sort((a, b) => a[0].user_name.localeCompare(b[0].user_name) || a[0].user_id - b[0].user_id);
}

const distinct = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))].join(", ");

function rowLine(r: PayrollRowDto): SheetCell[] {
  return [
    r.user_name,
    r.badge ?? "",
    r.station,
    r.agency ?? "",
    formatDate(r.date),
    r.role_name,
    { hours: r.hours_hundredths },
    money(r.pay_rate_cents),
    money(r.pay_cents),
    money(r.agency_pay_cents),
  ];
}

function totalLine(t: Totals, width: number, hoursAt: number): SheetCell[] {
  const line: SheetCell[] = Array(width).fill(null);
  line[0] = TOTAL_LABEL;
  line[hoursAt] = { hours: t.hours };
  line[width - 2] = { cents: t.pay };
  line[width - 1] = { cents: t.agencyPay };
  return line;
}

export function sheetLayout(rows: readonly PayrollRowDto[], view: PayrollView): SheetLayout {
  const groups = byDa(rows);
  if (view === "da") {
    const lines: SheetLine[] = [];
    groups.forEach((g, i) => {
      if (i > 0) lines.push(null);
      lines.push(...g.map(rowLine), totalLine(totalsOf(g), TABLE_HEADER.length, 6));
    });
    return { header: TABLE_HEADER, lines };
  }
  const lines: SheetLine[] = groups.map((g) => {
    const t = totalsOf(g);
    const rate = g.find((r) => r.pay_rate_cents !== null)?.pay_rate_cents ?? null;
    return [
      g[0].user_name,
      g[0].badge ?? "",
      distinct(g.map((r) => r.station)),
      distinct(g.map((r) => r.agency)),
      { hours: t.hours },
      money(rate),
      { cents: t.pay },
      { cents: t.agencyPay },
    ];
  });
  if (groups.length) lines.push(totalLine(totalsOf(rows), TOTAL_HEADER.length, 4));
  return { header: TOTAL_HEADER, lines };
}

/** A cell as the preview shows it. */
export function cellText(c: SheetCell): string {
  if (c === null) return "";
  if (typeof c === "string") return c;
  return "hours" in c ? hoursText(c.hours) : centsToDollars(c.cents)!;
}

export interface RowFilter {
  user: number | null;
  /** null = every station. */
  stationId: number | null;
  role: number | "all";
  status: number | "all";
}

/** The page's filters on the loaded rows (02 section 4 "Payroll": filters apply to the loaded data). */
export function filterRows(rows: readonly PayrollRowDto[], f: RowFilter): PayrollRowDto[] {
  return rows.filter((r) =>
    (f.user === null || r.user_id === f.user) &&
    (f.stationId === null || r.station_id === f.stationId) &&
    (f.role === "all" || r.role === f.role) &&
    (f.status === "all" || r.user_status === f.status)
  );
}
