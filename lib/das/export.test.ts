import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { ENGINES } from "../../tests/helpers/db.ts";
import { makeDriver, makeSpot } from "../demo/factories.ts";
import { daExportQuery } from "./inputs.ts";
import { daExportColumns, daExportFileName, exportDas } from "./export.ts";
import { daFixture } from "./_fixture.ts";
import type { DaDto } from "./dto.ts";

const sample: DaDto = {
  id: 7,
  first_name: '=HYPERLINK("http://evil")',
  last_name: "O'Neil, Jr",
  transporter_id: "A1234567890AB",
  driver_license: "license",
  badge: "+12",
  email: "x@y.z",
  status: 5,
  is_active: false,
  created: "2026-01-01T03:00:00.000Z",
  station_spots: [{
    id: 1,
    station: { id: 1, title: "One", tag: "DON9" },
    agency: { id: 1, name: "Direct" },
    fleet_groups: [{ id: 2, name: "Cargo" }],
  }],
  last_status_change: "2026-03-04T04:30:00.000Z",
  last_status_changed_by: { id: 3, first_name: "Sam", last_name: "Supervisor" },
  role: 5,
  language: "en",
};

Deno.test("export columns: labels, licence placeholder, dates in the org zone", () => {
  const cols = daExportColumns("Etc/GMT+5");
  const cell = (h: string) => cols.find((c) => c.header === h)!.value(sample);
  assert.equal(cell("Driver licence"), "No Licence");
  assert.equal(cell("Status"), "Off Boarded");
  assert.equal(cell("Active"), "No");
  assert.equal(cell("Onboarded"), "31-12-2025", "03:00 UTC is the evening before in UTC-5");
  assert.equal(cell("Last status change"), "03-03-2026 23:30");
  assert.equal(cell("Changed by"), "Sam Supervisor");
  assert.equal(cell("Stations"), "DON9");
  assert.equal(cell("Fleet groups"), "Cargo");
  assert.equal(cell("Role"), "Driver");
});

Deno.test("file name: 'DA status DD-MM-YYYY' in the org zone", () => {
  assert.equal(
    daExportFileName("xlsx", "Etc/GMT+5", new Date("2026-11-22T03:00:00Z")),
    "DA status 21-11-2026.xlsx",
  );
  assert.equal(daExportFileName("csv", "UTC", new Date("2026-11-22T03:00:00Z")), "DA status 22-11-2026.csv");
});

for (const engine of ENGINES) {
  Deno.test(`${engine.name}: export follows the filters and neutralises formulas`, async () => {
    const h = await engine.open();
    try {
      const f = await daFixture(h.db);
      const evil = await makeDriver(h.db, { firstName: "=1+1", lastName: "@SUM(A1)", badge: "-5" });
      await makeSpot(h.db, evil.id, f.stations[0].id);
      const csv = await exportDas(h.db, f.dispatcher, daExportQuery.parse({ format: "csv", ordering: "id" }));
      assert.equal(csv.format, "csv");
      assert.match(csv.fileName, /^DA status \d\d-\d\d-\d{4}\.csv$/);
      const lines = (csv.body as string).replace(/^\uFEFF/, "").trim().split("\r\n");
      assert.equal(lines[0].split(",")[0], "ID");
      assert.equal(
        lines.length,
        1 + 5,
        "the dispatcher's four fixture DAs and the new one; not the station-3 DA",
      );
      assert.ok(lines.at(-1)!.startsWith(`${evil.id},'=1+1,'@SUM(A1)`), lines.at(-1));

      const xlsx = await exportDas(h.db, f.owner, daExportQuery.parse({ format: "xlsx", status: "6" }));
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((xlsx.body as Uint8Array).buffer as ArrayBuffer);
      const ws = wb.getWorksheet("DA status")!;
      assert.equal(ws.rowCount, 2);
      assert.equal(ws.getRow(2).getCell(2).value, "Carla");
      assert.equal(ws.getRow(2).getCell(8).value, "Inactive");
    } finally {
      await h.close();
    }
  });
}
