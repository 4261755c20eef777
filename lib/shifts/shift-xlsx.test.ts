import assert from "node:assert/strict";
import { DomainError } from "../errors.ts";
import { SHIFT_UPLOAD } from "./shift-upload-errors.ts";
import {
  countOf,
  fleetSizeOfServiceType,
  parseShiftXlsx,
  parseWaveCell,
  wavesOfTimes,
} from "./shift-xlsx.ts";
import { excelTime, shiftXlsx } from "../../tests/fixtures/shift-xlsx.ts";

Deno.test("Service Type -> fleet size: 1 cargo, 6 medium, 2 large, 3 cube/step", () => {
  const cases: [string | null, number | null][] = [
    ["Standard Parcel - Large Van", 2],
    ["Standard Parcel - Cargo Van", 1],
    ["Cargo Van", 1],
    ["Standard Parcel", 1],
    ["Standard Parcel - Medium Van", 6],
    ["Medium Van", 6],
    ["Step Van", 3],
    ["Standard Parcel Step Van - US", 3],
    ["Cube Van", 3],
    ["Standard Parcel - Custom Delivery Van 14ft", 3],
    ["STANDARD PARCEL - LARGE VAN", 2],
    ["2", 2],
    ["5", 1],
    ["4", null],
    ["Nursery Route Level 2", null],
    ["", null],
    [null, null],
  ];
  for (const [text, id] of cases) assert.equal(fleetSizeOfServiceType(text), id, String(text));
});

Deno.test("wave cells: wave numbers, clock texts, Excel times and day fractions", () => {
  assert.deepEqual(parseWaveCell("Wave 3"), { kind: "wave", n: 3 });
  assert.deepEqual(parseWaveCell("2"), { kind: "wave", n: 2 });
  assert.deepEqual(parseWaveCell(4), { kind: "wave", n: 4 });
  assert.deepEqual(parseWaveCell("10:20 AM"), { kind: "clock", minutes: 620 });
  assert.deepEqual(parseWaveCell("10:20am"), { kind: "clock", minutes: 620 });
  assert.deepEqual(parseWaveCell("12:05 AM"), { kind: "clock", minutes: 5 });
  assert.deepEqual(parseWaveCell("12:30 PM"), { kind: "clock", minutes: 750 });
  assert.deepEqual(parseWaveCell("1:15 p.m."), { kind: "clock", minutes: 795 });
  assert.deepEqual(parseWaveCell("14:45"), { kind: "clock", minutes: 885 });
  assert.deepEqual(parseWaveCell("09:50:00"), { kind: "clock", minutes: 590 });
  assert.deepEqual(parseWaveCell(excelTime("10:40")), { kind: "clock", minutes: 640 });
  assert.deepEqual(parseWaveCell(0.4375), { kind: "clock", minutes: 630 });
  for (const bad of ["Wave 7", "25:00", "13:00 PM", "soon", "10:61"]) {
    assert.equal(parseWaveCell(bad), null, bad);
  }
  assert.equal(parseWaveCell(null), null);
  assert.equal(parseWaveCell("N/A"), null);
});

Deno.test("clock times -> waves: distinct times in order; more than five spread over five by rank", () => {
  const few = wavesOfTimes([620, 590, 650, 590]);
  assert.deepEqual([...few], [[590, "Wave 1"], [620, "Wave 2"], [650, "Wave 3"]]);
  const many = wavesOfTimes([600, 610, 620, 630, 640, 650, 660, 670, 680, 690]);
  assert.deepEqual([...many.values()], [
    "Wave 1",
    "Wave 1",
    "Wave 2",
    "Wave 2",
    "Wave 3",
    "Wave 3",
    "Wave 4",
    "Wave 4",
    "Wave 5",
    "Wave 5",
  ]);
  const seven = [...wavesOfTimes([1, 2, 3, 4, 5, 6, 7]).values()];
  assert.equal(seven[0], "Wave 1");
  assert.equal(seven[6], "Wave 5");
});

Deno.test("counts: whole numbers, thousands commas, null markers; others refused", () => {
  assert.equal(countOf(210), 210);
  assert.equal(countOf("1,204"), 1204);
  assert.equal(countOf("-"), null);
  assert.equal(countOf(null), null);
  assert.equal(countOf("12.5"), undefined);
  assert.equal(countOf(-3), undefined);
});

