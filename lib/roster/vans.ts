// The van roster: the spreadsheet's columns, per-row validation and the plan. The key is the van number.
// Reading the sheet and planning its rows is the roster's job; the vans themselves are read through
// lib/vans/queries.ts and written by lib/vans/writers.ts (vans-write.ts).
import { z } from "zod";
import type { Queryable } from "../db/client.ts";
import type { Viewer } from "../users/current-user.ts";
import {
  isChange,
  OOS_REASON_LABELS,
  OOS_REASONS,
  OWNERSHIP,
  VAN_STATUS_LABELS,
  VAN_STATUSES,
} from "../vans/policy.ts";
import { VIN_PATTERN } from "../vans/inputs.ts";
import { vansByNumber } from "../vans/queries.ts";
import { fleetSizeOptions } from "../vans/fleet-sizes.ts";
import { vanGroupOptions } from "../vans/van-groups.ts";
import type { FleetSizeOption, VanGroupOption } from "../vans/dto.ts";
import type { StoredVan, VanFields } from "../vans/writers.ts";
import { centsToDollars } from "../money.ts";
import { type Cell, cellText, loose } from "../sheets/cells.ts";
import type { Sheet } from "./parse.ts";
import { centsCell, choiceCell, textCell } from "./cells.ts";
import {
  type Column,
  diff,
  display,
  FirstSeen,
  loadStations,
  mapColumns,
  type Plan,
  type Reject,
  resolveStation,
  sortRejects,
  type StationRow,
  validateRow,
} from "./plan.ts";

export const VAN_COLUMNS: readonly Column[] = [
  {
    field: "number",
    header: "Number",
    aliases: ["Van Number", "Van", "Van No", "Fleet Number"],
    required: true,
  },
  { field: "plate", header: "Plate", aliases: ["Plate Number", "License Plate", "Licence Plate"] },
  { field: "vin", header: "VIN" },
  { field: "size", header: "Size", aliases: ["Fleet Size", "Van Size"] },
  { field: "van_group", header: "Van Group", aliases: ["Group"] },
  { field: "station", header: "Station", aliases: ["Station Tag", "Station ID"] },
  { field: "ownership", header: "Ownership" },
  { field: "monthly_rate", header: "Monthly Rate", aliases: ["Montly Rate", "Rate", "Monthly Rate ($)"] },
  { field: "company", header: "Company", aliases: ["Make", "Manufacturer"] },
  { field: "model", header: "Model" },
  { field: "status", header: "Status" },
  {
    field: "reason",
    header: "Out of Service Reason",
    aliases: ["Reason", "Status Reason", "Status Change Reason"],
  },
];

export const VAN_STATUS_CHOICES = [
  ...VAN_STATUSES.map((id) => ({ id, label: VAN_STATUS_LABELS[id] })),
  { id: 1, label: "Active" },
];
export const OWNERSHIP_CHOICES = ([1, 2] as const).map((id) => ({ id, label: OWNERSHIP[id] }));
export const REASON_CHOICES = OOS_REASONS.map((id) => ({ id, label: OOS_REASON_LABELS[id] }));

const numberCell = z.custom<Cell>().transform((v, ctx): string => {
  const s = cellText(v);
  if (s === null) ctx.addIssue({ code: "custom", message: "Required" });
  else if (s.length > 20) ctx.addIssue({ code: "custom", message: "Too long: at most 20 characters" });
  else return s;
  return z.NEVER;
});

const vinCell = z.custom<Cell>().transform((v, ctx): string | null => {
  const s = cellText(v)?.toUpperCase() ?? null;
  if (s === null || VIN_PATTERN.test(s)) return s;
  ctx.addIssue({ code: "custom", message: `Not a VIN (${s}): 17 letters and digits, without I, O or Q` });
  return z.NEVER;
});

export const vanSheetRow = z.object({
  number: numberCell,
  plate: textCell(20).transform((s) => s?.toUpperCase() ?? null),
  vin: vinCell,
  size: textCell(100),
  van_group: textCell(200),
  station: textCell(50),
  ownership: choiceCell(OWNERSHIP_CHOICES),
  monthly_rate: centsCell(),
  company: textCell(100),
  model: textCell(100),
  status: choiceCell(VAN_STATUS_CHOICES),
  reason: choiceCell(REASON_CHOICES),
});
export type VanSheetRow = z.infer<typeof vanSheetRow>;

