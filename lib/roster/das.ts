// The DA roster: columns, per-row validation and the plan (create / update / unchanged / reject). The
// key is the transporter id. A DA is a users row of role 5 without a password, with one station spot.
import type { Queryable } from "../db/client.ts";
import { agencies } from "../org/schema.ts";
import { Role, roleName } from "../auth/roles.ts";
import { DA_STATUSES } from "../das/inputs.ts";
import type { Viewer } from "../users/current-user.ts";
import { formatDate } from "../dates/format.ts";
import type { Sheet } from "./parse.ts";
import { type Cell, cellText } from "../sheets/cells.ts";
import { DA_COLUMNS, type DaPlan, type DaRow, daRow, type DaUpdateValues, type DaValues } from "./das-row.ts";
import { type ExistingDa, loadEmailOwners, loadExisting, spotFor } from "./das-lookup.ts";
import {
  type Change,
  diff,
  FirstSeen,
  loadStations,
  mapColumns,
  type PlannedCreate,
  type PlannedUpdate,
  type Reject,
  resolveStation,
  sortRejects,
  validateRow,
} from "./plan.ts";

const statusName = (v: unknown) =>
  DA_STATUSES.find((s) => s.id === v)?.label ?? (v == null ? null : String(v));

type PlanViewer = Pick<Viewer, "stationIds">;
type Columns = ReturnType<typeof mapColumns>;

interface CheckedRow {
  row: number;
  cells: Record<string, Cell | undefined>;
  /** The row's values when the schema and the in-file rules accept it. */
  v: DaRow | null;
  rejects: Reject[];
  reject: (field: string | null, reason: string) => void;
}

