// Falcon's rules (03 2.8), pure so the page, the island, the API and the tests share them: which days a
// plan may change, the colours of the difference and of a comment, the actual total, and the table's rows
// (by role, van size and hours) built from the answer of GET api/falcon/.
import { shiftRoleName } from "../shifts/roles.ts";
import { weekOf } from "../dates/weeks.ts";
import type { FalconDto, StandardItemDto } from "./dto.ts";

/** Roles counted as actual routes (03 2.8: "the actual total counts roles 0 and 8"). */
export const ACTUAL_ROLES: readonly number[] = [0, 8];
/** Cancelled roles, whose van size is the cancelled fleet size: client (7) and own company (9). */
export const CANCELLED_ROLES: readonly number[] = [7, 9];
/** A Standard route with no hours typed counts 10 (03 2.8 "0 standard (10 h or unset)"). */
export const STANDARD_HOURS = 10;

/** The role rows in the spec's order, with the hours the spec gives each. */
export const FALCON_ROLES: readonly { id: number; hours: string }[] = [
  { id: 0, hours: "10 h" },
  { id: 8, hours: "1-9 h" },
  { id: 4, hours: "3 h" },
  { id: 7, hours: "" },
  { id: 9, hours: "" },
  { id: 1, hours: "" },
  { id: 2, hours: "" },
  { id: 3, hours: "3 h" },
  { id: 5, hours: "" },
  { id: 6, hours: "" },
];

/** Van size codes (03 2.8): 1 and 5 cargo, 2 large, 3 cube, 6 medium; anything else "Other". */
export const VAN_SIZES: readonly { key: string; label: string; codes: readonly number[] }[] = [
  { key: "cargo", label: "Cargo", codes: [1, 5] },
  { key: "large", label: "Large", codes: [2] },
  { key: "cube", label: "Cube", codes: [3] },
  { key: "medium", label: "Medium", codes: [6] },
];

export function vanSizeKey(code: number | null): string {
  return VAN_SIZES.find((s) => code !== null && s.codes.includes(code))?.key ?? "other";
}

export type Tone = "green" | "red" | "blue" | "gray" | "none";

/** Planned versus actual: green when actual is at least the plan, otherwise red; no plan, no colour. */
export function differenceTone(plan: number | null, actual: number): Tone {
  if (plan === null) return "none";
  return actual >= plan ? "green" : "red";
}

/** Match flag 1 yes green, 2 no red; a comment with no flag blue; no comment gray. */
export function commentTone(c: { report_comment: string; is_match: number } | undefined): Tone {
  if (c?.is_match === 1) return "green";
  if (c?.is_match === 2) return "red";
  return c && c.report_comment.trim() ? "blue" : "gray";
}

/** Yes and No are exclusive toggles: pressing the one set clears it, pressing the other switches. */
export function toggleMatch(current: number, pressed: 1 | 2): number {
  return current === pressed ? 0 : pressed;
}

/** Routes that count as actual: roles 0 and 8. */
export function actualTotal(items: readonly Pick<StandardItemDto, "role" | "routes">[]): number {
  return items.reduce((n, i) => n + (ACTUAL_ROLES.includes(i.role) ? i.routes : 0), 0);
}

/** The hours one route of the item counts: its typed hours, or 10 for a Standard route without them. */
export function routeHours(i: Pick<StandardItemDto, "role" | "role_hours">): number {
  if (i.role_hours !== null) return i.role_hours;
  return i.role === 0 ? STANDARD_HOURS : 0;
}

/**
 * A plan may change only for a day of the current or a future week of the current year (03 2.8 and 5),
 * weeks as lib/dates counts them (Sunday to Saturday, the year of the week's Saturday).
 */
export function isPlanEditable(date: string, today: string): boolean {
  const d = weekOf(date);
  const t = weekOf(today);
  return d.year === t.year && d.week >= t.week;
}

export function planEditRefusal(date: string, today: string): string | null {
  if (isPlanEditable(date, today)) return null;
  const t = weekOf(today);
  const d = weekOf(date);
  return `Plans can be changed only for the current or a later week of ${t.year} (week ${t.week} on); ` +
    `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)} is in week ${d.week} of ${d.year}.`;
}

export interface FalconRow {
  key: string;
  group: string;
  label: string;
  hint?: string;
  cells: number[];
  total: number;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The item's column: its report_date or its week_number (annual view). */
const columnOf = (i: { report_date?: string; week_number?: number }) => i.report_date ?? `w${i.week_number}`;

function rowOf(
  keys: string[],
  key: string,
  group: string,
  label: string,
  pick: (i: StandardItemDto) => number,
  items: readonly StandardItemDto[],
  hint?: string,
): FalconRow {
  const index = new Map(keys.map((k, n) => [k, n]));
  const cells = keys.map(() => 0);
  for (const i of items) {
    const n = index.get(columnOf(i));
    if (n !== undefined) cells[n] += pick(i);
  }
  return { key, group, label, hint, cells, total: sum(cells) };
}

/** The rows under the plan: actual, by role, by van size (routes and cancelled), by hours. */
export function falconRows(d: Pick<FalconDto, "date_list" | "standard_list">): FalconRow[] {
  const keys = d.date_list.map((c) => c.key);
  const items = d.standard_list;
  const actual = (i: StandardItemDto) => ACTUAL_ROLES.includes(i.role);
  const rows: FalconRow[] = [
    rowOf(keys, "actual", "Routes", "Actual (Standard + Flex)", (i) => actual(i) ? i.routes : 0, items),
  ];
  for (const r of FALCON_ROLES) {
    rows.push(
      rowOf(
        keys,
        `role-${r.id}`,
        "By role",
        shiftRoleName(r.id),
        (i) => i.role === r.id ? i.routes : 0,
        items,
        r.hours || undefined,
      ),
    );
  }
  for (const s of [...VAN_SIZES, { key: "other", label: "No van / other" }]) {
    rows.push(
      rowOf(
        keys,
        `van-${s.key}`,
        "Routes by van size",
        s.label,
        (i) => actual(i) && vanSizeKey(i.van__fleet_size) === s.key ? i.routes : 0,
        items,
      ),
    );
  }
  for (const s of VAN_SIZES) {
    rows.push(
      rowOf(
        keys,
        `cancelled-${s.key}`,
        "Cancelled by van size",
        s.label,
        (i) =>
          CANCELLED_ROLES.includes(i.role) && vanSizeKey(i.cancelled_fleet_size) === s.key ? i.routes : 0,
        items,
      ),
    );
  }
  const hours = [...new Set(items.filter(actual).map(routeHours))].sort((a, b) => b - a);
  for (const h of hours) {
    rows.push(
      rowOf(
        keys,
        `hours-${h}`,
        "Routes by hours",
        `${h} h`,
        (i) => actual(i) && routeHours(i) === h ? i.routes : 0,
        items,
      ),
    );
  }
  rows.push(
    rowOf(
      keys,
      "hours-total",
      "Routes by hours",
      "Total hours",
      (i) => actual(i) ? i.routes * routeHours(i) : 0,
      items,
    ),
  );
  return rows;
}

/** The plan per column, null where none was typed. */
export function planCells(d: Pick<FalconDto, "date_list" | "plan_list">): (number | null)[] {
  const byKey = new Map<string, number>();
  for (const p of d.plan_list) byKey.set(columnOf(p), (byKey.get(columnOf(p)) ?? 0) + p.number_of_routes);
  return d.date_list.map((c) => byKey.get(c.key) ?? null);
}
