/** The return counters of a row, in the order the tracker shows them. */
export const RETURN_FIELDS = [
  "uta",
  "utl",
  "nsl",
  "bc",
  "missing",
  "damage",
  "fdd",
  "missort",
  "oc",
  "others",
] as const;
export type ReturnField = (typeof RETURN_FIELDS)[number];

export interface ReturnSummary {
  total: number;
  packages: number;
  /** Two decimals, as a number rounded half away from zero. */
  percentReturns: number;
  percentDelivers: number;
}

const round2 = (n: number) => Math.sign(n) * Math.round(Math.abs(n) * 100 + Number.EPSILON) / 100;

/** 02 "Return summary": total of the ten counters; % of returns = total*100/packages (0 without packages). */
export function returnSummary(
  rows: Partial<Record<ReturnField | "numberOfPackages", number | null>>[],
): ReturnSummary {
  let total = 0;
  let packages = 0;
  for (const r of rows) {
    for (const f of RETURN_FIELDS) total += r[f] ?? 0;
    packages += r.numberOfPackages ?? 0;
  }
  const percentReturns = packages ? round2((total * 100) / packages) : 0;
  return { total, packages, percentReturns, percentDelivers: round2(100 - percentReturns) };
}

/** Standard and flex rows are the routes actually run (the Falcon table counts the same two roles). */
export const ROUTE_ROLES: readonly number[] = [0, 8];

/** The summary card (02): routes, deliveries (sum of packages), DAs (primary plus second), and per role. */
export function shiftSummary(
  rows: {
    role: number;
    numberOfPackages: number | null;
    driverId: number | null;
    secondDriverId: number | null;
  }[],
) {
  const perRole = new Map<number, number>();
  let das = 0;
  let deliveries = 0;
  for (const r of rows) {
    perRole.set(r.role, (perRole.get(r.role) ?? 0) + 1);
    if (r.driverId) das++;
    if (r.secondDriverId) das++;
    deliveries += r.numberOfPackages ?? 0;
  }
  return {
    routes: rows.filter((r) => ROUTE_ROLES.includes(r.role)).length,
    deliveries,
    das,
    perRole: [...perRole].map(([role, count]) => ({ role, count })),
  };
}

/**
 * Statuses Notify would publish: a first or second driver whose status is not yet published. The report
 * query counts the same in SQL; the tracker counts its rows with this so the badge follows each write.
 */
export function unpublishedCount(
  rows: readonly {
    driver: unknown;
    second_driver: unknown;
    is_status_published: boolean;
    is_second_status_published: boolean;
  }[],
): number {
  let n = 0;
  for (const r of rows) {
    if (r.driver && !r.is_status_published) n++;
    if (r.second_driver && !r.is_second_status_published) n++;
  }
  return n;
}

/** Roles that end a row's shift: 7 and 9 (cancelled types) and 10 (rejected). */
export const RELEASING_ROLES: readonly number[] = [7, 9, 10];

/**
 * A cancelled or rejected row (role 7, 9 or 10, or status 2 or 3) holds no van: its van is free again for
 * the day, and what it had stays on the row only as history (issue 10 point 1).
 */
export function isReleasedRow(r: { role: number; daStatus: number }): boolean {
  return RELEASING_ROLES.includes(r.role) || r.daStatus === 2 || r.daStatus === 3;
}
