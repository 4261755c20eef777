// Payroll through the real app on the demo organisation: the owner's rows (hours by the schedule-role
// table, pay half up per row), the xlsx opened cell by cell, the same bytes twice and through the CLI, a
// manager refused on the page and the API, and rows only from the owner's stations.
import assert from "node:assert/strict";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { and, eq, sql } from "drizzle-orm";
import { Client, startTestApp } from "../helpers/app.ts";
import { agencies, stations, stationSpots, users } from "../../lib/org/schema.ts";
import { scheduleReports } from "../../lib/schedule/schema.ts";
import type { PayrollRowDto } from "../../lib/payroll/dto.ts";
import { dsp, dspLogin, show } from "../../cli/testing.ts";

const app = await startTestApp({ engine: "postgres" });
const tmp = Deno.makeTempDirSync({ prefix: "dsp-payroll-" });
globalThis.addEventListener("unload", () => {
  void app.close();
  Deno.removeSync(tmp, { recursive: true });
});
const db = app.db.db;

// 2031-W10 (zero-based 9): 02-03-2031 (Sunday) .. 08-03-2031, far from any demo schedule.
const WEEK = "week=9&year=2031";
const SUN = "2031-03-02", MON = "2031-03-03", TUE = "2031-03-04";

async function station(tag: string): Promise<number> {
  const [s] = await db.select().from(stations).where(eq(stations.tag, tag));
  return s.id;
}

/** `n` active DAs with a spot at the station, by id. */
async function dasAt(stationId: number, n: number): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users)
    .innerJoin(stationSpots, and(eq(stationSpots.userId, users.id), eq(stationSpots.stationId, stationId)))
    .where(and(eq(users.role, 5), eq(users.status, 1))).orderBy(users.id).limit(n);
  return rows.map((r) => r.id);
}

const don9 = await station("DON9");
const dto3 = await station("DTO3");
const [ann, bo] = await dasAt(don9, 2);
const [cy] = (await dasAt(dto3, 5)).filter((id) => id !== ann && id !== bo);
const [agency] = await db.insert(agencies).values({ name: "Payroll Test Agency", payRatePerHourCents: 2500 })
  .returning();
await db.update(users).set({ ratePerHourCents: 1999, firstName: "Aaa", lastName: "Payroll" }).where(
  eq(users.id, ann),
);
await db.update(users).set({ ratePerHourCents: 2000, firstName: "Bbb", lastName: "Payroll", agencyId: null })
  .where(eq(users.id, bo));
await db.update(users).set({ ratePerHourCents: 1500, firstName: "Ccc", lastName: "Payroll" }).where(
  eq(users.id, cy),
);
await db.update(stationSpots).set({ agencyId: agency.id })
  .where(and(eq(stationSpots.userId, ann), eq(stationSpots.stationId, don9)));
await db.update(stationSpots).set({ agencyId: null }).where(sql`${stationSpots.userId} in (${bo}, ${cy})`);
await db.insert(scheduleReports).values([
  { userId: ann, stationId: don9, scheduleDate: SUN, role: 0, roleHours: "4.00", isAvailable: true },
  { userId: ann, stationId: don9, scheduleDate: MON, role: 2, roleHours: "7.25", isAvailable: true },
  { userId: ann, stationId: don9, scheduleDate: TUE, role: 13, helperOfId: bo, isAvailable: true },
  { userId: bo, stationId: don9, scheduleDate: TUE, role: 8, roleHours: "5.50", isAvailable: true },
  { userId: bo, stationId: don9, scheduleDate: MON, role: null, isAvailable: false },
  { userId: cy, stationId: dto3, scheduleDate: SUN, role: 0, isAvailable: true },
]);

async function as(who: string): Promise<Client> {
  const c = new Client(app.url);
  await c.login(`${who}@example.com`);
  return c;
}
const owner = await as("owner");