export type VanPlan = Plan<VanFields, VanFields>;

/** What the rows refer to: stations, sizes, groups, and the vans the file's numbers already name. */
interface VanRefs {
  stations: StationRow[];
  sizes: FleetSizeOption[];
  groups: VanGroupOption[];
  existing: Map<string, StoredVan>;
}

/** One sheet row as checked so far; `reject` adds a problem under a field's column. */
interface CheckedRow {
  row: number;
  cells: Record<string, Cell | undefined>;
  v: VanSheetRow | null;
  rejects: Reject[];
  reject: (field: string, reason: string) => void;
}

const label = (choices: readonly { id: number; label: string }[]) => (v: unknown) =>
  choices.find((c) => c.id === v)?.label ?? display(v);

async function loadRefs(db: Queryable, numbers: string[], lock: boolean): Promise<VanRefs> {
  const [stations, sizes, groups, vans] = await Promise.all([
    loadStations(db),
    fleetSizeOptions(db),
    vanGroupOptions(db),
    vansByNumber(db, numbers, { lock }),
  ]);
  return { stations, sizes, groups, existing: new Map(vans.map((v) => [v.number.toUpperCase(), v])) };
}

/** Station, size and group cells to ids; checked on every row, so a bad row lists all its problems at once. */
function resolveRefs(c: CheckedRow, refs: VanRefs, viewer: Pick<Viewer, "stationIds">) {
  const ids: { stationId?: number; sizeId?: number; groupId?: number } = {};
  const [stationText, sizeText, groupText] = [
    cellText(c.cells.station),
    cellText(c.cells.size),
    cellText(c.cells.van_group),
  ];
  if (stationText !== null) {
    const s = resolveStation(stationText, refs.stations, viewer.stationIds);
    if (s.ok) ids.stationId = s.station.id;
    else c.reject("station", s.reason);
  }
  if (sizeText !== null) {
    const hit = (/^\d+$/.test(sizeText) ? refs.sizes.find((s) => s.id === Number(sizeText)) : undefined) ??
      refs.sizes.find((s) => loose(s.title) === loose(sizeText));
    if (hit) ids.sizeId = hit.id;
    else {c.reject(
        "size",
        `Unknown fleet size '${sizeText}': use ${refs.sizes.map((s) => s.title).join(", ")}`,
      );}
  }
  if (groupText !== null) {
    const hit = refs.groups.find((g) => g.name.trim().toLowerCase() === groupText.toLowerCase());
    if (hit) ids.groupId = hit.id;
    else c.reject("van_group", `Van group '${groupText}' does not exist: add it under Reference data first`);
  }
  return { ...ids, stationGiven: stationText !== null };
}

/** The status and reason after the row: a reason only with Out of Service (2), kept when the row gives none. */
function statusOf(c: CheckedRow, v: VanSheetRow, van: StoredVan | undefined) {
  const status = v.status ?? van?.status ?? 1;
  const keptReason = van && van.status === 2 ? van.statusChangeReason : null;
  const reason = status === 2 ? v.reason ?? keptReason : null;
  if (v.reason !== null && status !== 2) c.reject("reason", "Only an Out of Service (2) van has a reason");
  else if (status === 2 && reason === null) {
    c.reject(
      "reason",
      `Required for Out of Service (2): use ${REASON_CHOICES.map((x) => `${x.id} ${x.label}`).join(", ")}`,
    );
  }
  return { status, reason };
}

/** What the plan shows for a van: its make and model, else its plate. */
const vanLabel = (f: VanFields) => [f.company, f.model].filter(Boolean).join(" ") || f.plateNumber;

