// Fleet reports through the real app on the demo organisation: the statistic and the invoice call as the
// spec writes them, who may use them (owner only, own stations only), the xlsx cell by cell, the CSV
// import, and the CLI (`dsp fleet-report ...` as its own process) saving the endpoint's very bytes.
import assert from "node:assert/strict";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { Client, startTestApp } from "../helpers/app.ts";
import { vans } from "../../lib/org/schema.ts";
import { makeSpot, makeStation, makeUser } from "../../lib/demo/factories.ts";
import { todayIn } from "../../lib/dates/periods.ts";
import { getTimeZone } from "../../lib/settings/queries.ts";
import { agreement, monthOf, totals } from "../../lib/fleet-reports/calc.ts";
import type { FleetReportDto, FleetReportRowDto } from "../../lib/fleet-reports/dto.ts";
import { dsp, dspLogin, show } from "../../cli/testing.ts";

const app = await startTestApp({ engine: "postgres" });
const tmp = Deno.makeTempDirSync({ prefix: "dsp-fleet-report-" });
globalThis.addEventListener("unload", () => {
  void app.close();
  Deno.removeSync(tmp, { recursive: true });
});
const db = app.db.db;
const now = monthOf(todayIn(await getTimeZone(db)));
const MONTH = `month=${now.month}&year=${now.year}`;
const ym = `${now.year}-${String(now.month).padStart(2, "0")}`;

async function as(email: string): Promise<Client> {
  const c = new Client(app.url);
  await c.login(email);
  return c;
}
const owner = await as("owner@example.com");
const report = async (c: Client, q = MONTH) =>
  await c.json<FleetReportDto>(`/api/statistic/?statistic=fleet_reports_data&${q}`);
const save = (c: Client, json: Record<string, unknown>) =>
  c.json("/api/create-update-van-actual-invoice/", { method: "POST", json: { ...now, ...json } });

Deno.test("the owner reads the month and saves invoices in the spec's shapes", async () => {
  const r = await report(owner);
  assert.equal(r.status, 200);
  assert.ok(r.body.dataList.length > 0, "the demo's vans");
  const van = r.body.dataList.find((v) => v.rate_cents !== null)!;
  for (const k of ["company", "model", "station", "size", "van", "plate", "vin", "rate"]) {
    assert.ok(k in van, k);
  }

  const created = await save(owner, { invoice: "1", vanNumber: van.van });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const same = van.rate_cents! / 100;
  const updated = await save(owner, { invoice: same, vanNumber: Number(van.van) || van.van });
  assert.equal(updated.status, 200);
  const d = updated.body.data;
  assert.equal(d.created, false);
  assert.equal(d.data[0].fields.invoice, (van.rate_cents! / 100).toFixed(2));
  assert.equal(d.vin, van.vin);
  assert.equal(d.plate, van.plate);
  assert.equal(d.row.invoice_cents, van.rate_cents);

  const again = await report(owner);
  const inv = again.body.vanActualInvoiceList.find((i) => i.van__number === van.van)!;
  assert.deepEqual([inv.month, inv.year, inv.invoice, inv.van__vin], [
    now.month,
    now.year,
    d.data[0].fields.invoice,
    van.vin,
  ]);
  assert.equal(
    agreement(van.rate_cents, again.body.dataList.find((v) => v.id === van.id)!.invoice_cents),
    "ok",
  );
});

Deno.test("refusals carry codes: bad amount, future month, unknown van", async () => {
  const van = (await report(owner)).body.dataList[0];
  const bad = await save(owner, { invoice: "12.345", vanNumber: van.van });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.code, "fleet_report.invalid_invoice");
  assert.ok(bad.body.invoice[0].includes("at most 2 decimals"));
  const next = now.month === 12 ? { month: 1, year: now.year + 1 } : { month: now.month + 1 };
  assert.equal(
    (await save(owner, { invoice: "1", vanNumber: van.van, ...next })).body.code,
    "fleet_report.future_month",
  );
  const none = await save(owner, { invoice: "1", vanNumber: "NO-SUCH-VAN" });
  assert.equal(none.status, 404);
  assert.equal(none.body.code, "fleet_report.van_not_found");
});

