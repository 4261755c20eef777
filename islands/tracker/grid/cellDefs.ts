// What each tracker column shows and how it is edited: the text of a cell, the kind of editor, the field
// a change sends, why a cell cannot be changed, and how typed or pasted text becomes a PATCH (the server
// still decides: this only shapes the value). Pure apart from the row context it reads.
import { RELEASING_ROLES, RETURN_FIELDS } from "../../../lib/shifts/calc.ts";
import { normaliseTime } from "../cells.tsx";
import { emptyRowRule, isReleased } from "../RowParts.tsx";
import {
  fleetSizeOf,
  type PatchFields,
  personName,
  type Rec,
  type RowContext,
  type SelectOption,
  STATUS_LABELS,
  transporterIdText,
} from "../types.ts";

export type EditorKind = "text" | "number" | "hours" | "time" | "select" | "check" | "serial" | "none";

export interface CellDef {
  kind: EditorKind;
  /** The cell's text (what is shown, copied and searched). */
  text(rec: Rec, ctx: RowContext): string;
  /** Why this cell cannot be changed now, or null. */
  blocked(rec: Rec, ctx: RowContext): string | null;
  /** For selects: the choices and the chosen value. */
  choices?(rec: Rec, ctx: RowContext): SelectOption[];
  value?(rec: Rec): string;
  /** Typed or pasted text (or a select's value) as the PATCH to send; a string is a refusal's words. */
  toPatch?(raw: string, rec: Rec, ctx: RowContext): PatchFields | string | null;
  maxLength?: number;
  /** Width class of the column. */
  width: string;
}

const locked = (rec: Rec) => (rec.locked ? rec.lock_reason ?? "This row is locked." : null);
const num = (v: number | null) => (v === null ? "" : String(v));

/** A free-text field: trimmed, empty stores null, unchanged sends nothing. */
function textField(field: keyof Rec & string, maxLength: number, width = "w-28 min-w-28"): CellDef {
  return {
    kind: "text",
    width,
    maxLength,
    text: (r) => (r[field] as string | null) ?? "",
    blocked: locked,
    toPatch(raw, r) {
      const v = raw.trim().slice(0, maxLength);
      if (v === ((r[field] as string | null) ?? "")) return null;
      return { [field]: v === "" ? null : v };
    },
  };
}

function numberField(field: keyof Rec & string): CellDef {
  return {
    kind: "number",
    width: "w-20 min-w-20",
    text: (r) => num(r[field] as number | null),
    blocked: locked,
    toPatch(raw, r) {
      const v = raw.trim();
      const old = r[field] as number | null;
      if (v === "") return old === null ? null : { [field]: null };
      if (!/^\d+$/.test(v)) return "Digits only.";
      return Number(v) === old ? null : { [field]: Number(v) };
    },
  };
}

/** Matches a pasted or typed label to a choice (case and spaces ignored), or takes a value as it is. */
export function choiceFor(raw: string, options: SelectOption[]): SelectOption | undefined {
  const key = raw.trim().toLowerCase().replace(/\s+/g, " ");
  return options.find((o) => o.value === raw.trim()) ??
    options.find((o) => o.label.toLowerCase().replace(/\s+/g, " ") === key);
}