/** Each row through the row schema, then the in-file duplicate rule (transporter id, then e-mail). */
function checkRows(sheet: Sheet, { headerOf, cellsOf }: Columns): CheckedRow[] {
  const tids = new FirstSeen(), emails = new FirstSeen();
  return sheet.rows.map((r) => {
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
}

/** What the rows are checked against: stations, agencies, the DAs the file names, who owns its addresses. */
async function loadRegister(db: Queryable, valid: DaRow[], lock: boolean) {
  const [stations, agencyRows, existing, emailOwners] = await Promise.all([
    loadStations(db),
    db.select({ id: agencies.id, name: agencies.name }).from(agencies),
    loadExisting(db, valid.map((v) => v.transporter_id), lock),
    loadEmailOwners(db, valid.flatMap((v) => (v.email ? [v.email] : []))),
  ]);
  return {
    stations,
    existing,
    emailOwners,
    agencyByName: new Map(agencyRows.map((a) => [a.name.trim().toLowerCase(), a])),
    agencyName: (id: unknown) => agencyRows.find((a) => a.id === id)?.name ?? null,
    stationTag: (id: unknown) => stations.find((s) => s.id === id)?.tag ?? null,
  };
}
type Register = Awaited<ReturnType<typeof loadRegister>>;

/**
 * The row's Station and Agency cells. They are checked on every row, so a bad row lists all its problems
 * at once. `agencyId` undefined means "not given" (an update keeps the DA's agency).
 */
function resolveRefs(c: CheckedRow, reg: Register, viewer: PlanViewer) {
  let stationId: number | null = null;
  const stationText = cellText(c.cells.station);
  if (stationText !== null) {
    const s = resolveStation(stationText, reg.stations, viewer.stationIds);
    if (s.ok) stationId = s.station.id;
    else c.reject("station", s.reason);
  }
  let agencyId: number | null | undefined = undefined;
  const agencyText = cellText(c.cells.agency);
  if (agencyText !== null) {
    const a = reg.agencyByName.get(agencyText.toLowerCase());
    if (a) agencyId = a.id;
    else c.reject("agency", `Agency '${agencyText}' does not exist: add it under Reference data first`);
  }
  return { stationId, agencyId };
}

/** A valid row against the register: who holds the id now, who owns the address, what a new DA needs. */
function checkAgainstRegister(c: CheckedRow, v: DaRow, reg: Register, viewer: PlanViewer) {
  const da = reg.existing.get(v.transporter_id);
  if (da && da.role !== Role.Driver) {
    c.reject(
      "transporter_id",
      `Transporter ID ${v.transporter_id} belongs to a ${roleName(da.role)} account, not a DA`,
    );
  } else if (da && da.spots.length && !da.spots.some((s) => viewer.stationIds.includes(s.stationId))) {
    c.reject("transporter_id", `DA ${v.transporter_id} belongs to a station you do not have`);
  }
  const owner = v.email ? reg.emailOwners.get(v.email) : undefined;
  if (owner && owner.id !== da?.id) {
    c.reject(
      "email",
      `${v.email} is used by another user${
        owner.transporterId ? ` (transporter id ${owner.transporterId})` : ""
      }`,
    );
  }
  if (!da) {
    for (const f of ["first_name", "last_name", "email", "station"] as const) {
      if (v[f] === null) c.reject(f, "Required for a new DA");
    }
  }
  return da;
}

function plannedCreate(
  row: number,
  v: DaRow,
  stationId: number | null,
  agencyId: number | null | undefined,
  reg: Register,
): PlannedCreate<DaValues> {
  return {
    row,
    key: v.transporter_id,
    label: `${v.first_name} ${v.last_name}`,
    station: reg.stationTag(stationId),
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
  };
}

/** An update: a blank cell keeps what is there; only given values change. */
function updatedValues(v: DaRow, da: ExistingDa, agencyId: number | null | undefined): DaUpdateValues {
  return {
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
}

/**
 * The update of an existing DA with what changes (its station spot included), null when nothing does, or
 * the reject of a row that names no station for a DA who has none yet.
 */
function plannedUpdate(
  row: number,
  v: DaRow,
  da: ExistingDa,
  refs: { stationId: number | null; agencyId: number | null | undefined },
  reg: Register,
  viewer: PlanViewer,
  headerOf: (field: string) => string,
): PlannedUpdate<DaUpdateValues> | Reject | null {
  const after = updatedValues(v, da, refs.agencyId);
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
  const spotChange = spotFor(da, refs.stationId, refs.agencyId, (id) => viewer.stationIds.includes(id));
  if (spotChange === "no-station") {
    return { row, column: headerOf("station"), reason: "Required: the DA has no station yet" };
  }
  if (spotChange) {
    after.spot = spotChange.spot;
    if (spotChange.fromStation !== spotChange.spot.stationId) {
      changes.push({
        column: headerOf("station"),
        from: reg.stationTag(spotChange.fromStation),
        to: reg.stationTag(spotChange.spot.stationId),
      });
    }
  }
  if (
    (da.agencyId ?? null) !== (after.agencyId ?? null) ||
    (spotChange && spotChange.fromAgency !== spotChange.spot.agencyId)
  ) {
    changes.push({
      column: headerOf("agency"),
      from: reg.agencyName(spotChange ? spotChange.fromAgency : da.agencyId),
      to: reg.agencyName(after.agencyId),
    });
  }
  if (!changes.length) return null;
  return {
    row,
    key: da.transporterId,
    label: `${after.firstName} ${after.lastName}`,
    id: da.id,
    values: after,
    changes,
    statusFrom: da.status,
    statusTo: after.status,
    statusChanged: da.status !== after.status,
  };
}

/**
 * What importing these rows would do for this viewer. Reads only; `lock` (inside the commit's transaction)
 * locks the existing DAs so that nothing changes them between this plan and the writes.
 */
export async function planDas(
  db: Queryable,
  viewer: PlanViewer,
  sheet: Sheet,
  fileName: string,
  opts: { lock?: boolean } = {},
): Promise<DaPlan> {
  const columns = mapColumns(sheet, DA_COLUMNS, fileName);
  const { headerOf } = columns;
  const plan: DaPlan = {
    kind: "das",
    fileName,
    rows: sheet.rows.length,
    create: [],
    update: [],
    unchanged: 0,
    reject: [],
    ignoredColumns: columns.ignored,
  };
  const checked = checkRows(sheet, columns);
  const reg = await loadRegister(db, checked.flatMap((c) => (c.v ? [c.v] : [])), !!opts.lock);
  const order = DA_COLUMNS.map((c) => headerOf(c.field));
  for (const c of checked) {
    const refs = resolveRefs(c, reg, viewer);
    const da = c.v ? checkAgainstRegister(c, c.v, reg, viewer) : undefined;
    if (!c.v || c.rejects.length) plan.reject.push(...sortRejects(c.rejects, order));
    else if (!da) plan.create.push(plannedCreate(c.row, c.v, refs.stationId, refs.agencyId, reg));
    else {
      const update = plannedUpdate(c.row, c.v, da, refs, reg, viewer, headerOf);
      if (update === null) plan.unchanged += 1;
      else if ("id" in update) plan.update.push(update);
      else plan.reject.push(update);
    }
  }
  return plan;
}

export { DA_COLUMNS, daRow, TRANSPORTER_ID } from "./das-row.ts";
export type { DaPlan, DaRow, DaUpdateValues, DaValues } from "./das-row.ts";
