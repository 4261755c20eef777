// Fleet register exports and lookups through the real app on the demo organisation: the current filters,
// the dated file name, formula-safe cells, station scoping.
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { and, eq, sql } from "drizzle-orm";
import { Client, startTestApp } from "../helpers/app.ts";
import { vans } from "../../lib/org/schema.ts";
import { formatDateInZone } from "../../lib/dates/format.ts";
import { getTimeZone } from "../../lib/settings/queries.ts";
import type { VanGroupOption } from "../../lib/vans/dto.ts";

const app = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;

async function as(who: "dispatcher" | "owner"): Promise<Client> {
  const c = new Client(app.url);
  await c.login(`${who}@example.com`);
  return c;
}

async function vansOf(stationId: number): Promise<number[]> {
  const rows = await db.select({ id: vans.id }).from(vans)
    .where(and(eq(vans.stationId, stationId), eq(vans.status, 1))).orderBy(vans.id);
  return [rows[0].id];
}

Deno.test("export: CSV and xlsx with the current filters, the dated file name and formula-safe cells", async () => {
  const [id] = await vansOf(1);
  await db.update(vans).set({ plateNumber: "=1+2" }).where(eq(vans.id, id));
  const d = await as("dispatcher");
  const tz = await getTimeZone(db);
  const today = formatDateInZone(new Date(), tz);

  const csv = await d.fetch("/api/van/export/?format=csv&station=1&ordering=id");
  assert.equal(csv.status, 200);
  assert.match(csv.headers.get("content-type")!, /text\/csv/);
  assert.equal(csv.headers.get("content-disposition"), `attachment; filename="Fleet status ${today}.csv"`);
  const lines = (await csv.text()).replace("\uFEFF", "").trim().split("\r\n");
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(vans).where(eq(vans.stationId, 1));
  assert.equal(lines.length, n + 1);
  assert.ok(lines.slice(1).every((l) => l.includes(",DON9,")));
  assert.ok(lines.some((l) => l.includes(",'=1+2,")), "the formula is neutralised");

  const xlsx = await d.fetch("/api/van/export/?format=xlsx&status=2");
  assert.equal(xlsx.status, 200);
  assert.equal(xlsx.headers.get("content-disposition"), `attachment; filename="Fleet status ${today}.xlsx"`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await xlsx.arrayBuffer());
  const ws = wb.getWorksheet("Fleet status")!;
  assert.equal(ws.getRow(1).getCell(1).value, "Van number");
  const list = await d.json("/api/van/?status=2&page_size=100");
  assert.equal(ws.rowCount - 1, list.body.count);
  for (let r = 2; r <= ws.rowCount; r++) assert.equal(ws.getRow(r).getCell(6).value, "Out of Service");
  const stations = new Set<string>();
  for (let r = 2; r <= ws.rowCount; r++) stations.add(String(ws.getRow(r).getCell(10).value));
  assert.ok(!stations.has("DTO3"), "the dispatcher's export holds no station 3 van");
  assert.equal((await d.fetch("/api/van/export/?format=pdf")).status, 400);
});

Deno.test("lookups: fleet sizes and van groups as {results}", async () => {
  const d = await as("dispatcher");
  const sizes = await d.json("/api/fleet-sizes/");
  assert.equal(sizes.status, 200);
  assert.deepEqual(sizes.body.results[0], { id: 1, title: "Cargo Van" });
  const groups = await d.json("/api/van-groups/");
  assert.ok(
    groups.body.results.some((g: VanGroupOption) =>
      g.name === "Team Alpha" && typeof g.description === "string"
    ),
  );
});

Deno.test("the owner's export holds every station; without a format it is xlsx", async () => {
  const o = await as("owner");
  const res = await o.fetch("/api/van/export/");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-disposition")!, /\.xlsx"$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const ws = wb.getWorksheet("Fleet status")!;
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(vans);
  assert.equal(ws.rowCount - 1, n);
  const tags = new Set<string>();
  for (let r = 2; r <= ws.rowCount; r++) tags.add(String(ws.getRow(r).getCell(10).value));
  assert.deepEqual([...tags].sort(), ["DON9", "DTO3", "HYZ1"]);
});