function selectField(
  field: string,
  width: string,
  def: Pick<CellDef, "text" | "blocked" | "choices" | "value">,
  toValue: (v: string) => string | number | null = (v) => Number(v) || 0,
): CellDef {
  return {
    kind: "select",
    width,
    ...def,
    toPatch(raw, r, ctx) {
      if (raw.trim() === "") return def.value!(r) === "" ? null : { [field]: toValue("") };
      const hit = choiceFor(raw, def.choices!(r, ctx));
      if (!hit) return `“${raw.trim()}” is not one of the choices.`;
      return hit.value === def.value!(r) ? null : { [field]: toValue(hit.value) };
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

function statusDef(second: boolean): CellDef {
  const field = second ? "second_da_status" : "da_status";
  const statusOf = (r: Rec) => (second ? r.second_da_status : r.da_status);
  return selectField(field, "w-32 min-w-32", {
    text: (r) => ((second ? r.second_driver : r.driver) ? STATUS_LABELS[statusOf(r)] ?? "" : ""),
    value: (r) => String(statusOf(r)),
    blocked(r) {
      if (r.locked) return locked(r);
      if (second) return r.second_driver ? null : "Choose DA 2 first.";
      const empty = emptyRowRule(r);
      return empty.undo ? null : empty.reason;
    },
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
): CellDef => ({
  kind: "check",
  width: "w-24 min-w-24",
  text: (r) => (r[field] ? "Yes" : ""),
  blocked: locked,
  toPatch(raw, r) {
    const v = /^(y|yes|true|1|x|✓)$/i.test(raw.trim());
    return v === r[field] ? null : { [field]: v };
  },
});

const serial = (kind: "rabbit" | "dolly"): CellDef => ({
  kind: "serial",
  width: "w-40 min-w-40",
  text(r) {
    const a = kind === "rabbit"
      ? [r.rabbit_number, r.second_rabbit_number]
      : [r.dolly_number, r.second_dolly_number];
    const names = a.filter((s) => s).map((s) => s!.serial_number).join(", ");
    const back = kind === "rabbit" ? r.returned_rabbit : r.returned_dolly;
    return names && back ? `${names} (returned)` : names;
  },
  blocked: locked,
});

const readOnly = (text: (r: Rec, ctx: RowContext) => string, width = "w-28 min-w-28"): CellDef => ({
  kind: "none",
  width,
  text,
  blocked: () => "Filled in for you: not typed here.",
});

const NUMBER_IDS = [
  "number_of_stops",
  "number_of_packages",
  "rescue_given",
  "rescue_taken",
  ...RETURN_FIELDS,
] as const;

export const CELL_DEFS: Record<string, CellDef> = {
  created: readOnly(() => "", "w-20 min-w-20"),
  driver: selectField("driver", "w-44 min-w-44", {
    text: (r) => personName(r.driver),
    value: (r) => (r.driver ? String(r.driver.id) : ""),
    blocked: locked,
    choices: (r, ctx) =>
      withCurrent(
        driverChoices(r, ctx, r.second_driver),
        r.driver ? String(r.driver.id) : "",
        personName(r.driver),
      ),
  }),
  fleet_no: {
    ...textField("fleet_number", 20, "w-24 min-w-24"),
    text: (r) => (r.van ? r.van.number : r.fleet_number ?? ""),
    blocked: (r) =>
      locked(r) ?? (r.van ? "The van's number: choose a fleet size or another DA to change the van." : null),
  },
  van_group: readOnly((r) => r.van?.van_group_name ?? ""),
  fleet_size: selectField("fleet_size", "w-32 min-w-32", {
    text: (r, ctx) => {
      const s = fleetSizeOf(r);
      return s ? ctx.constants.fleetSizeTitles[s] ?? String(s) : "";
    },
    value: (r) => String(fleetSizeOf(r) ?? ""),
    blocked: (r) => locked(r) ?? (!r.driver && !isReleased(r) ? "Choose a DA first." : null),
    choices: (_r, ctx) =>
      ctx.constants.fleetSizeOrder.map((id) => ({
        value: String(id),
        label: ctx.constants.fleetSizeTitles[id] ?? String(id),
      })),
  }),
  role: selectField("role", "w-36 min-w-36", {
    text: (r, ctx) => ctx.constants.roles.find((x) => x.id === r.role)?.name ?? String(r.role),
    value: (r) => String(r.role),
    blocked: (r) => locked(r) ?? emptyRowRule(r).reason,
    choices: (r, ctx) => {
      const roles = emptyRowRule(r).undo
        ? ctx.constants.roles.filter((x) => !RELEASING_ROLES.includes(x.id))
        : ctx.constants.roles;
      return roles.map((x) => ({ value: String(x.id), label: x.name }));
    },
  }, (v) => Number(v)),
  role_hours: {
    kind: "hours",
    width: "w-20 min-w-20",
    text: (r) => (r.role_hours === null ? "" : String(Number(r.role_hours))),
    blocked: (r, ctx) =>
      locked(r) ??
        (ctx.constants.editableHoursRoles.includes(r.role) ? null : "This role's hours are fixed."),
    toPatch(raw, r) {
      const v = raw.trim();
      if (v === "") return r.role_hours === null ? null : { role_hours: null };
      const n = Number(v);
      if (!/^\d+(\.\d+)?$/.test(v) || !Number.isFinite(n)) return "Hours must be a number, like 6 or 7.5.";
      return r.role_hours !== null && n === Number(r.role_hours) ? null : { role_hours: String(n) };
    },
  },
  route: textField("route", 40),
  wave: selectField("wave_time", "w-24 min-w-24", {
    text: (r) => r.wave_time ?? "",
    value: (r) => r.wave_time ?? "",
    blocked: locked,
    choices: (r, ctx) =>
      withCurrent(
        ctx.constants.waves.map((w) => ({ value: w, label: w })),
        r.wave_time ?? "",
        r.wave_time ?? "",
      ),
  }, (v) => v || null),
  badge: readOnly((r) => r.driver?.badge ?? "", "w-20 min-w-20"),
  transporter_id: readOnly((r, ctx) => transporterIdText(r, ctx.stationId), "w-36 min-w-36"),
  da_status: statusDef(false),
  second_driver: selectField("second_driver", "w-44 min-w-44", {
    text: (r) => personName(r.second_driver),
    value: (r) => (r.second_driver ? String(r.second_driver.id) : ""),
    blocked: (r) => locked(r) ?? (r.driver ? null : "Choose the DA first."),
    choices: (r, ctx) =>
      withCurrent(
        driverChoices(r, ctx, r.driver),
        r.second_driver ? String(r.second_driver.id) : "",
        personName(r.second_driver),
      ),
  }),
  second_da_status: statusDef(true),
  actual_DA: textField("actual_DA", 80, "w-36 min-w-36"),
  rabbit: serial("rabbit"),
  dolly: serial("dolly"),
  ontime_attendance: check("ontime_attendance"),
  launchpad_support: check("launchpad_support"),
  morning_checklist: check("morning_checklist"),
  rescue: {
    ...readOnly((r) => (r.rescue ? "Yes" : ""), "w-20 min-w-20"),
    blocked: () => "Set by rescue given.",
  },
  violation: check("violation"),
  actual_end_time: {
    kind: "time",
    width: "w-24 min-w-24",
    text: (r) => (r.actual_end_time ? r.actual_end_time.slice(0, 5) : ""),
    blocked: locked,
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

/** The row's lock or the column's rule, as a cell shows it on hover. */
export const whyBlocked = (id: string, rec: Rec, ctx: RowContext) => CELL_DEFS[id].blocked(rec, ctx);

/** A released row's van and size are history: shown greyed. */
export const isHistory = (id: string, rec: Rec) =>
  (id === "fleet_no" || id === "fleet_size") && isReleased(rec);
