// What each tracker column shows: the text of a cell (shown, copied, searched), the kind of editor it
// opens, why it cannot be changed now, and its width. How a change becomes a PATCH is in cellEdits.ts,
// loaded with the editor on first use (issue 15: the page's script carries what showing the rows needs).
// Pure apart from the row context it reads.
import { RETURN_FIELDS } from "../../../lib/shifts/calc.ts";
import { emptyRowRule, isReleased } from "../RowParts.tsx";
import {
  fleetSizeOf,
  personName,
  type Rec,
  type RowContext,
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
  /** Width class of the column. */
  width: string;
}

const locked = (rec: Rec) => (rec.locked ? rec.lock_reason ?? "This row is locked." : null);
const num = (v: number | null) => (v === null ? "" : String(v));

const cell = (
  kind: EditorKind,
  width: string,
  text: CellDef["text"],
  blocked: CellDef["blocked"] = locked,
): CellDef => ({ kind, width, text, blocked });

/** A free-text field (its value as is). */
const textField = (field: keyof Rec & string, width = "w-28 min-w-28") =>
  cell("text", width, (r) => (r[field] as string | null) ?? "");

const numberField = (field: keyof Rec & string) =>
  cell("number", "w-20 min-w-20", (r) => num(r[field] as number | null));

function statusDef(second: boolean): CellDef {
  return cell(
    "select",
    "w-32 min-w-32",
    (
      r,
    ) => ((second ? r.second_driver : r.driver)
      ? STATUS_LABELS[second ? r.second_da_status : r.da_status] ?? ""
      : ""),
    (r) => {
      if (r.locked) return locked(r);
      if (second) return r.second_driver ? null : "Choose DA 2 first.";
      const empty = emptyRowRule(r);
      return empty.undo ? null : empty.reason;
    },
  );
}

const check = (field: "ontime_attendance" | "launchpad_support" | "morning_checklist" | "violation") =>
  cell("check", "w-24 min-w-24", (r) => (r[field] ? "Yes" : ""));

const serial = (kind: "rabbit" | "dolly") =>
  cell("serial", "w-40 min-w-40", (r) => {
    const a = kind === "rabbit"
      ? [r.rabbit_number, r.second_rabbit_number]
      : [r.dolly_number, r.second_dolly_number];
    const names = a.filter((s) => s).map((s) => s!.serial_number).join(", ");
    const back = kind === "rabbit" ? r.returned_rabbit : r.returned_dolly;
    return names && back ? `${names} (returned)` : names;
  });

const readOnly = (
  text: CellDef["text"],
  width = "w-28 min-w-28",
  why = "Filled in for you: not typed here.",
) => cell("none", width, text, () => why);

/** The counted fields (stops, packages, rescues, returns): digits only. */
export const NUMBER_IDS = [
  "number_of_stops",
  "number_of_packages",
  "rescue_given",
  "rescue_taken",
  ...RETURN_FIELDS,
] as const;

export const CELL_DEFS: Record<string, CellDef> = {
  created: readOnly(() => "", "w-20 min-w-20"),
  driver: cell("select", "w-44 min-w-44", (r) => personName(r.driver)),
  fleet_no: cell(
    "text",
    "w-24 min-w-24",
    (r) => (r.van ? r.van.number : r.fleet_number ?? ""),
    (r) =>
      locked(r) ?? (r.van ? "The van's number: choose a fleet size or another DA to change the van." : null),
  ),
  van_group: readOnly((r) => r.van?.van_group_name ?? ""),
  fleet_size: cell(
    "select",
    "w-32 min-w-32",
    (r, ctx) => {
      const s = fleetSizeOf(r);
      return s ? ctx.constants.fleetSizeTitles[s] ?? String(s) : "";
    },
    (r) => locked(r) ?? (!r.driver && !isReleased(r) ? "Choose a DA first." : null),
  ),
  role: cell(
    "select",
    "w-36 min-w-36",
    (r, ctx) => ctx.constants.roles.find((x) => x.id === r.role)?.name ?? String(r.role),
    (r) => locked(r) ?? emptyRowRule(r).reason,
  ),
  role_hours: cell(
    "hours",
    "w-20 min-w-20",
    (r) => (r.role_hours === null ? "" : String(Number(r.role_hours))),
    (r, ctx) =>
      locked(r) ??
        (ctx.constants.editableHoursRoles.includes(r.role) ? null : "This role's hours are fixed."),
  ),
  route: textField("route"),
  wave: cell("select", "w-24 min-w-24", (r) => r.wave_time ?? ""),
  badge: readOnly((r) => r.driver?.badge ?? "", "w-20 min-w-20"),
  transporter_id: readOnly((r, ctx) => transporterIdText(r, ctx.stationId), "w-36 min-w-36"),
  da_status: statusDef(false),
  second_driver: cell(
    "select",
    "w-44 min-w-44",
    (r) => personName(r.second_driver),
    (r) => locked(r) ?? (r.driver ? null : "Choose the DA first."),
  ),
  second_da_status: statusDef(true),
  actual_DA: textField("actual_DA", "w-36 min-w-36"),
  rabbit: serial("rabbit"),
  dolly: serial("dolly"),
  ontime_attendance: check("ontime_attendance"),
  launchpad_support: check("launchpad_support"),
  morning_checklist: check("morning_checklist"),
  rescue: readOnly((r) => (r.rescue ? "Yes" : ""), "w-20 min-w-20", "Set by rescue given."),
  violation: check("violation"),
  actual_end_time: cell(
    "time",
    "w-24 min-w-24",
    (r) => (r.actual_end_time ? r.actual_end_time.slice(0, 5) : ""),
  ),
  ...Object.fromEntries(NUMBER_IDS.map((id) => [id, numberField(id)])),
};

/** The row's lock or the column's rule, as a cell shows it on hover. */
export const whyBlocked = (id: string, rec: Rec, ctx: RowContext) => CELL_DEFS[id].blocked(rec, ctx);

/** A released row's van and size are history: shown greyed. */
export const isHistory = (id: string, rec: Rec) =>
  (id === "fleet_no" || id === "fleet_size") && isReleased(rec);
