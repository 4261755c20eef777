import assert from "node:assert/strict";
import { decodeText, detectDelimiter, MAX_LINE_BYTES, readCsv } from "./csv.ts";
import { oneLineCsv } from "../../tests/fixtures/bad-files.ts";

const enc = (s: string) => new TextEncoder().encode(s);

Deno.test("decodeText: UTF-8 with or without BOM, UTF-16 LE and BE with their BOM, else Windows-1252", () => {
  assert.equal(decodeText(enc("\uFEFFa,b")), "a,b");
  assert.equal(decodeText(enc("José")), "José");
  assert.equal(
    decodeText(new Uint8Array([0x4a, 0x6f, 0x73, 0xe9])),
    "José",
    "cp1252 as Excel on Windows saves it",
  );
  assert.equal(decodeText(new Uint8Array([0xff, 0xfe, 0x61, 0, 0x2c, 0, 0x62, 0])), "a,b");
  assert.equal(decodeText(new Uint8Array([0xfe, 0xff, 0, 0x61, 0, 0x3b, 0, 0x62])), "a;b");
});

Deno.test("detectDelimiter: the most frequent of , ; and tab on the header line, outside quotes", () => {
  assert.equal(detectDelimiter("a;b;c\n1;2;3"), ";");
  assert.equal(detectDelimiter('"a;b",c\n'), ",");
  assert.equal(detectDelimiter("a\tb\n"), "\t");
  assert.equal(detectDelimiter("single\n"), ",");
});

Deno.test("readCsv: every record, blank lines kept, so record i is line i + 1", () => {
  const r = readCsv(enc('Name;Note\r\n"Doe, Jane";"two\nlines"\r\n\r\nBo;x'));
  assert.ok(r.ok);
  assert.deepEqual(r.records, [["Name", "Note"], ["Doe, Jane", "two\nlines"], [""], ["Bo", "x"]]);
  const utf16 = readCsv(
    new Uint8Array([0xff, 0xfe, ...[..."a\tb\n1\t2"].flatMap((c) => [c.charCodeAt(0), 0])]),
  );
  assert.ok(utf16.ok);
  assert.deepEqual(utf16.records, [["a", "b"], ["1", "2"]]);
});

Deno.test("readCsv: binary files are not text; an open quote is malformed with its line", () => {
  for (const text of ["%PDF-1.4 xx", "PK\u0003\u0004abc", "a\u0000b"]) {
    assert.deepEqual(readCsv(enc(text)), { ok: false, fault: "not_text" }, text);
  }
  const r = readCsv(enc('a,b\n1,"2'));
  assert.ok(!r.ok && r.fault === "malformed");
  assert.match(r.why, /quote/i);
  assert.equal(typeof r.line, "number");
});

Deno.test("readCsv: a line over 1 MB is refused naming it, before csv-parse sees the file", () => {
  const long = "x".repeat(MAX_LINE_BYTES + 1);
  assert.deepEqual(readCsv(enc(`a,b\n1,2\n${long}\n3,4\n`)), {
    ok: false,
    fault: "malformed",
    why: "line 3 is longer than 1 MB, more than one CSV line may hold",
    line: 3,
  });
  const read = readCsv(oneLineCsv());
  assert.ok(!read.ok && read.fault === "malformed" && read.line === 1);
  // A line of exactly 1 MB is still read.
  const fits = readCsv(enc(`a\n${"y".repeat(MAX_LINE_BYTES)}`));
  assert.ok(fits.ok && fits.records[1][0].length === MAX_LINE_BYTES);
});
