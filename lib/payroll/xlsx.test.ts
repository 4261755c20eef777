import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { payrollXlsx } from "./xlsx.ts";
import { payrollRow } from "./testing.ts";

const rows = [
  payrollRow({ user_id: 1, user_name: "Ann Lee" }),
  payrollRow({ user_id: 2, user_name: "Zoe Kay", badge: "=cmd", pay_cents: 14493, hours_hundredths: 725 }),
];
const stamp = new Date("2026-05-17T00:00:00Z");

async function open(bytes: Uint8Array) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes.buffer as ArrayBuffer);
  return wb;
}

Deno.test("the workbook: bold header, widths 20, numbers with two decimals, formula-safe names", async () => {
  const wb = await open(await payrollXlsx(rows, "da", stamp));
  const ws = wb.getWorksheet("Payroll")!;
  assert.equal(ws.getRow(1).getCell(1).value, "DA");
  assert.equal(ws.getRow(1).font?.bold, true);
  for (let c = 1; c <= 10; c++) assert.equal(ws.getColumn(c).width, 20);
  assert.equal(ws.getRow(2).getCell(7).value, 10);
  assert.equal(ws.getRow(2).getCell(9).value, 200);
  assert.equal(ws.getRow(2).getCell(9).numFmt, "#,##0.00");
  assert.equal(ws.getRow(3).getCell(1).value, "Total Hours");
  assert.equal(ws.getRow(4).getCell(1).value, null, "a blank row between DAs");
  assert.equal(ws.getRow(5).getCell(2).value, "'=cmd");
  assert.equal(ws.getRow(6).getCell(7).value, 7.25);
  assert.equal(ws.getRow(6).getCell(9).value, 144.93);
  assert.equal(wb.created.toISOString(), stamp.toISOString());
});

Deno.test("the same rows give the same bytes, whenever they are built", async () => {
  const a = await payrollXlsx(rows, "total", stamp);
  await new Promise((r) => setTimeout(r, 2100)); // past the zip format's 2-second clock
  const b = await payrollXlsx(rows, "total", stamp);
  assert.deepEqual(a, b);
});