Deno.test("a manager is refused by the API and sent away from the page", async () => {
  const m = await as("manager@example.com");
  assert.equal((await report(m)).status, 403);
  assert.equal((await save(m, { invoice: "1", vanNumber: "1" })).status, 403);
  assert.equal((await m.fetch(`/api/fleet-reports/export/?${MONTH}`)).status, 403);
  const page = await m.fetch("/fleet-reports");
  assert.equal(page.status, 302);
  assert.equal(new URL(page.headers.get("location")!, app.url).pathname, "/");
  const mine = await owner.fetch("/fleet-reports");
  assert.equal(mine.status, 200);
  const html = await mine.text();
  assert.match(html, /Monthly Rate/);
  const prev = now.month === 1 ? { month: 12, year: now.year - 1 } : { month: now.month - 1, year: now.year };
  assert.ok(
    html.includes(`href="/fleet-reports?month=${prev.month}&amp;year=${prev.year}"`),
    "months step without scripts",
  );
  const later = await (await owner.fetch(`/fleet-reports?month=${now.month}&year=${now.year + 1}`)).text();
  assert.ok(
    later.includes(
      `${
        [
          "January",
          "February",
          "March",
          "April",
          "May",
          "June",
          "July",
          "August",
          "September",
          "October",
          "November",
          "December",
        ][now.month - 1]
      } ${now.year}`,
    ),
    "a later month shows the current one",
  );
});

Deno.test("an owner of other stations sees none of these vans and cannot set their invoices", async () => {
  const station = await makeStation(db);
  const other = await makeUser(db, { role: 4, password: "demo1234" });
  await makeSpot(db, other.id, station.id);
  const c = await as(other.email);
  const [demoVan] = await db.select().from(vans).where(eq(vans.stationId, 1)).limit(1);
  assert.deepEqual((await report(c)).body.dataList, []);
  const r = await save(c, { invoice: "5", vanNumber: demoVan.number });
  assert.equal(r.status, 404);
  assert.equal(r.body.code, "fleet_report.van_not_found");
});

async function openXlsx(bytes: ArrayBuffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes);
  return wb.worksheets[0];
}