/** The row's change to the plan: a new van, an update with its changed columns, or unchanged. */
function planRow(
  plan: VanPlan,
  row: number,
  van: StoredVan | undefined,
  after: VanFields,
  refs: VanRefs,
  headerOf: (field: string) => string,
) {
  const stationTag = (id: unknown) => refs.stations.find((s) => s.id === id)?.tag ?? null;
  if (!van) {
    plan.create.push({
      row,
      key: after.number,
      label: vanLabel(after),
      station: stationTag(after.stationId),
      values: after,
    });
    return;
  }
  const changes = diff<VanFields>(van, after, [
    ["plateNumber", headerOf("plate")],
    ["vin", headerOf("vin")],
    ["fleetSizeId", headerOf("size"), label(refs.sizes.map((s) => ({ id: s.id, label: s.title })))],
    ["vanGroupId", headerOf("van_group"), label(refs.groups.map((g) => ({ id: g.id, label: g.name })))],
    ["stationId", headerOf("station"), stationTag],
    ["ownership", headerOf("ownership"), label(OWNERSHIP_CHOICES)],
    ["monthlyRateCents", headerOf("monthly_rate"), (c) => centsToDollars(c as number | null)],
    ["company", headerOf("company")],
    ["model", headerOf("model")],
    ["status", headerOf("status"), label(VAN_STATUS_CHOICES)],
    ["statusChangeReason", headerOf("reason"), label(REASON_CHOICES)],
  ]);
  if (!changes.length) {
    plan.unchanged += 1;
    return;
  }
  plan.update.push({
    row,
    key: van.number,
    label: vanLabel(after),
    id: van.id,
    values: after,
    changes,
    statusFrom: van.status,
    statusTo: after.status,
    statusChanged: isChange({ status: van.status, reason: van.statusChangeReason }, {
      status: after.status,
      reason: after.statusChangeReason,
    }),
  });
}

/** The van after the row: the row's values where given, else the van's own (or the defaults of a new van). */
function merged(
  v: VanSheetRow,
  van: StoredVan | undefined,
  ids: { stationId?: number; sizeId?: number; groupId?: number },
  next: { status: number; reason: number | null },
): VanFields {
  return {
    number: van?.number ?? v.number,
    plateNumber: v.plate ?? van?.plateNumber ?? "",
    vin: v.vin ?? van?.vin ?? "",
    fleetSizeId: ids.sizeId ?? van?.fleetSizeId ?? null,
    vanGroupId: ids.groupId ?? van?.vanGroupId ?? null,
    stationId: ids.stationId ?? van?.stationId ?? null,
    ownership: v.ownership ?? van?.ownership ?? null,
    monthlyRateCents: v.monthly_rate ?? van?.monthlyRateCents ?? null,
    company: v.company ?? van?.company ?? "",
    model: v.model ?? van?.model ?? "",
    status: next.status,
    statusChangeReason: next.reason,
  };
}

/** What importing these van rows would do for this viewer (see planDas). */
export async function planVans(
  db: Queryable,
  viewer: Pick<Viewer, "stationIds">,
  sheet: Sheet,
  fileName: string,
  opts: { lock?: boolean } = {},
): Promise<VanPlan> {
  const { headerOf, cellsOf, ignored } = mapColumns(sheet, VAN_COLUMNS, fileName);
  const plan: VanPlan = {
    kind: "vans",
    fileName,
    rows: sheet.rows.length,
    create: [],
    update: [],
    unchanged: 0,
    reject: [],
    ignoredColumns: ignored,
  };
  const seen = new FirstSeen();
  const checked = sheet.rows.map((r): CheckedRow => {
    const cells = cellsOf(r);
    const res = validateRow(vanSheetRow, cells, r.row, headerOf);
    const rejects: Reject[] = res.ok ? [] : res.rejects;
    const reject = (field: string, reason: string) =>
      rejects.push({ row: r.row, column: headerOf(field), reason });
    if (res.ok) {
      const first = seen.claim(res.value.number.toUpperCase(), r.row);
      if (first !== null) reject("number", `Van ${res.value.number} is repeated: first on row ${first}`);
    }
    return { row: r.row, cells, v: res.ok && !rejects.length ? res.value : null, rejects, reject };
  });
  const order = VAN_COLUMNS.map((c) => headerOf(c.field));
  const refs = await loadRefs(db, checked.flatMap((c) => (c.v ? [c.v.number] : [])), !!opts.lock);

  for (const c of checked) {
    const ids = resolveRefs(c, refs, viewer);
    if (!c.v) {
      plan.reject.push(...sortRejects(c.rejects, order));
      continue;
    }
    const van = refs.existing.get(c.v.number.toUpperCase());
    if (van && van.stationId !== null && !viewer.stationIds.includes(van.stationId)) {
      c.reject("number", `Van ${van.number} belongs to a station you do not have`);
    }
    if (!van && !ids.stationGiven) c.reject("station", "Required for a new van");
    const next = statusOf(c, c.v, van);
    if (c.rejects.length) plan.reject.push(...sortRejects(c.rejects, order));
    else planRow(plan, c.row, van, merged(c.v, van, ids, next), refs, headerOf);
  }
  return plan;
}
