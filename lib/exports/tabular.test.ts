import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { safeCell, toCsv, toXlsx } from "./tabular.ts";

const cols = [
  { header: "Name", value: (r: { name: string; n: number }) => r.name },
  { header: "N", value: (r: { name: string; n: number }) => r.n },
];

Deno.test("formula-looking text is neutralised, numbers are kept", () => {
  assert.equal(safeCell('=HYPERLINK("http://x")'), '\'=HYPERLINK("http://x")');
  assert.equal(safeCell("+1"), "'+1");
  assert.equal(safeCell("-2"), "'-2");
  assert.equal(safeCell("@SUM(A1)"), "'@SUM(A1)");
  assert.equal(safeCell("\tx"), "'\tx");
  assert.equal(safeCell("Ann"), "Ann");
  assert.equal(safeCell(-2), -2);
  assert.equal(safeCell(null), null);
});

Deno.test("CSV quotes commas, quotes and newlines and starts with a BOM", () => {
  const csv = toCsv(cols, [{ name: 'O"Neil, Jr\nx', n: 3 }, { name: "=1+1", n: 4 }]);
  assert.equal(csv, '\uFEFFName,N\r\n"O""Neil, Jr\nx",3\r\n\'=1+1,4\r\n');
});

Deno.test("XLSX round-trips with a bold header and safe cells", async () => {
  const bytes = await toXlsx(cols, [{ name: "=cmd|' /C calc'!A0", n: 7 }], "DAs");
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes.buffer as ArrayBuffer);
  const ws = wb.getWorksheet("DAs")!;
  assert.equal(ws.getRow(1).getCell(1).value, "Name");
  assert.equal(ws.getRow(1).font?.bold, true);
  assert.equal(ws.getRow(2).getCell(1).value, "'=cmd|' /C calc'!A0");
  assert.equal(ws.getRow(2).getCell(2).value, 7);
});
