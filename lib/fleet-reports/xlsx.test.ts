import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import type { FleetReportRowDto } from "./dto.ts";
import { fleetReportWorkbook, xlsxFileName } from "./xlsx.ts";

const row = (over: Partial<FleetReportRowDto>): FleetReportRowDto => ({
  id: 1,
  company: "Ford",
  model: "Transit",
  station: "DON9",
  station_id: 1,
  size: "Cargo Van",
  van: "101",
  plate: "ABC123",
  vin: "1FTBW3XM5HKA12345",
  rate: null,
  rate_cents: 100_000,
  invoice: null,
  invoice_id: null,
  invoice_cents: 103_000,
  ...over,
});
const ROWS = [
  row({}),
  row({ id: 2, van: "102", company: "=cmd()", rate_cents: 120_000, invoice_cents: 90_000 }),
  row({ id: 3, van: "103", rate_cents: null, invoice_cents: null }),
];
const NOV = { year: 2026, month: 11 };

async function open(bytes: Uint8Array): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  return wb.worksheets[0];
}
const fill = (c: ExcelJS.Cell) => (c.fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb ?? null;

Deno.test("the file is named by its month", () => {
  assert.equal(xlsxFileName(NOV), "Fleet report M11-2026.xlsx");
});

Deno.test("the page's columns, bold header, widths, money as numbers, colours, bold totals", async () => {
  const ws = await open(await fleetReportWorkbook(ROWS, NOV));
  assert.equal(ws.name, "Fleet report");
  const header = ws.getRow(1).values as unknown[];
  assert.deepEqual(header.slice(1), [
    "Company",
    "Model",
    "Station",
    "Size",
    "Van",
    "Plate",
    "Vin",
    "Monthly Rate",
    "Actual Invoice Rate",
  ]);
  assert.equal(ws.getRow(1).font?.bold, true);
  assert.equal(ws.getColumn(7).width, 20);
  assert.equal(ws.getColumn(9).width, 20);
  assert.deepEqual((ws.getRow(2).values as unknown[]).slice(1), [
    "Ford",
    "Transit",
    "DON9",
    "Cargo Van",
    "101",
    "ABC123",
    "1FTBW3XM5HKA12345",
    1000,
    1030,
  ]);
  assert.equal(ws.getCell("H2").numFmt, "#,##0.00");
  assert.equal(fill(ws.getCell("H2")), "FFC6EFCE", "2.9 %: green");
  assert.equal(fill(ws.getCell("I3")), "FFFFC7CE", "28.6 %: red");
  assert.equal(ws.getCell("A3").value, "'=cmd()", "formula-looking text is defused");
  assert.equal(ws.getCell("H4").value, null);
  assert.equal(fill(ws.getCell("H4")), null, "no invoice: no colour");
  assert.equal(ws.getCell("A5").value, "Total");
  assert.equal(ws.getCell("H5").value, 2200);
  assert.equal(ws.getCell("I5").value, 1930);
  assert.equal(ws.getRow(5).font?.bold, true);
  assert.equal(fill(ws.getCell("I5")), "FFFFC7CE", "13 % apart in total");
  assert.equal(ws.rowCount, 5);
});

Deno.test("equal data give equal bytes; an empty month has its header and a zero total", async () => {
  const a = await fleetReportWorkbook(ROWS, NOV);
  await new Promise((ok) => setTimeout(ok, 2100)); // past the zip's 2-second clock step
  const b = await fleetReportWorkbook(ROWS, NOV);
  assert.deepEqual(a, b);
  const ws = await open(await fleetReportWorkbook([], NOV));
  assert.equal(ws.rowCount, 2);
  assert.equal(ws.getCell("H2").value, 0);
});
