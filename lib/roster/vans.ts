// The van roster: columns, per-row validation and the plan. The key is the van number.
import { z } from "zod";
import { asc, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { fleetSizes, vanGroups, vans } from "../org/schema.ts";
import type { Viewer } from "../users/current-user.ts";
import { isChange, OOS_REASON_LABELS, OOS_REASONS, VAN_STATUS_LABELS, VAN_STATUSES } from "../vans/policy.ts";
import { centsToDecimal } from "../users/current-user.ts";
import type { Cell, Sheet } from "./parse.ts";
import { cellText, centsCell, choiceCell, loose, textCell } from "./cells.ts";
import {
  type Column,
  diff,
  display,
  FirstSeen,
  jsonList,
  loadStations,
  mapColumns,
  type Plan,
  type Reject,
  resolveStation,
  sortRejects,
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
export const OWNERSHIP_CHOICES = [{ id: 1, label: "Rental" }, { id: 2, label: "Owned" }];
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
  if (s === null || /^[A-HJ-NPR-Z0-9]{17}$/.test(s)) return s;
  ctx.addIssue({ code: "custom", message: `Not a VIN (${s}): 17 letters and digits, without I, O or Q` });
  return z.NEVER;
});

export const vanRow = z.object({
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
export type VanRow = z.infer<typeof vanRow>;

export interface VanValues {
  number: string;
  plateNumber: string;
  vin: string;
  fleetSizeId: number | null;
  vanGroupId: number | null;
  stationId: number | null;
  ownership: number | null;
  monthlyRateCents: number | null;
  company: string;
  model: string;
  status: number;
  statusChangeReason: number | null;
}

export type VanPlan = Plan<VanValues, VanValues>;

async function loadExisting(db: Queryable, numbers: string[], lock: boolean) {
  if (!numbers.length) return new Map<string, VanValues & { id: number }>();
  const q = db.select({
    id: vans.id,
    number: vans.number,
    plateNumber: vans.plateNumber,
    vin: vans.vin,
    fleetSizeId: vans.fleetSizeId,
    vanGroupId: vans.vanGroupId,
    stationId: vans.stationId,
    ownership: vans.ownership,
    monthlyRateCents: vans.monthlyRateCents,
    company: vans.company,
    model: vans.model,
    status: vans.status,
    statusChangeReason: vans.statusChangeReason,
  }).from(vans).where(sql`upper(${vans.number}) in ${jsonList(numbers.map((n) => n.toUpperCase()))}`).orderBy(
    asc(vans.id),
  );
  const rows = lock ? await q.for("update") : await q;
  return new Map(rows.map((r) => [r.number.toUpperCase(), r]));
}

const label = (choices: readonly { id: number; label: string }[]) => (v: unknown) =>
  choices.find((c) => c.id === v)?.label ?? display(v);

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
  const checked = sheet.rows.map((r) => {
    const cells = cellsOf(r);
    const res = validateRow(vanRow, cells, r.row, headerOf);
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

  const [allStations, sizes, groups, existing] = await Promise.all([
    loadStations(db),
    db.select({ id: fleetSizes.id, title: fleetSizes.title }).from(fleetSizes),
    db.select({ id: vanGroups.id, name: vanGroups.name }).from(vanGroups),
    loadExisting(db, checked.flatMap((c) => (c.v ? [c.v.number] : [])), !!opts.lock),
  ]);
  const sizeTitle = label(sizes.map((s) => ({ id: s.id, label: s.title })));
  const groupName = label(groups.map((g) => ({ id: g.id, label: g.name })));
  const stationTag = (id: unknown) => allStations.find((s) => s.id === id)?.tag ?? null;

  for (const { row, cells, v, rejects, reject } of checked) {
    // References are checked on every row, so a bad row lists all its problems at once.
    let stationId: number | undefined, sizeId: number | undefined, groupId: number | undefined;
    const stationText = cellText(cells.station),
      sizeText = cellText(cells.size),
      groupText = cellText(cells.van_group);
    if (stationText !== null) {
      const s = resolveStation(stationText, allStations, viewer.stationIds);
      if (s.ok) stationId = s.station.id;
      else reject("station", s.reason);
    }
    if (sizeText !== null) {
      const hit = (/^\d+$/.test(sizeText) ? sizes.find((s) => s.id === Number(sizeText)) : undefined) ??
        sizes.find((s) => loose(s.title) === loose(sizeText));
      if (hit) sizeId = hit.id;
      else reject("size", `Unknown fleet size '${sizeText}': use ${sizes.map((s) => s.title).join(", ")}`);
    }
    if (groupText !== null) {
      const hit = groups.find((g) => g.name.trim().toLowerCase() === groupText.toLowerCase());
      if (hit) groupId = hit.id;
      else reject("van_group", `Van group '${groupText}' does not exist: add it under Reference data first`);
    }
    if (!v) {
      plan.reject.push(...sortRejects(rejects, order));
      continue;
    }
    const van = existing.get(v.number.toUpperCase());
    if (van && van.stationId !== null && !viewer.stationIds.includes(van.stationId)) {
      reject("number", `Van ${van.number} belongs to a station you do not have`);
    }
    if (!van && stationText === null) reject("station", "Required for a new van");

    const status = v.status ?? van?.status ?? 1;
    const keptReason = van && van.status === 2 ? van.statusChangeReason : null;
    const reason = status === 2 ? v.reason ?? keptReason : null;
    if (v.reason !== null && status !== 2) reject("reason", "Only an Out of Service (2) van has a reason");
    else if (status === 2 && reason === null) {
      reject(
        "reason",
        `Required for Out of Service (2): use ${REASON_CHOICES.map((c) => `${c.id} ${c.label}`).join(", ")}`,
      );
    }
    if (rejects.length) {
      plan.reject.push(...sortRejects(rejects, order));
      continue;
    }

    const after: VanValues = {
      number: van?.number ?? v.number,
      plateNumber: v.plate ?? van?.plateNumber ?? "",
      vin: v.vin ?? van?.vin ?? "",
      fleetSizeId: sizeId ?? van?.fleetSizeId ?? null,
      vanGroupId: groupId ?? van?.vanGroupId ?? null,
      stationId: stationId ?? van?.stationId ?? null,
      ownership: v.ownership ?? van?.ownership ?? null,
      monthlyRateCents: v.monthly_rate ?? van?.monthlyRateCents ?? null,
      company: v.company ?? van?.company ?? "",
      model: v.model ?? van?.model ?? "",
      status,
      statusChangeReason: reason,
    };
    if (!van) {
      const name = [after.company, after.model].filter(Boolean).join(" ") || after.plateNumber;
      plan.create.push({
        row,
        key: after.number,
        label: name,
        station: stationTag(after.stationId),
        values: after,
      });
      continue;
    }
    const changes = diff(van as VanValues, after, [
      ["plateNumber", headerOf("plate")],
      ["vin", headerOf("vin")],
      ["fleetSizeId", headerOf("size"), sizeTitle],
      ["vanGroupId", headerOf("van_group"), groupName],
      ["stationId", headerOf("station"), stationTag],
      ["ownership", headerOf("ownership"), label(OWNERSHIP_CHOICES)],
      ["monthlyRateCents", headerOf("monthly_rate"), (c) => centsToDecimal(c as number | null)],
      ["company", headerOf("company")],
      ["model", headerOf("model")],
      ["status", headerOf("status"), label(VAN_STATUS_CHOICES)],
      ["statusChangeReason", headerOf("reason"), label(REASON_CHOICES)],
    ]);
    if (!changes.length) {
      plan.unchanged += 1;
      continue;
    }
    plan.update.push({
      row,
      key: van.number,
      label: [after.company, after.model].filter(Boolean).join(" ") || after.plateNumber,
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
  return plan;
}
