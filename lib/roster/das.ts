// The DA roster: columns, per-row validation and the plan (create / update / unchanged / reject). The
// key is the transporter id. A DA is a users row of role 5 without a password, with one station spot.
import type { Queryable } from "../db/client.ts";
import { agencies } from "../org/schema.ts";
import { Role, roleName } from "../auth/roles.ts";
import { DA_STATUSES } from "../das/inputs.ts";
import type { Viewer } from "../users/current-user.ts";
import { formatDate } from "../dates/format.ts";
import type { Sheet } from "./parse.ts";
import { cellText } from "./cells.ts";
import { DA_COLUMNS, type DaPlan, daRow, type DaUpdateValues, type DaValues } from "./das-row.ts";
import { loadEmailOwners, loadExisting, spotFor } from "./das-lookup.ts";
import {
  type Change,
  diff,
  FirstSeen,
  loadStations,
  mapColumns,
  type Reject,
  resolveStation,
  sortRejects,
  validateRow,
} from "./plan.ts";

const statusName = (v: unknown) =>
  DA_STATUSES.find((s) => s.id === v)?.label ?? (v == null ? null : String(v));

/**
 * What importing these rows would do for this viewer. Reads only; `lock` (inside the commit's transaction)
 * locks the existing DAs so that nothing changes them between this plan and the writes.
 */
