// The week-planning benchmark's organisation (issue 11): one busy station with 200 DAs (rates, two
// agencies with pay rates), a schedule for every day of the month in progress (whole weeks around it:
// availability answers, mostly Standard roles with some Flex, Rescue, Standby and helpers, a dispatcher and
// a supervisor every day), and 300 vans over three stations with monthly rates and this month's invoices.
// Deterministic shapes; bulk inserts (a few seconds on PostgreSQL).
import { sql } from "drizzle-orm";
import type { Queryable } from "../../lib/db/client.ts";
import {
  agencies,
  scheduleReports,
  stations,
  stationSpots,
  users,
  vanActualInvoices,
  vans,
} from "../../lib/db/schema.ts";
import { hashPassword } from "../../lib/auth/password.ts";
import { ensureBuiltInFleetSizes } from "../../lib/vans/built-in.ts";
import { addDays, type IsoDate } from "../../lib/dates/calendar.ts";
import { todayIn } from "../../lib/dates/periods.ts";
import { sundayOf } from "../../lib/dates/weeks.ts";
import { insertJsonRows } from "../../lib/demo/seed/bulk.ts";
import { DemoRng } from "../../lib/demo/seed/random.ts";

export interface WeekPlanningSize {
  das: number;
  vans: number;
}

export interface WeekPlanningFixture {
  password: string;
  owner: { id: number; email: string };
  /** The station with the 200 DAs. */
  stationId: number;
  stationIds: number[];
  today: IsoDate;
  month: number;
  year: number;
  /** Schedule entries and invoices made. */
  entries: number;
  invoices: number;
}

const pad = (n: number) => String(n).padStart(2, "0");

export async function seedWeekPlanning(
  db: Queryable,
  size: WeekPlanningSize = { das: 200, vans: 300 },
  opts: { password?: string; timeZone?: string } = {},
): Promise<WeekPlanningFixture> {
  const r = new DemoRng(20_261_124);
  const token = crypto.randomUUID().replaceAll("-", "").slice(0, 6).toUpperCase();
  const lower = token.toLowerCase();
  const password = opts.password ?? "bench1234";
  const today = todayIn(opts.timeZone);
  const [year, month] = today.split("-").map(Number);
  await ensureBuiltInFleetSizes(db);

  const stationIds = (await db.insert(stations).values(
    [1, 2, 3].map((i) => ({ title: `Planning station ${i}`, tag: `${token}-P${i}` })),
  ).returning({ id: stations.id })).map((s) => s.id);
  const stationId = stationIds[0];
  const [direct, summit] = await db.insert(agencies).values([
    { name: `Direct ${token}`, payRatePerHourCents: null },
    { name: `Summit ${token}`, payRatePerHourCents: 2_675 },
  ]).returning({ id: agencies.id });

  const hash = await hashPassword(password);
  const staffRows = (["owner", "dispatcher", "supervisor"] as const).map((who, i) => ({
    email: `bench.${who}.${lower}@example.com`,
    passwordHash: hash,
    firstName: "Bench",
    lastName: who,
    role: [4, 1, 2][i],
    isStaff: true,
    isSuperuser: who === "owner",
    ratePerHourCents: [null, 2_600, 2_850][i],
    agencyId: direct.id,
  }));
  const staff = await db.insert(users).values(staffRows).returning({ id: users.id, email: users.email });
  const [owner, dispatcher, supervisor] = staff;

  const daRows = Array.from({ length: size.das }, (_, i) => ({
    email: `planning.da.${i}.${lower}@drivers.example.com`,
    firstName: r.pick(["James", "Maria", "Kevin", "Aaliyah", "Omar", "Priya", "Diego", "Mei"]),
    lastName: r.pick(["Smith", "Garcia", "Nguyen", "Okafor", "Patel", "Reyes", "Chen", "Brooks"]),
    role: 5,
    status: i % 25 === 7 ? 5 : 1,
    isActive: i % 25 !== 7,
    badge: String(300_000 + i),
    transporterId: `A${token}${String(i).padStart(7, "0")}`,
    ratePerHourCents: 1_850 + 25 * r.int(0, 18),
    agencyId: r.chance(0.7) ? direct.id : summit.id,
  }));
  const das = await db.insert(users).values(daRows).returning({ id: users.id, agencyId: users.agencyId });
  await db.insert(stationSpots).values([
    ...stationIds.map((s) => ({ userId: owner.id, stationId: s, agencyId: direct.id })),
    { userId: dispatcher.id, stationId, agencyId: direct.id },
    { userId: supervisor.id, stationId, agencyId: direct.id },
    ...das.map((d) => ({ userId: d.id, stationId, agencyId: d.agencyId })),
  ]);

  const entries = schedule(r, {
    stationId,
    from: sundayOf(`${year}-${pad(month)}-01`),
    to: addDays(sundayOf(addDays(`${year}-${pad(month)}-01`, 31)), 6),
    today,
    das: das.map((d) => d.id),
    dispatcherId: dispatcher.id,
    supervisorId: supervisor.id,
    by: owner.id,
  });
  await insertJsonRows(db, scheduleReports, entries);

  const vanRows = Array.from({ length: size.vans }, (_, i) => ({
    number: `${token}-V${String(i + 1).padStart(4, "0")}`,
    plateNumber: `P${token}${i}`.slice(0, 10),
    vin: `${token}${String(i).padStart(11, "0")}`,
    fleetSizeId: r.pick([1, 1, 2, 3, 6]),
    stationId: stationIds[i % 3],
    status: i % 40 === 5 ? 2 : 1,
    ownership: r.pick([1, 2]),
    monthlyRateCents: 105_000 + 500 * r.int(0, 180),
    company: r.pick(["Ford", "Ram", "Mercedes-Benz"]),
    model: r.pick(["Transit 250", "ProMaster 2500", "Sprinter 2500"]),
  }));
  const vanIds = await db.insert(vans).values(vanRows).returning({ id: vans.id });
  const invoices = vanIds.flatMap((v, i) =>
    i % 20 === 3 ? [] : [{
      vanId: v.id,
      month,
      year,
      invoiceCents: Math.round(
        vanRows[i].monthlyRateCents * (r.chance(0.8) ? 1 + (r.float() - 0.5) * 0.06 : 1.12),
      ),
      editedById: owner.id,
      modifiedAt: new Date(),
    }]
  );
  await insertJsonRows(db, vanActualInvoices, invoices);
  await db.execute(sql`vacuum analyze`).catch(() => db.execute(sql`analyze`));
  return {
    password,
    owner,
    stationId,
    stationIds,
    today,
    month,
    year,
    entries: entries.length,
    invoices: invoices.length,
  };
}