Deno.test("the xlsx holds the page's rows cell by cell, with the footer's sums and colours", async () => {
  const rows: FleetReportRowDto[] = (await report(owner)).body.dataList;
  const res = await owner.fetch(`/api/fleet-reports/export/?${MONTH}`);
  assert.equal(res.status, 200);
  assert.equal(
    res.headers.get("content-disposition"),
    `attachment; filename="Fleet report M${now.month}-${now.year}.xlsx"`,
  );
  const ws = await openXlsx(await res.arrayBuffer());
  assert.equal(ws.rowCount, rows.length + 2);
  assert.equal(ws.getRow(1).font?.bold, true);
  rows.forEach((r, i) => {
    const cells = (ws.getRow(i + 2).values as unknown[]).slice(1);
    const expected = [r.company, r.model, r.station, r.size, r.van, r.plate, r.vin];
    assert.deepEqual(cells.slice(0, 7).map((c) => c ?? ""), expected, `row ${i + 2}`);
    assert.equal(ws.getRow(i + 2).getCell(8).value, r.rate_cents === null ? null : r.rate_cents / 100);
    assert.equal(ws.getRow(i + 2).getCell(9).value, r.invoice_cents === null ? null : r.invoice_cents / 100);
  });
  const FILL = { ok: "FFC6EFCE", off: "FFFFC7CE", none: undefined };
  rows.forEach((r, i) => {
    const cell = ws.getRow(i + 2).getCell(9);
    const argb = (cell.fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb;
    assert.equal(argb, FILL[agreement(r.rate_cents, r.invoice_cents)], `colour of row ${i + 2}`);
  });
  const t = totals(rows);
  const foot = ws.getRow(rows.length + 2);
  assert.equal(foot.getCell(1).value, "Total");
  assert.equal(foot.getCell(8).value, t.rateCents / 100);
  assert.equal(foot.getCell(9).value, t.invoiceCents / 100);
  assert.equal(foot.font?.bold, true);
  const search = rows[0].van;
  const one = await openXlsx(
    await (await owner.fetch(`/api/fleet-reports/export/?${MONTH}&search=${search}`)).arrayBuffer(),
  );
  assert.ok(one.rowCount < ws.rowCount && one.getCell("E2").value === search, "the 'Van' search applies");
});

Deno.test("the CSV import: all or nothing, every bad line named", async () => {
  const rows = (await report(owner)).body.dataList;
  const [a, b] = rows;
  const post = (text: string) => {
    const form = new FormData();
    form.append("file", new Blob([text], { type: "text/csv" }), "invoices.csv");
    form.append("month", String(now.month));
    form.append("year", String(now.year));
    return owner.json("/api/fleet-reports/invoices/import/", { method: "POST", body: form });
  };
  const bad = await post(`Van,Invoice\n${a.van},100\nNOPE,5\n${b.van},x\n`);
  assert.equal(bad.status, 400);
  assert.equal(bad.body.code, "fleet_report.import_invalid");
  assert.deepEqual(bad.body.problems.map((p: { line: number }) => p.line), [3, 4]);
  const ok = await post(`Van,Invoice\n${a.van},100\n${b.van},"1,234.50"\n`);
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.equal(ok.body.rows, 2);
  const after = (await report(owner)).body.dataList;
  assert.equal(after.find((r) => r.id === a.id)!.invoice, "100.00");
  assert.equal(after.find((r) => r.id === b.id)!.invoice, "1234.50");
});

Deno.test("the CLI saves the endpoint's bytes and imports a CSV with the stored token", async () => {
  const env = await dspLogin(app.url, "owner@example.com", join(tmp, "credentials.json"));

  const rows = (await report(owner)).body.dataList;
  const csv = join(tmp, "invoices.csv");
  Deno.writeTextFileSync(csv, `Van;Invoice\n${rows[2].van};777.70\n`);
  const imported = await dsp(["fleet-report", "invoices", "import", csv, "--month", ym], { env });
  assert.equal(imported.code, 0, show(imported));
  assert.match(imported.stdout, /Imported 1 invoices for .*: (1 new, 0|0 new, 1) replaced\./);

  Deno.writeTextFileSync(csv, `Van,Invoice\nNOPE,1\n`);
  const refused = await dsp(["fleet-report", "invoices", "import", csv, "--month", ym], { env });
  assert.equal(refused.code, 1, show(refused));
  assert.match(
    refused.stderr,
    /Nothing was imported from invoices\.csv; fix these lines:\n +line 2: there is no van NOPE/,
  );

  const file = join(tmp, "fleet.xlsx");
  const out = await dsp(["fleet-report", "export", "--month", ym, "-o", file], { env });
  assert.equal(out.code, 0, show(out));
  const page = new Uint8Array(await (await owner.fetch(`/api/fleet-reports/export/?${MONTH}`)).arrayBuffer());
  assert.deepEqual(Deno.readFileSync(file), page, "byte for byte the page's download");
  const ws = await openXlsx(page.buffer as ArrayBuffer);
  assert.ok((ws.getColumn(5).values as unknown[]).includes(rows[2].van));

  const usage = await dsp(["fleet-report", "export", "--month", "2026-13"], { env });
  assert.equal(usage.code, 2, show(usage));
  await dspLogin(app.url, "manager@example.com", join(tmp, "m.json"));
  const denied = await dsp(["fleet-report", "export", "--month", ym, "-o", join(tmp, "m.xlsx")], {
    env: { DSP_CREDENTIALS: join(tmp, "m.json") },
  });
  assert.equal(denied.code, 1, show(denied));
  assert.match(denied.stderr, /owner role only/);
});