Deno.test("parse: routes export with a title line, messy headers and a BOM", async () => {
  const bytes = await shiftXlsx([
    {
      route: "CX12",
      driverName: "Ana Cruz",
      transporterId: "a1b2c3d4e5f6g7",
      serviceType: "Standard Parcel - Large Van",
      waveTime: "10:20 AM",
      duration: "9:30",
      staging: "STG.A1",
    },
    { route: "CX13", driverName: "Bo Li", serviceType: "Cargo Van", waveTime: excelTime("09:50") },
    { route: "CX14", driverName: "Cy Doe", serviceType: "Hovercraft", waveTime: "whenever" },
  ], { titleRows: ["DON9 - Routes for 05-03-2026"], messyHeaders: true });
  const f = await parseShiftXlsx(bytes, "routes.xlsx");
  assert.equal(f.variant, "routes");
  assert.deepEqual(f.rejected, []);
  assert.equal(f.rows.length, 3);
  const [a, b, c] = f.rows;
  assert.deepEqual(
    {
      row: a.row,
      route: a.route,
      name: a.driverName,
      tid: a.transporterId,
      size: a.fleetSizeId,
      wave: a.waveTime,
      dur: a.duration,
      stg: a.staging,
      pk: a.packages,
    },
    {
      row: 3,
      route: "CX12",
      name: "Ana Cruz",
      tid: "A1B2C3D4E5F6G7",
      size: 2,
      wave: "Wave 2",
      dur: "9:30",
      stg: "STG.A1",
      pk: null,
    },
  );
  assert.equal(b.waveTime, "Wave 1");
  assert.equal(b.fleetSizeId, 1);
  assert.equal(c.fleetSizeId, null);
  assert.equal(c.waveTime, null);
  assert.equal(f.warnings.length, 2);
  assert.match(f.warnings[0].reason, /Service Type 'Hovercraft'/);
  assert.match(f.warnings[1].reason, /Wave Time 'whenever'/);
});

Deno.test("parse: the Day of Plan variant fills packages; bad counts are warnings", async () => {
  const bytes = await shiftXlsx([
    {
      route: "CX1",
      transporterId: "A1",
      serviceType: "Step Van",
      waveTime: "Wave 4",
      zones: 11,
      packages: 245,
      commercial: 12,
    },
    { route: "CX2", transporterId: "A2", serviceType: "Medium Van", waveTime: "Wave 5", packages: "lots" },
  ], { variant: "day-of-plan", ids: "tid" });
  const f = await parseShiftXlsx(bytes, "plan.xlsx");
  assert.equal(f.variant, "day-of-plan");
  assert.deepEqual(
    f.rows.map((
      r,
    ) => [
      r.route,
      r.driverName,
      r.transporterId,
      r.fleetSizeId,
      r.waveTime,
      r.zones,
      r.packages,
      r.commercialPackages,
    ]),
    [
      ["CX1", null, "A1", 3, "Wave 4", 11, 245, 12],
      ["CX2", null, "A2", 6, "Wave 5", null, null, null],
    ],
  );
  assert.equal(f.warnings.length, 1);
  assert.match(f.warnings[0].reason, /Num Packages 'lots'/);
});

Deno.test("parse: rows without a route and repeated routes are rejected, blank lines skipped", async () => {
  const bytes = await shiftXlsx([
    { route: "CX1", driverName: "Ana Cruz" },
    { route: "", driverName: "Bo Li" },
    { route: "", driverName: null },
    { route: "cx1", driverName: "Cy Doe" },
  ]);
  const f = await parseShiftXlsx(bytes, "r.xlsx");
  assert.deepEqual(f.rows.map((r) => r.route), ["CX1"]);
  assert.deepEqual(f.rejected, [
    { row: 3, reason: "No Route Code." },
    { row: 5, reason: "Route cx1 is also on row 2 of the file." },
  ]);
});

async function refused(p: Promise<unknown>, re: RegExp, code: string = SHIFT_UPLOAD.badFile) {
  await assert.rejects(p, (e: unknown) => {
    assert.ok(e instanceof DomainError);
    assert.deepEqual([e.code, e.kind], [code, "invalid"]);
    assert.deepEqual(e.fields.file, [e.message]);
    assert.match(e.message, re);
    return true;
  });
}

Deno.test("parse: files that are not a routes export are refused naming the file", async () => {
  const { default: ExcelJS } = await import("exceljs");
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet("x").addRow(["Name", "Badge"]);
  const other = new Uint8Array(await wb.xlsx.writeBuffer() as ArrayBuffer);
  await refused(parseShiftXlsx(other, "roster.xlsx"), /^roster\.xlsx: no 'Route Code' column/);

  const wb2 = new ExcelJS.Workbook();
  wb2.addWorksheet("x").addRow(["Route Code", "Service Type"]);
  wb2.worksheets[0].addRow(["CX1", "Cargo Van"]);
  const noDa = new Uint8Array(await wb2.xlsx.writeBuffer() as ArrayBuffer);
  await refused(parseShiftXlsx(noDa, "n.xlsx"), /needs a 'Driver Name' or a 'Transporter ID' column/);

  await refused(parseShiftXlsx(await shiftXlsx([]), "empty.xlsx"), /no rows under the header/);
  await refused(
    parseShiftXlsx(new TextEncoder().encode("Route Code,Driver Name\nCX1,Ana"), "r.csv"),
    /not an Excel workbook/,
    "upload.not_xlsx",
  );
});