async function sheet(res: Response) {
  assert.equal(res.status, 200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  return wb.getWorksheet("Payroll")!;
}
const values = (ws: ExcelJS.Worksheet, r: number) =>
  Array.from({ length: ws.columnCount }, (_, i) => ws.getRow(r).getCell(i + 1).value ?? null);

Deno.test("the owner's rows: hours from the role table, a helper's from the helped, pay half up per row", async () => {
  const r = await owner.json(`/api/schedule/get_payroll_reports/?${WEEK}&is_active_offboarded=true`);
  assert.equal(r.status, 200);
  const rows = (r.body.data.dataList as PayrollRowDto[]).filter((x) => [ann, bo, cy].includes(x.user_id));
  const pick = (user: number, date: string) => rows.find((x) => x.user_id === user && x.date === date)!;
  assert.equal(rows.length, 5, "the entry without a role is no payroll row");
  const sun = pick(ann, SUN);
  assert.deepEqual(
    [sun.role_hours, sun.pay_rate, sun.pay, sun.agency, sun.agency_pay, sun.station, sun.role_name],
    ["10.00", "19.99", "199.90", "Payroll Test Agency", "250.00", "DON9", "Standard"],
  );
  assert.deepEqual(
    [pick(ann, MON).role_hours, pick(ann, MON).pay],
    ["7.25", "144.93"],
    "7.25 x 19.99 = 144.9275",
  );
  assert.equal(pick(ann, TUE).role_hours, "5.50", "the helper takes the Flex hours of the person helped");
  assert.deepEqual([pick(bo, TUE).agency, pick(bo, TUE).agency_pay], [null, null]);
  assert.equal(pick(cy, SUN).station, "DTO3");
  const listed = r.body.data.userList.find((u: { id: number }) => u.id === ann);
  assert.ok(listed && listed.username === "Aaa Payroll" && listed.station_spots.length >= 1);
});

Deno.test("a period must be whole: a two-week range starts on a Sunday; a month needs its month", async () => {
  const bad = await owner.json(
    "/api/schedule/get_payroll_reports/?period=two_week&date_from=2031-03-03&date_to=2031-03-16",
  );
  assert.equal(bad.status, 400);
  assert.match(bad.body.detail, /Sunday/);
  const two = await owner.json("/api/schedule/get_payroll_reports/?date_from=2031-03-02&date_to=2031-03-15");
  assert.equal(two.status, 200);
  assert.ok(two.body.data.dataList.some((x: PayrollRowDto) => x.user_id === ann));
  assert.equal((await owner.json("/api/schedule/get_payroll_reports/?period=month&year=2031")).status, 400);
  const month = await owner.json("/api/schedule/get_payroll_reports/?month=3&year=2031");
  assert.equal(
    month.body.data.dataList.filter((x: PayrollRowDto) => [ann, bo, cy].includes(x.user_id)).length,
    5,
  );
});

Deno.test("xlsx By DA: the station's filtered rows, 'Total Hours' per DA, a blank row between, bold, width 20", async () => {
  const res = await owner.fetch(`/api/payroll/export/?${WEEK}&station=DON9&kind=table&view=da&status=1`);
  assert.equal(res.headers.get("content-disposition"), 'attachment; filename="PayrollDON9Week10-2031.xlsx"');
  const ws = await sheet(res);
  assert.deepEqual(values(ws, 1), [
    "DA",
    "Badge",
    "Station",
    "Agency",
    "Date",
    "Role",
    "Number of Hours",
    "Rate per Hour",
    "DA Pay",
    "Agency Pay",
  ]);
  assert.equal(ws.getRow(1).font?.bold, true);
  for (let c = 1; c <= 10; c++) assert.equal(ws.getColumn(c).width, 20);
  const names = Array.from({ length: ws.rowCount - 1 }, (_, i) => ws.getRow(i + 2).getCell(1).value);
  assert.ok(!names.includes("Ccc Payroll"), "DTO3's DA is not in DON9's table");
  const a = names.indexOf("Aaa Payroll");
  assert.deepEqual(values(ws, a + 2).slice(2, 10), [
    "DON9",
    "Payroll Test Agency",
    "02-03-2031",
    "Standard",
    10,
    19.99,
    199.9,
    250,
  ]);
  assert.deepEqual(values(ws, a + 5), [
    "Total Hours",
    null,
    null,
    null,
    null,
    null,
    22.75,
    null,
    454.78,
    568.75,
  ]);
  assert.deepEqual(values(ws, a + 6).filter((v) => v !== null), [], "a blank row after a DA's total");
  assert.equal(ws.getRow(a + 7).getCell(1).value, "Bbb Payroll", "the next DA follows the blank row");
});

Deno.test("xlsx By total and All Shifts: one row per DA, one 'Total Hours' row; same bytes every time", async () => {
  const url = `/api/payroll/export/?${WEEK}&kind=all&view=total&station=DON9&status=5`;
  const res = await owner.fetch(url);
  assert.equal(res.headers.get("content-disposition"), 'attachment; filename="PayrollAllWeek10-2031.xlsx"');
  const bytes = new Uint8Array(await res.clone().arrayBuffer());
  const ws = await sheet(res);
  assert.deepEqual(values(ws, 1), [
    "DA",
    "Badge",
    "Station",
    "Agency",
    "Number of Hours",
    "Rate per Hour",
    "DA Pay",
    "Agency Pay",
  ]);
  const byName = new Map<unknown, unknown[]>();
  for (let r = 2; r <= ws.rowCount; r++) byName.set(ws.getRow(r).getCell(1).value, values(ws, r));
  assert.deepEqual(byName.get("Ccc Payroll")!.slice(4, 7), [10, 15, 150]);
  assert.equal(byName.get("Ccc Payroll")![2], "DTO3");
  const last = values(ws, ws.rowCount);
  assert.equal(last[0], "Total Hours");
  let hours = 0, pay = 0;
  for (let r = 2; r < ws.rowCount; r++) {
    hours += Number(ws.getRow(r).getCell(5).value) * 100;
    pay += Number(ws.getRow(r).getCell(7).value) * 100;
  }
  assert.equal(Math.round(Number(last[4]) * 100), Math.round(hours));
  assert.equal(Math.round(Number(last[6]) * 100), Math.round(pay));
  await new Promise((r) => setTimeout(r, 2100));
  assert.deepEqual(
    new Uint8Array(await (await owner.fetch(url)).arrayBuffer()),
    bytes,
    "deterministic bytes",
  );
});

Deno.test("`dsp payroll export` writes exactly the endpoint's bytes", async () => {
  const creds = join(tmp, "creds.json");
  await dspLogin(app.url, "owner@example.com", creds);
  const out = join(tmp, "p.xlsx");
  const r = await dsp(
    ["payroll", "export", "--week", "10", "--year", "2031", "--station", "DON9", "--view", "da", "-o", out],
    { env: { DSP_CREDENTIALS: creds } },
  );
  assert.equal(r.code, 0, show(r));
  assert.match(r.stdout, /Wrote .*p\.xlsx \(\d+ bytes\)/);
  const page = await owner.fetch(
    `/api/payroll/export/?${WEEK}&station=DON9&kind=table&view=da&status=1&role=all&is_active_offboarded=true`,
  );
  assert.deepEqual(Deno.readFileSync(out), new Uint8Array(await page.arrayBuffer()));
  const month = await dsp(["payroll", "export", "--month", "2031-03", "-o", join(tmp, "m.xlsx")], {
    env: { DSP_CREDENTIALS: creds },
  });
  assert.equal(month.code, 0, show(month));
  const usage = await dsp(["payroll", "export", "--period", "week", "--year", "2031"], {
    env: { DSP_CREDENTIALS: creds },
  });
  assert.equal(usage.code, 2, show(usage));
});

Deno.test("a manager is refused on the page, the API and the export", async () => {
  const m = await as("manager");
  const page = await m.fetch("/payroll");
  assert.equal(page.status, 302);
  assert.equal(page.headers.get("location"), "/");
  assert.equal((await m.fetch(`/api/schedule/get_payroll_reports/?${WEEK}`)).status, 403);
  assert.equal((await m.fetch(`/api/payroll/export/?${WEEK}`)).status, 403);
  assert.equal((await owner.fetch("/payroll")).status, 200);
});

Deno.test("rows and stations only of the owner's own stations", async () => {
  const bad = await owner.json(`/api/payroll/export/?${WEEK}&station=NOPE`);
  assert.equal(bad.status, 400);
  assert.equal(bad.body.code, "payroll.station_not_yours");
  const [me] = await db.select().from(users).where(eq(users.email, "owner@example.com"));
  await db.delete(stationSpots).where(and(eq(stationSpots.userId, me.id), eq(stationSpots.stationId, dto3)));
  const r = await owner.json(`/api/schedule/get_payroll_reports/?${WEEK}`);
  const list = r.body.data.dataList as PayrollRowDto[];
  assert.ok(list.some((x) => x.user_id === ann));
  assert.ok(!list.some((x) => x.station === "DTO3"), "no DTO3 row once the owner has no DTO3 spot");
  assert.equal(
    (await owner.json(`/api/payroll/export/?${WEEK}&station=DTO3`)).body.code,
    "payroll.station_not_yours",
  );
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(scheduleReports);
  assert.ok(n >= 6);
});
