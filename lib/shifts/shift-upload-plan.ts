// The pure half of the routes-file upload: which DA each file row names, and which tracker row it fills.
// No database here, so every matching and placement rule has a unit test (shift-upload-plan.test.ts).
import { statusLabel } from "../das/inputs.ts";
import type { RowNote, ShiftFileRow } from "./shift-xlsx.ts";

export interface StationDa {
  id: number;
  firstName: string;
  lastName: string;
  transporterId: string | null;
  /** DA status (1 Active). */
  status: number;
}

export interface MatchedRow {
  file: ShiftFileRow;
  driverId: number;
  driverName: string;
}

/** A name compared loosely: accents, case, punctuation and spacing do not matter; 'Cruz, Ana' is 'Ana Cruz'. */
export function nameKey(name: string): string {
  const flipped = /^([^,]+),([^,]+)$/.exec(name);
  const s = flipped ? `${flipped[2]} ${flipped[1]}` : name;
  return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();
}

const fullName = (d: StationDa) => `${d.firstName} ${d.lastName}`.replace(/\s+/g, " ").trim();

/**
 * Each file row's DA among the station's DAs: by Transporter ID when the row has one (the key Amazon's
 * files use), else by full name. Only active DAs (status 1) can be placed; a name shared by two active
 * DAs is ambiguous; a DA named on two rows of the file keeps the first.
 */
export function matchDas(rows: readonly ShiftFileRow[], das: readonly StationDa[], stationTag: string) {
  const byTid = new Map<string, StationDa>();
  const byName = new Map<string, StationDa[]>();
  for (const d of das) {
    if (d.transporterId) byTid.set(d.transporterId.toUpperCase(), d);
    const k = nameKey(fullName(d));
    byName.set(k, [...(byName.get(k) ?? []), d]);
  }
  const matched: MatchedRow[] = [];
  const unmatched: RowNote[] = [];
  const seen = new Map<number, ShiftFileRow>();
  for (const r of rows) {
    const miss = (reason: string) => unmatched.push({ row: r.row, reason: `Route ${r.route}: ${reason}` });
    let da: StationDa | undefined;
    if (r.transporterId) {
      da = byTid.get(r.transporterId);
      if (!da) {
        miss(`no DA of ${stationTag} has the Transporter ID ${r.transporterId}.`);
        continue;
      }
    } else if (r.driverName) {
      const all = byName.get(nameKey(r.driverName)) ?? [];
      const active = all.filter((d) => d.status === 1);
      if (active.length > 1) {
        miss(
          `${active.length} active DAs of ${stationTag} are named ${r.driverName}; add their Transporter ID to the file.`,
        );
        continue;
      }
      da = active[0] ?? all[0];
      if (!da) {
        miss(`no DA of ${stationTag} is named ${r.driverName}.`);
        continue;
      }
    } else {
      miss("no Driver Name or Transporter ID.");
      continue;
    }
    if (da.status !== 1) {
      miss(`${fullName(da)} is not an active DA (${statusLabel(da.status)}).`);
      continue;
    }
    const first = seen.get(da.id);
    if (first) {
      miss(`${fullName(da)} is also on route ${first.route} (row ${first.row}) of the file.`);
      continue;
    }
    seen.set(da.id, r);
    matched.push({ file: r, driverId: da.id, driverName: fullName(da) });
  }
  return { matched, unmatched };
}

/** A row of the report as the placement reads it, in the tracker's order. */
export interface PlanRecord {
  id: number;
  route: string | null;
  driverId: number | null;
  secondDriverId: number | null;
  /** Why the row refuses changes ('This row is locked: ...'), or null. */
  locked: string | null;
}

export interface PlanOp {
  match: MatchedRow;
  /** The row to write, or null for a new row at the end of the report. */
  recordId: number | null;
}

const routeKey = (r: string | null) => (r ?? "").trim().toUpperCase();

type Note = (m: MatchedRow, reason: string) => void;

/**
 * The row each file row goes to: the row that already has its route (none when that row is locked), else a
 * row that has the DA but no route yet, else the first blank row (no DA, no route), else null (a new row).
 */
function targets(
  matched: readonly MatchedRow[],
  records: readonly PlanRecord[],
  position: Map<number, number>,
  note: Note,
): Map<MatchedRow, number | null> {
  const taken = new Set<number>();
  const target = new Map<MatchedRow, number | null>();
  const byRoute = new Map(records.filter((r) => r.route).map((r) => [routeKey(r.route), r]));
  let open: MatchedRow[] = [];
  for (const m of matched) {
    const rec = byRoute.get(routeKey(m.file.route));
    if (!rec) open.push(m);
    else if (rec.locked) {
      const why = rec.locked.replace(/^This row is locked: /, "");
      note(m, `row ${position.get(rec.id)} has this route and is locked: ${why}`);
    } else {
      target.set(m, rec.id);
      taken.add(rec.id);
    }
  }
  const free = (pred: (r: PlanRecord) => boolean) =>
    records.find((r) => !taken.has(r.id) && !r.locked && pred(r));
  const passes = [
    (m: MatchedRow) => (r: PlanRecord) => r.driverId === m.driverId && !r.route,
    () => (r: PlanRecord) => !r.driverId && !r.route,
  ];
  for (const pass of passes) {
    const rest: MatchedRow[] = [];
    for (const m of open) {
      const rec = free(pass(m));
      if (!rec) rest.push(m);
      else {
        target.set(m, rec.id);
        taken.add(rec.id);
      }
    }
    open = rest;
  }
  for (const m of open) target.set(m, null);
  return target;
}

/**
 * A DA may not end up on two rows: a DA who stays on a row the file does not touch (as DA or DA 2) makes
 * the file row unmatched, repeated until stable (dropping one placement can keep another DA where they were).
 */
function dropClashes(
  target: Map<MatchedRow, number | null>,
  records: readonly PlanRecord[],
  position: Map<number, number>,
  note: Note,
) {
  for (let changed = true; changed;) {
    changed = false;
    const targeted = new Set([...target.values()].filter((id): id is number => id !== null));
    for (const [m, recordId] of target) {
      const clash = records.find((r) =>
        (r.secondDriverId === m.driverId) ||
        (r.driverId === m.driverId && r.id !== recordId && !targeted.has(r.id))
      );
      if (!clash) continue;
      const route = clash.route ? ` (route ${clash.route})` : "";
      const as = clash.secondDriverId === m.driverId ? " as DA 2" : "";
      note(
        m,
        `${m.driverName} is already on row ${
          position.get(clash.id)
        }${route} of this report${as}; change that row first.`,
      );
      target.delete(m);
      changed = true;
      break;
    }
  }
}

/** Where each matched file row goes (targets), without putting a DA on two rows (dropClashes). */
export function placeRows(matched: readonly MatchedRow[], records: readonly PlanRecord[]) {
  const unmatched: RowNote[] = [];
  const position = new Map(records.map((r, i) => [r.id, i + 1]));
  const note: Note = (m, reason) =>
    unmatched.push({ row: m.file.row, reason: `Route ${m.file.route}: ${reason}` });
  const target = targets(matched, records, position, note);
  dropClashes(target, records, position, note);
  const ops: PlanOp[] = matched.filter((m) => target.has(m)).map((m) => ({
    match: m,
    recordId: target.get(m)!,
  }));
  return { ops, unmatched };
}
