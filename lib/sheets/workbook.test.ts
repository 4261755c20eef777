import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { DomainError } from "../errors.ts";
import { firstSheetRows, readWorkbook, worksheetRows } from "./workbook.ts";

const xlsx = async (wb: ExcelJS.Workbook) => new Uint8Array(await wb.xlsx.writeBuffer() as ArrayBuffer);

Deno.test("worksheetRows: plain cells with Excel's row numbers; percentages as text only when asked", async () => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("S");
  ws.addRow(["a", { richText: [{ text: "b" }] }, { formula: "1+1", result: 2 }]);
  ws.addRow([]);
  const r = ws.addRow([0.985, null, "x"]);
  r.getCell(1).numFmt = "0.0%";
  const read = await readWorkbook(await xlsx(wb), "f.xlsx");
  assert.ok(read.ok);
  const sheet = read.workbook.worksheets[0];
  assert.deepEqual(worksheetRows(sheet), [{ row: 1, cells: ["a", "b", 2] }, {
    row: 3,
    cells: [0.985, null, "x"],
  }]);
  assert.deepEqual(worksheetRows(sheet, { percentText: true })[1].cells, ["98.5%", null, "x"]);
});

Deno.test("readWorkbook: the zip guard refuses what is not an .xlsx; firstSheetRows skips empty sheets", async () => {
  await assert.rejects(
    () => readWorkbook(new TextEncoder().encode("nope"), "f.xlsx"),
    (e) => e instanceof DomainError && e.code === "upload.not_xlsx" && e.message.startsWith("f.xlsx: "),
  );
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet("Empty");
  wb.addWorksheet("Data").addRow(["Route Code"]);
  assert.deepEqual(await firstSheetRows(await xlsx(wb), "f.xlsx", (why) => new Error(why)), [
    { row: 1, cells: ["Route Code"] },
  ]);
  const empty = new ExcelJS.Workbook();
  empty.addWorksheet("Empty");
  await assert.rejects(
    () => firstSheetRows(new Uint8Array(0), "f.xlsx", (why) => new Error(why)),
    DomainError,
  );
  await assert.rejects(
    async () => firstSheetRows(await xlsx(empty), "f.xlsx", (why) => new Error(why)),
    /the workbook is empty: there is no header row/,
  );
});
