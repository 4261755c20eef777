import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { type Column, csvGrid, layout, loadWorkbook, readRows, worksheetGrid } from "./sheet.ts";
import type { Problem } from "./types.ts";
import { int, text } from "./values.ts";

const enc = (s: string) => new TextEncoder().encode(s);

Deno.test("csvGrid: BOM, CRLF, ';' or tab, blank lines dropped, row numbers as the lines", () => {
  const problems: Problem[] = [];
  const g = csvGrid(enc("\uFEFFa;b\r\n1;2\r\n\r\n3;4\r\n"), "f.csv", problems)!;
  assert.deepEqual(g, [{ row: 1, cells: ["a", "b"] }, { row: 2, cells: ["1", "2"] }, {
    row: 4,
    cells: ["3", "4"],
  }]);
  assert.deepEqual(csvGrid(enc("a\tb\n1\t2"), "f.csv", problems)![1].cells, ["1", "2"]);
  assert.equal(problems.length, 0);
  // UTF-16 (Excel's "Unicode Text") and Windows-1252 come through the one decoder (lib/sheets/csv.ts).
  assert.deepEqual(csvGrid(new Uint8Array([0xff, 0xfe, 0x61, 0, 0x2c, 0, 0x62, 0]), "f.csv", problems), [
    { row: 1, cells: ["a", "b"] },
  ]);
  assert.deepEqual(csvGrid(new Uint8Array([0x4a, 0x6f, 0x73, 0xe9]), "f.csv", problems)![0].cells, ["José"]);
});

Deno.test("csvGrid: binary files and broken quotes are one fatal problem", () => {
  for (const text of ["%PDF-1.4 xx", "PK\u0003\u0004abc", "a\u0000b", 'a,b\n1,"2']) {
    const problems: Problem[] = [];
    assert.equal(csvGrid(enc(text), "f.csv", problems), null);
    assert.equal(problems.length, 1);
    assert.equal(problems[0].fatal, true);
  }
});

const COLUMNS: Column[] = [
  { key: "name", headers: ["Name"], read: text, isKey: true },
  { key: "n", headers: ["Count", "N"], read: (v) => int(v) },
  { key: "extra", headers: ["Extra"], read: text, optional: true },
];

Deno.test("layout: missing key columns are fatal and coded; missing metrics and unknown columns are warnings", () => {
  const problems: Problem[] = [];
  assert.equal(layout({ row: 1, cells: ["Foo", "N"] }, COLUMNS, "f.csv", problems), null);
  assert.match(problems[0].message, /the key column 'Name' is missing/);
  assert.deepEqual([problems[0].code, problems[0].columns, problems[0].fatal], ["missing_key_columns", [
    "Name",
  ], true]);
  problems.length = 0;
  const lay = layout({ row: 1, cells: ["Name", "Bonus ", "", "#"] }, COLUMNS, "f.csv", problems)!;
  assert.deepEqual(lay.at.get("n"), -1);
  assert.deepEqual(problems.map((p) => [p.code, p.columns, !!p.fatal]), [
    ["missing_columns", ["Count"], false],
    ["extra_columns", ["Bonus"], false],
  ]);
  assert.match(problems[0].message, /the column 'Count' is not in this file; its values were left empty/);
  assert.deepEqual(readRows([{ row: 2, cells: ["a", "x", "", ""] }], lay, COLUMNS, "f.csv", problems), [
    { row: 2, values: { name: "a", n: null, extra: null } },
  ]);
});

Deno.test("layout and readRows: renamed headers match loosely; bad cells skip rows; a short last row is a cut file", () => {
  const problems: Problem[] = [];
  const lay = layout({ row: 1, cells: ["name ", "N"] }, COLUMNS, "f.csv", problems)!;
  assert.equal(lay.labels.get("n"), "N");
  assert.equal(problems.length, 0);
  const rows = readRows(
    [{ row: 2, cells: ["a", "1"] }, { row: 3, cells: ["b", "x"] }, { row: 4, cells: ["c"] }],
    lay,
    COLUMNS,
    "f.csv",
    problems,
  );
  assert.deepEqual(rows, [{ row: 2, values: { name: "a", n: 1, extra: null } }]);
  assert.deepEqual(problems.map((p) => [p.row, p.column, !!p.fatal]), [[3, "N", false], [
    4,
    undefined,
    true,
  ]]);
});

Deno.test("worksheetGrid: rows padded to the sheet's width; percent-formatted numbers as '98.5%'", async () => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("S");
  ws.addRow(["a", "b", "c"]);
  const r = ws.addRow([0.985, "x"]);
  r.getCell(1).numFmt = "0.0%";
  ws.addRow([]);
  const bytes = new Uint8Array(await wb.xlsx.writeBuffer() as ArrayBuffer);
  const problems: Problem[] = [];
  const loaded = await loadWorkbook(bytes, "f.xlsx", problems);
  assert.deepEqual(worksheetGrid(loaded!.worksheets[0]), [
    { row: 1, cells: ["a", "b", "c"] },
    { row: 2, cells: ["98.5%", "x", null] },
  ]);
  assert.equal(await loadWorkbook(enc("nope"), "f.xlsx", problems), null);
  assert.match(problems[0].message, /not an Excel workbook/);
  assert.ok(!problems[0].message.startsWith("f.xlsx"));
});
