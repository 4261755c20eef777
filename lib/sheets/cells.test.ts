import assert from "node:assert/strict";
import { cellText, cellValue, loose } from "./cells.ts";
import { safeCell } from "../exports/tabular.ts";

Deno.test("cellText: trims, '-' / 'N/A' / empty are null, numbers lose '.0', dates become YYYY-MM-DD", () => {
  assert.equal(cellText("  Jane "), "Jane");
  for (const v of ["", "  ", "-", "N/A", "n/a", "#N/A", "—", null, undefined]) {
    assert.equal(cellText(v as never), null, String(v));
  }
  assert.equal(cellText(12065550100), "12065550100");
  assert.equal(cellText(40112), "40112");
  assert.equal(cellText(1.5), "1.5");
  assert.equal(cellText(new Date(Date.UTC(2027, 2, 4))), "2027-03-04");
  assert.equal(cellText(true), "TRUE");
  assert.equal(cellText("Na"), "Na", "a surname, not a null marker");
});

Deno.test("cellText undoes the formula guard of our own exports", () => {
  assert.equal(cellText(safeCell("+1 206 555 0100") as string), "+1 206 555 0100");
  assert.equal(cellText(safeCell("-") as string), null);
  assert.equal(cellText("'plain"), "'plain", "an apostrophe before ordinary text is kept");
});

Deno.test("ExcelJS values map to plain cells", () => {
  assert.equal(cellValue({ error: "#REF!" }), "#REF!");
  assert.equal(cellValue({ formula: "A1" }), null);
  assert.equal(cellValue({ formula: "1+1", result: 2 }), 2);
  assert.equal(cellValue({ richText: [{ text: "Ja" }, { text: "ne" }] }), "Jane");
  assert.equal(cellValue({ text: { richText: [{ text: "x" }] }, hyperlink: "h" }), "x");
  assert.equal(cellValue({ hyperlink: "https://x.test" }), "https://x.test");
  assert.equal(cellValue(undefined), null);
  const d = new Date(Date.UTC(2027, 0, 2));
  assert.equal(cellValue(d), d);
});

Deno.test("loose keys: case, spaces and punctuation do not matter", () => {
  assert.equal(loose(" Transporter ID "), "transporterid");
  assert.equal(loose("E-mail"), "email");
});