export async function planDas(
  db: Queryable,
  viewer: Pick<Viewer, "stationIds">,
  sheet: Sheet,
  fileName: string,
  opts: { lock?: boolean } = {},
): Promise<DaPlan> {
  const { headerOf, cellsOf, ignored } = mapColumns(sheet, DA_COLUMNS, fileName);
  const plan: DaPlan = {
    kind: "das",
    fileName,
    rows: sheet.rows.length,
    create: [],
    update: [],
    unchanged: 0,
    reject: [],
    ignoredColumns: ignored,
  };
  const tids = new FirstSeen(), emails = new FirstSeen();
  const checked = sheet.rows.map((r) => {
    const cells = cellsOf(r);
    const res = validateRow(daRow, cells, r.row, headerOf);
    const rejects: Reject[] = res.ok ? [] : res.rejects;
    const reject = (field: string | null, reason: string) =>
      rejects.push({ row: r.row, column: field ? headerOf(field) : null, reason });
    if (res.ok) {
      const v = res.value;
      const firstTid = tids.claim(v.transporter_id, r.row);
      if (firstTid !== null) {
        reject("transporter_id", `Transporter ID ${v.transporter_id} is repeated: first on row ${firstTid}`);
      }
      const firstEmail = v.email && firstTid === null ? emails.claim(v.email, r.row) : null;
      if (firstEmail !== null) reject("email", `${v.email} is repeated: first on row ${firstEmail}`);
    }
    return { row: r.row, cells, v: res.ok && !rejects.length ? res.value : null, rejects, reject };
  });
  const valid = checked.flatMap((c) => (c.v ? [c.v] : []));
  const order = DA_COLUMNS.map((c) => headerOf(c.field));

  const [allStations, allAgencies, existing, emailOwners] = await Promise.all([
    loadStations(db),
    db.select({ id: agencies.id, name: agencies.name }).from(agencies),
    loadExisting(db, valid.map((v) => v.transporter_id), !!opts.lock),
    loadEmailOwners(db, valid.flatMap((v) => (v.email ? [v.email] : []))),
  ]);
  const agencyByName = new Map(allAgencies.map((a) => [a.name.trim().toLowerCase(), a]));
  const agencyName = (id: unknown) => allAgencies.find((a) => a.id === id)?.name ?? null;
  const stationTag = (id: unknown) => allStations.find((s) => s.id === id)?.tag ?? null;
  const mine = (stationId: number) => viewer.stationIds.includes(stationId);

  for (const { row, cells, v, rejects, reject } of checked) {
    // Station and agency are checked on every row, so a bad row lists all its problems at once.
    let stationId: number | null = null;
    const stationText = cellText(cells.station);
    if (stationText !== null) {
      const s = resolveStation(stationText, allStations, viewer.stationIds);
      if (s.ok) stationId = s.station.id;
      else reject("station", s.reason);
    }
    let agencyId: number | null | undefined = undefined;
    const agencyText = cellText(cells.agency);
    if (agencyText !== null) {
      const a = agencyByName.get(agencyText.toLowerCase());
      if (a) agencyId = a.id;
      else reject("agency", `Agency '${agencyText}' does not exist: add it under Reference data first`);
    }
    if (!v) {
      plan.reject.push(...sortRejects(rejects, order));
      continue;
    }
    const da = existing.get(v.transporter_id);
    if (da && da.role !== Role.Driver) {
      reject(
        "transporter_id",
        `Transporter ID ${v.transporter_id} belongs to a ${roleName(da.role)} account, not a DA`,
      );
    } else if (da && da.spots.length && !da.spots.some((s) => mine(s.stationId))) {
      reject("transporter_id", `DA ${v.transporter_id} belongs to a station you do not have`);
    }
    const owner = v.email ? emailOwners.get(v.email) : undefined;
    if (owner && owner.id !== da?.id) {
      reject(
        "email",
        `${v.email} is used by another user${
          owner.transporterId ? ` (transporter id ${owner.transporterId})` : ""
        }`,
      );
    }
    if (!da) {
      for (const f of ["first_name", "last_name", "email", "station"] as const) {
        if (v[f] === null) reject(f, "Required for a new DA");
      }
    }
    if (rejects.length) {
      plan.reject.push(...sortRejects(rejects, order));
      continue;
    }

    if (!da) {
      plan.create.push({
        row,
        key: v.transporter_id,
        label: `${v.first_name} ${v.last_name}`,
        station: stationTag(stationId),
        values: {
          firstName: v.first_name!,
          lastName: v.last_name!,
          email: v.email!,
          mobileNumber: v.phone,
          transporterId: v.transporter_id,
          badge: v.badge,
          driverLicense: v.driver_license,
          driverLicenseExpiry: v.license_expiry,
          status: v.status ?? 1,
          agencyId: agencyId ?? null,
          stationId,
        },
      });
      continue;
    }

    // An update: a blank cell keeps what is there; only given values change.
    const after: DaUpdateValues = {
      firstName: v.first_name ?? da.firstName,
      lastName: v.last_name ?? da.lastName,
      email: v.email ?? da.email,
      mobileNumber: v.phone ?? da.mobileNumber,
      transporterId: da.transporterId,
      badge: v.badge ?? da.badge,
      driverLicense: v.driver_license ?? da.driverLicense,
      driverLicenseExpiry: v.license_expiry ?? da.driverLicenseExpiry,
      status: v.status ?? da.status,
      agencyId: agencyId === undefined ? da.agencyId : agencyId,
      stationId: null,
    };
    const changes: Change[] = diff(da as DaValues, after, [
      ["firstName", headerOf("first_name")],
      ["lastName", headerOf("last_name")],
      ["email", headerOf("email")],
      ["mobileNumber", headerOf("phone")],
      ["badge", headerOf("badge")],
      ["driverLicense", headerOf("driver_license")],
      ["driverLicenseExpiry", headerOf("license_expiry"), (d) => (d ? formatDate(d as string) : null)],
      ["status", headerOf("status"), statusName],
    ]);
    const spotChange = spotFor(da, stationId, agencyId, mine);
    if (spotChange === "no-station") {
      plan.reject.push({ row, column: headerOf("station"), reason: "Required: the DA has no station yet" });
      continue;
    }
    if (spotChange) {
      after.spot = spotChange.spot;
      if (spotChange.fromStation !== spotChange.spot.stationId) {
        changes.push({
          column: headerOf("station"),
          from: stationTag(spotChange.fromStation),
          to: stationTag(spotChange.spot.stationId),
        });
      }
    }
    if (
      (da.agencyId ?? null) !== (after.agencyId ?? null) ||
      (spotChange && spotChange.fromAgency !== spotChange.spot.agencyId)
    ) {
      changes.push({
        column: headerOf("agency"),
        from: agencyName(spotChange ? spotChange.fromAgency : da.agencyId),
        to: agencyName(after.agencyId),
      });
    }
    if (!changes.length) {
      plan.unchanged += 1;
      continue;
    }
    plan.update.push({
      row,
      key: da.transporterId,
      label: `${after.firstName} ${after.lastName}`,
      id: da.id,
      values: after,
      changes,
      statusFrom: da.status,
      statusTo: after.status,
      statusChanged: da.status !== after.status,
    });
  }
  return plan;
}

export { DA_COLUMNS, daRow, TRANSPORTER_ID } from "./das-row.ts";
export type { DaPlan, DaRow, DaUpdateValues, DaValues } from "./das-row.ts";
