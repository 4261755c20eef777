// How a change to a tracker cell becomes a PATCH: typed or pasted text (or a picker's value) shaped by its
// column, the pickers' choices, and the grid's edits that open no editor (a tick box, Delete, a paste).
// The server still decides: this only shapes the value. Loaded with the cell editor on first use
// (CellEditor.tsx passes these on; cellDefs.ts is what showing the rows needs).
import { RELEASING_ROLES } from "../../../lib/shifts/calc.ts";
import { toast } from "../../client/toast.ts";
import { emptyRowRule } from "../RowParts.tsx";
import {
  fleetSizeOf,
  type PatchFields,
  personName,
  type Rec,
  type RowContext,
  type SelectOption,
  STATUS_LABELS,
} from "../types.ts";
import { CELL_DEFS, NUMBER_IDS } from "./cellDefs.ts";

export interface CellEdit {
  /** Typed or pasted text (or a select's value) as the PATCH to send; a string is a refusal's words. */
  toPatch?(raw: string, rec: Rec, ctx: RowContext): PatchFields | string | null;
  /** For selects: the choices and the chosen value. */
  choices?(rec: Rec, ctx: RowContext): SelectOption[];
  value?(rec: Rec): string;
  maxLength?: number;
}

/** 'HH:MM' from what was typed ('930', '9:30', '17') or null when it is not a time of day. */
export function normaliseTime(raw: string): string | null {
  const m = /^(\d{1,2})(?::?(\d{2}))?$/.exec(raw.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2] ?? "0");
  if (h > 23 || min > 59) return null;
  return `${String(h).padStart(2, "0")}:${String(min).padStart(2, "0")}`;
}

/** A free-text field: trimmed, empty stores null, unchanged sends nothing. */
const textField = (field: keyof Rec & string, maxLength: number): CellEdit => ({
  maxLength,
  toPatch(raw, r) {
    const v = raw.trim().slice(0, maxLength);
    if (v === ((r[field] as string | null) ?? "")) return null;
    return { [field]: v === "" ? null : v };
  },
});

const numberField = (field: keyof Rec & string): CellEdit => ({
  toPatch(raw, r) {
    const v = raw.trim();
    const old = r[field] as number | null;
    if (v === "") return old === null ? null : { [field]: null };
    if (!/^\d+$/.test(v)) return "Digits only.";
    return Number(v) === old ? null : { [field]: Number(v) };
  },
});

/** Matches a pasted or typed label to a choice (case and spaces ignored), or takes a value as it is. */
export function choiceFor(raw: string, options: SelectOption[]): SelectOption | undefined {
  const key = raw.trim().toLowerCase().replace(/\s+/g, " ");
  return options.find((o) => o.value === raw.trim()) ??
    options.find((o) => o.label.toLowerCase().replace(/\s+/g, " ") === key);
}

function selectField(
  field: string,
  def: Required<Pick<CellEdit, "choices" | "value">>,
  toValue: (v: string) => string | number | null = (v) => Number(v) || 0,
): CellEdit {
  return {
    ...def,
    toPatch(raw, r, ctx) {
      if (raw.trim() === "") return def.value(r) === "" ? null : { [field]: toValue("") };
      const hit = choiceFor(raw, def.choices(r, ctx));
      if (!hit) return `“${raw.trim()}” is not one of the choices.`;
      return hit.value === def.value(r) ? null : { [field]: toValue(hit.value) };
    },
  };
}

const driverChoices = (rec: Rec, ctx: RowContext, other: Rec["driver"]) => {
  const taken = ctx.driversElsewhere(rec.id);
  return (ctx.options()?.drivers ?? [])
    .filter((d) => !taken.has(d.id) && d.id !== other?.id)
    .map((d) => ({ value: String(d.id), label: personName(d) }));
};

const withCurrent = (list: SelectOption[], value: string, label: string) =>
  value !== "" && !list.some((o) => o.value === value) ? [{ value, label }, ...list] : list;

const driverField = (field: "driver" | "second_driver", other: "driver" | "second_driver") =>
  selectField(field, {
    value: (r) => (r[field] ? String(r[field].id) : ""),
    choices: (r, ctx) =>
      withCurrent(driverChoices(r, ctx, r[other]), r[field] ? String(r[field].id) : "", personName(r[field])),
  });

function statusField(second: boolean): CellEdit {
  const statusOf = (r: Rec) => (second ? r.second_da_status : r.da_status);
  return selectField(second ? "second_da_status" : "da_status", {
    value: (r) => String(statusOf(r)),
    choices(r) {
      const s = statusOf(r);
      const undo = !second && emptyRowRule(r).undo;
      const offered = undo ? [0, s] : s === 3 ? [0, 1, 2, 3] : [0, 1, 2];
      return offered.map((v) => ({ value: String(v), label: STATUS_LABELS[v] }));
    },
  }, (v) => Number(v));
}

const check = (
  field: "ontime_attendance" | "launchpad_support" | "morning_checklist" | "violation",
): CellEdit => ({
  toPatch(raw, r) {
    const v = /^(y|yes|true|1|x|✓)$/i.test(raw.trim());
    return v === r[field] ? null : { [field]: v };
  },
});

