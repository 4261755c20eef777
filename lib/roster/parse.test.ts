import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { DomainError } from "../errors.ts";
import { MAX_ROWS, parseSpreadsheet } from "./parse.ts";
import { ROSTER } from "./errors.ts";

const enc = (s: string) => new TextEncoder().encode(s);

async function fails(bytes: Uint8Array, name = "roster.csv"): Promise<string> {
  try {
    await parseSpreadsheet(bytes, name);
  } catch (e) {
    assert.ok(e instanceof DomainError, String(e));
    assert.equal(e.kind, "invalid");
    assert.match(e.code, /^(roster|upload)\./);
    assert.deepEqual(e.fields.file, [e.message]);
    assert.match(e.message, new RegExp(`^${name.replace(".", "\\.")}: `));
    return e.message;
  }
  throw new Error("expected a 400");
}

Deno.test("CSV: BOM, case and spaces in headers, null markers, Excel row numbers", async () => {
  const sheet = await parseSpreadsheet(
    enc('\uFEFF First NAME , transporter id,Phone\r\nJane,A1,-\r\n\r\n,,\r\nBo,"A2",N/A\r\n'),
    "r.csv",
  );
  assert.deepEqual(sheet.headers, [
    { key: "firstname", label: "First NAME" },
    { key: "transporterid", label: "transporter id" },
    { key: "phone", label: "Phone" },
  ]);
  assert.deepEqual(sheet.rows, [
    { row: 2, cells: { firstname: "Jane", transporterid: "A1", phone: null } },
    { row: 5, cells: { firstname: "Bo", transporterid: "A2", phone: null } },
  ]);
});

Deno.test("CSV: semicolons (European Excel) and quoted fields with commas and line breaks", async () => {
  const sheet = await parseSpreadsheet(enc('Name;Note\n"Doe, Jane";"two\nlines"\nBo;x\n'), "r.csv");
  assert.deepEqual(sheet.rows.map((r) => [r.row, r.cells.name, r.cells.note]), [[
    2,
    "Doe, Jane",
    "two\nlines",
  ], [3, "Bo", "x"]]);
});

Deno.test("CSV in Windows-1252 (Excel's 'CSV' on Windows) or UTF-16 (its 'Unicode Text') keeps accented names", async () => {
  const bytes = new Uint8Array([...enc("Name\n"), 0x4a, 0x6f, 0x73, 0xe9, 0x0a]); // "José" in cp1252
  const sheet = await parseSpreadsheet(bytes, "r.csv");
  assert.equal(sheet.rows[0].cells.name, "José");
  const utf16 = new Uint8Array([
    0xff,
    0xfe,
    ...[..."Name\tNote\nJosé\tx\n"].flatMap((c) => [c.charCodeAt(0), 0]),
  ]);
  assert.deepEqual((await parseSpreadsheet(utf16, "r.txt")).rows[0].cells, { name: "José", note: "x" });
});

Deno.test("bad files name the file and the row or line", async () => {
  assert.match(await fails(enc("")), /the file is empty: there is no header row/);
  await assert.rejects(
    () => parseSpreadsheet(enc(""), "r.csv"),
    (e) => (e as DomainError).code === ROSTER.badFile,
  );
  assert.match(await fails(enc("\n\n,,\n")), /the file is empty/);
  assert.match(
    await fails(enc("Transporter ID,Email\n\n")),
    /^roster\.csv: there are no rows under the header row\.$/,
  );
  assert.match(await fails(enc('Name,Email\nJane,"open\n')), /line \d+: .*quote/i);
  assert.match(
    await fails(enc("Email,E-mail\na,b\n")),
    /row 1: the column 'E-mail' appears twice \(also as 'Email'\)/,
  );
  assert.match(await fails(new Uint8Array([0, 1, 2, 0, 5])), /not a CSV text file/);
  assert.match(await fails(enc("PK\x03\x04garbage"), "r.xlsx"), /not an Excel workbook/);
});

Deno.test(`more than ${MAX_ROWS.toLocaleString("en-US")} rows is refused`, async () => {
  const body = "Name\n" + "x\n".repeat(MAX_ROWS + 1);
  assert.match(await fails(enc(body)), /more than 50,000 rows/);
});

Deno.test("XLSX: first non-empty sheet, rich text, hyperlinks, formulas, dates, sheet row numbers", async () => {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet("Empty");
  const ws = wb.addWorksheet("DAs");
  ws.addRow([]);
  ws.addRow(["First Name", "Email", "License Expiry", "Badge", "Total"]);
  ws.addRow([
    { richText: [{ text: "Ja" }, { text: "ne" }] },
    { text: "jane@example.com", hyperlink: "mailto:jane@example.com" },
    new Date(Date.UTC(2027, 11, 31)),
    40112,
    { formula: "1+1", result: 2 },
  ]);
  ws.addRow([]);
  ws.addRow(["Bo", "N/A", null, "-", { formula: "NA()", result: { error: "#N/A" } }]);
  const sheet = await parseSpreadsheet(new Uint8Array(await wb.xlsx.writeBuffer()), "r.xlsx");
  assert.deepEqual(sheet.headers.map((h) => h.key), [
    "firstname",
    "email",
    "licenseexpiry",
    "badge",
    "total",
  ]);
  assert.equal(sheet.rows.length, 2);
  const [a, b] = sheet.rows;
  assert.equal(a.row, 3);
  assert.equal(a.cells.firstname, "Jane");
  assert.equal(a.cells.email, "jane@example.com");
  assert.ok(a.cells.licenseexpiry instanceof Date);
  assert.equal(a.cells.badge, 40112);
  assert.equal(a.cells.total, 2);
  assert.equal(b.row, 5);
  assert.deepEqual(b.cells, { firstname: "Bo", email: null, licenseexpiry: null, badge: null, total: null });
});
