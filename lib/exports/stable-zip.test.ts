import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { dosDateTime, withFixedTimestamps } from "./stable-zip.ts";

async function workbook(): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.created = wb.modified = new Date(Date.UTC(2026, 0, 1));
  wb.addWorksheet("A").addRow(["a", 1]);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

Deno.test("DOS date and time: 2026-11-01 12:34:56 UTC", () => {
  const { time, date } = dosDateTime(new Date(Date.UTC(2026, 10, 1, 12, 34, 56)));
  assert.equal(time, (12 << 11) | (34 << 5) | 28);
  assert.equal(date, (46 << 9) | (11 << 5) | 1);
});

Deno.test("every entry's date is replaced: a workbook dated anyhow becomes the same bytes, and still opens", async () => {
  const a = await workbook();
  const when = new Date(Date.UTC(2026, 0, 1));
  const other = withFixedTimestamps(a, new Date(Date.UTC(1999, 5, 7, 8, 9, 10)));
  assert.notDeepEqual(other, withFixedTimestamps(a, when));
  assert.deepEqual(withFixedTimestamps(other, when), withFixedTimestamps(a, when));
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(withFixedTimestamps(other, when).buffer as ArrayBuffer);
  assert.equal(wb.worksheets[0].getCell("A1").value, "a");
});

Deno.test("bytes that are not a zip are refused", () => {
  assert.throws(() => withFixedTimestamps(new Uint8Array(40), new Date()), /not a zip/);
});