interface Plan {
  stationId: number;
  from: IsoDate;
  to: IsoDate;
  today: IsoDate;
  das: number[];
  dispatcherId: number;
  supervisorId: number;
  by: number;
}

/** Every day: ~70 % of DAs on a route (Standard, some Flex), a rescue, a standby, helpers, answers for the rest. */
function schedule(r: DemoRng, p: Plan): (typeof scheduleReports.$inferInsert)[] {
  const out: (typeof scheduleReports.$inferInsert)[] = [];
  const now = new Date();
  for (let date = p.from; date <= p.to; date = addDays(date, 1)) {
    const base = {
      scheduleDate: date,
      stationId: p.stationId,
      createdById: p.by,
      editedById: p.by,
      createdAt: now,
      modifiedAt: now,
    };
    const published = date <= addDays(p.today, 1);
    const pool = r.shuffle([...p.das]);
    pool.forEach((userId, i) => {
      const x = r.float();
      const assigned = x < 0.72;
      const role = !assigned
        ? null
        : i === 0
        ? 12
        : i < 3
        ? 13
        : i < 5
        ? 2
        : i < 7
        ? 3
        : r.chance(0.1)
        ? 8
        : 0;
      const hours = role === null
        ? "0.00"
        : role === 0 || role === 13
        ? "10.00"
        : role === 3
        ? "3.00"
        : role === 8
        ? "9.00"
        : "6.00";
      out.push({
        ...base,
        userId,
        role,
        roleHours: hours,
        isAvailable: assigned || x < 0.9,
        isPublished: assigned && published,
        shiftStartTime: assigned || x < 0.9 ? "09:00" : null,
        // Helpers help the last DAs of the pool, who are Standard or Flex unless unassigned (then none).
        helperOfId: role === 13 ? pool[pool.length - i] : null,
      });
    });
    out.push(
      {
        ...base,
        userId: p.dispatcherId,
        role: 9,
        roleHours: "12.00",
        isAvailable: true,
        isPublished: published,
        shiftStartTime: "07:00",
      },
      {
        ...base,
        userId: p.supervisorId,
        role: 10,
        roleHours: "8.00",
        isAvailable: true,
        isPublished: published,
        shiftStartTime: "08:00",
      },
    );
  }
  return out;
}