/** The columns that take a change; the others (read-only, the scanners' own pickers) have no entry. */
export const CELL_EDITS: Record<string, CellEdit> = {
  driver: driverField("driver", "second_driver"),
  fleet_no: textField("fleet_number", 20),
  fleet_size: selectField("fleet_size", {
    value: (r) => String(fleetSizeOf(r) ?? ""),
    choices: (_r, ctx) =>
      ctx.constants.fleetSizeOrder.map((id) => ({
        value: String(id),
        label: ctx.constants.fleetSizeTitles[id] ?? String(id),
      })),
  }),
  role: selectField("role", {
    value: (r) => String(r.role),
    choices: (r, ctx) => {
      const roles = emptyRowRule(r).undo
        ? ctx.constants.roles.filter((x) => !RELEASING_ROLES.includes(x.id))
        : ctx.constants.roles;
      return roles.map((x) => ({ value: String(x.id), label: x.name }));
    },
  }, (v) => Number(v)),
  role_hours: {
    toPatch(raw, r) {
      const v = raw.trim();
      if (v === "") return r.role_hours === null ? null : { role_hours: null };
      const n = Number(v);
      if (!/^\d+(\.\d+)?$/.test(v) || !Number.isFinite(n)) return "Hours must be a number, like 6 or 7.5.";
      return r.role_hours !== null && n === Number(r.role_hours) ? null : { role_hours: String(n) };
    },
  },
  route: textField("route", 40),
  wave: selectField("wave_time", {
    value: (r) => r.wave_time ?? "",
    choices: (r, ctx) =>
      withCurrent(
        ctx.constants.waves.map((w) => ({ value: w, label: w })),
        r.wave_time ?? "",
        r.wave_time ?? "",
      ),
  }, (v) => v || null),
  da_status: statusField(false),
  second_driver: driverField("second_driver", "driver"),
  second_da_status: statusField(true),
  actual_DA: textField("actual_DA", 80),
  ontime_attendance: check("ontime_attendance"),
  launchpad_support: check("launchpad_support"),
  morning_checklist: check("morning_checklist"),
  violation: check("violation"),
  actual_end_time: {
    toPatch(raw, r) {
      const old = r.actual_end_time ? r.actual_end_time.slice(0, 5) : "";
      if (raw.trim() === "") return old === "" ? null : { actual_end_time: null };
      const t = normaliseTime(raw);
      if (!t) return "Use HH:MM, like 17:30.";
      return t === old ? null : { actual_end_time: t };
    },
  },
  ...Object.fromEntries(NUMBER_IDS.map((id) => [id, numberField(id)])),
};

/** Space or a click on a tick box: the other state, through the same rules as typing it. */
export function toggleCheck(id: string, rec: Rec, ctx: RowContext): void {
  const p = CELL_EDITS[id].toPatch!(CELL_DEFS[id].text(rec, ctx) ? "" : "yes", rec, ctx);
  if (p && typeof p !== "string") void ctx.patch(rec.id, p);
}

/** Delete on a cell: the empty value, through the same rules as typing it (a tick box is left alone). */
export function clearCell(id: string, rec: Rec, ctx: RowContext): void {
  const edit = CELL_EDITS[id]?.toPatch;
  if (CELL_DEFS[id].blocked(rec, ctx) || !edit || CELL_DEFS[id].kind === "check") return;
  const patch = edit("", rec, ctx);
  if (patch && typeof patch !== "string") void ctx.patch(rec.id, patch);
}

/**
 * A pasted column, down from the row `rowAt(0)`: each value through the server's rules, one row after
 * another (rows read as they are at each step). Gives the marks with this column's refusals (`key(recordId)`
 * -> the reason) and toasts the counts.
 */
export async function pasteColumn(
  { rowAt, id, label, values, ctx, marks, key }: {
    rowAt: (i: number) => Rec | undefined;
    id: string;
    label: string;
    values: string[];
    ctx: RowContext;
    marks: ReadonlyMap<string, string>;
    key: (recordId: number) => string;
  },
): Promise<Map<string, string>> {
  const edit = CELL_EDITS[id]?.toPatch;
  const next = new Map(marks);
  let saved = 0;
  let refused = 0;
  for (const [i, raw] of values.entries()) {
    const rec = rowAt(i);
    if (!rec) break;
    next.delete(key(rec.id));
    const why = edit ? CELL_DEFS[id].blocked(rec, ctx) : "This column is not typed.";
    const patch = why ?? edit!(raw, rec, ctx);
    const reason = typeof patch === "string" ? patch : patch ? await ctx.tryPatch(rec.id, patch) : null;
    if (reason) {
      next.set(key(rec.id), reason);
      refused++;
    } else saved++;
  }
  toast(
    refused ? "warning" : "success",
    refused
      ? `${label}: ${saved} pasted, ${refused} refused (marked on their cells).`
      : `${label}: ${saved} pasted.`,
  );
  return next;
}
