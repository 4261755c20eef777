import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { DomainError } from "../errors.ts";
import { UPLOAD } from "./errors.ts";
import { concatBytes } from "../bytes.ts";
import { assertSafeXlsx, inflatedSize, readCentralDirectory, ZIP_LIMITS } from "./zip.ts";
import { lyingZipXlsx } from "../../tests/fixtures/bad-files.ts";

// ------------------------------------------------------------------ a tiny ZIP writer for crafted archives

interface Part {
  name: string;
  data: Uint8Array;
  deflate?: boolean;
  /** Lie in the central directory (and local header) about the sizes. */
  claimUncompressed?: number;
  claimCompressed?: number;
}

async function deflateRaw(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function makeZip(parts: Part[], opts: { zip64?: boolean } = {}): Promise<Uint8Array> {
  const enc = new TextEncoder();
  const chunks: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = enc.encode(p.name);
    const body = p.deflate ? await deflateRaw(p.data) : p.data;
    const csize = p.claimCompressed ?? body.length, usize = p.claimUncompressed ?? p.data.length;
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, p.deflate ? 8 : 0, true);
    local.setUint32(18, csize, true);
    local.setUint32(22, usize, true);
    local.setUint16(26, name.length, true);
    chunks.push(new Uint8Array(local.buffer), name, body);
    const cd = new DataView(new ArrayBuffer(46));
    cd.setUint32(0, 0x02014b50, true);
    cd.setUint16(4, 20, true);
    cd.setUint16(6, 20, true);
    cd.setUint16(10, p.deflate ? 8 : 0, true);
    cd.setUint32(20, csize, true);
    cd.setUint32(24, usize, true);
    cd.setUint16(28, name.length, true);
    cd.setUint32(42, offset, true);
    central.push(new Uint8Array(cd.buffer), name);
    offset += 30 + name.length + body.length;
  }
  const cdSize = central.reduce((n, c) => n + c.length, 0);
  const tail: Uint8Array[] = [];
  if (opts.zip64) {
    const rec = new DataView(new ArrayBuffer(56));
    rec.setUint32(0, 0x06064b50, true);
    rec.setBigUint64(4, 44n, true);
    rec.setBigUint64(24, BigInt(parts.length), true);
    rec.setBigUint64(32, BigInt(parts.length), true);
    rec.setBigUint64(40, BigInt(cdSize), true);
    rec.setBigUint64(48, BigInt(offset), true);
    const loc = new DataView(new ArrayBuffer(20));
    loc.setUint32(0, 0x07064b50, true);
    loc.setBigUint64(8, BigInt(offset + cdSize), true);
    loc.setUint32(16, 1, true);
    tail.push(new Uint8Array(rec.buffer), new Uint8Array(loc.buffer));
  }
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, opts.zip64 ? 0xffff : parts.length, true);
  end.setUint16(10, opts.zip64 ? 0xffff : parts.length, true);
  end.setUint32(12, opts.zip64 ? 0xffffffff : cdSize, true);
  end.setUint32(16, opts.zip64 ? 0xffffffff : offset, true);
  const all = [...chunks, ...central, ...tail, new Uint8Array(end.buffer)];
  return concatBytes(all);
}

async function refusal(bytes: Uint8Array, code?: string): Promise<string> {
  try {
    await assertSafeXlsx(bytes, "roster.xlsx");
  } catch (e) {
    assert.ok(e instanceof DomainError, String(e));
    assert.equal(e.kind, "invalid");
    assert.match(e.code, /^upload\./);
    if (code) assert.equal(e.code, code);
    assert.deepEqual(e.fields.file, [e.message]);
    const detail = e.message;
    assert.match(detail, /^roster\.xlsx: /, "the message names the file");
    return detail;
  }
  throw new Error("expected a refusal");
}

const text = (s: string) => new TextEncoder().encode(s);

// ------------------------------------------------------------------ tests

Deno.test("a real workbook from exceljs passes", async () => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("DAs");
  ws.addRow(["Transporter ID", "First Name"]);
  for (let i = 0; i < 2000; i++) ws.addRow([`A${String(i).padStart(13, "0")}`, "Jane"]);
  await assertSafeXlsx(new Uint8Array(await wb.xlsx.writeBuffer()), "ok.xlsx");
});

Deno.test("a small honest archive passes, stored and deflated parts alike", async () => {
  await assertSafeXlsx(
    await makeZip([
      { name: "[Content_Types].xml", data: text("<Types/>") },
      { name: "xl/workbook.xml", data: text("<workbook>" + "x".repeat(5000) + "</workbook>"), deflate: true },
    ]),
  );
});

Deno.test("not a ZIP at all, or an old .xls / password-protected file: a clear 400", async () => {
  assert.match(
    await refusal(text("First Name,Last Name\nJane,Doe\n"), UPLOAD.notXlsx),
    /not an Excel workbook/,
  );
  const ole = new Uint8Array(512);
  ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  assert.match(await refusal(ole), /old Excel 97-2003 \(\.xls\) or a password-protected/);
  // The ZIP signature but no end-of-directory record: damaged.
  assert.match(
    await refusal(new Uint8Array([0x50, 0x4b, 3, 4, ...new Uint8Array(40)])),
    /not an Excel workbook/,
  );
});

Deno.test("more than 1,000 parts is refused", async () => {
  const parts = Array.from(
    { length: ZIP_LIMITS.maxEntries + 1 },
    (_, i) => ({ name: `p${i}.xml`, data: text("x") }),
  );
  assert.match(await refusal(await makeZip(parts)), /1,001 parts \(at most 1,000\)/);
  const ok = await makeZip(parts.slice(0, ZIP_LIMITS.maxEntries));
  await assertSafeXlsx(ok, "ok.xlsx");
});

Deno.test("a part that expands more than 200 times is a zip bomb", async () => {
  const zeros = new Uint8Array(5 * 1024 * 1024);
  const detail = await refusal(
    await makeZip([{ name: "xl/worksheets/sheet1.xml", data: zeros, deflate: true }]),
  );
  assert.match(detail, /zip bomb: part xl\/worksheets\/sheet1\.xml expands \d+ times \(at most 200\)/);
});

Deno.test("over 100 MB unpacked is refused from the directory alone, before inflating anything", async () => {
  // Two parts claiming 60 MB each from 1 MB each (ratio 60): only the total is wrong.
  const mb = 1024 * 1024;
  const bytes = await makeZip([
    {
      name: "a.xml",
      data: new Uint8Array(10),
      deflate: true,
      claimUncompressed: 60 * mb,
      claimCompressed: mb,
    },
    {
      name: "b.xml",
      data: new Uint8Array(10),
      deflate: true,
      claimUncompressed: 60 * mb,
      claimCompressed: mb,
    },
  ]);
  assert.match(await refusal(bytes, UPLOAD.zipBomb), /unpacks to 120 MB \(at most 100 MB\)/);
});

Deno.test("a directory that understates a part's size is caught while inflating", async () => {
  const bytes = await makeZip([{
    name: "xl/sharedStrings.xml",
    data: new Uint8Array(300_000).fill(65),
    deflate: true,
    claimUncompressed: 50_000,
  }]);
  // Declared 50,000 from ~1 KB is under the ratio; the data itself yields 300,000.
  assert.match(await refusal(bytes), /unpacks to more than the 50,000 bytes it declares/);
});

Deno.test("a stored part whose sizes disagree, or data cut short, is damaged", async () => {
  const lie = await makeZip([{ name: "a.xml", data: text("hello"), claimUncompressed: 99 }]);
  assert.match(await refusal(lie), /damaged/);
  const whole = await makeZip([{ name: "a.xml", data: text("hello world, hello world"), deflate: true }]);
  const cut = await makeZip([{
    name: "a.xml",
    data: text("hello world, hello world"),
    deflate: true,
    claimCompressed: 5000,
  }]);
  await assertSafeXlsx(whole, "ok.xlsx");
  assert.match(await refusal(cut), /damaged/);
});

Deno.test("ZIP64 directories are read (entry count and offsets from the ZIP64 record)", async () => {
  const bytes = await makeZip([{ name: "a.xml", data: text("a") }, { name: "b.xml", data: text("bb") }], {
    zip64: true,
  });
  const entries = readCentralDirectory(bytes, "z.xlsx");
  assert.deepEqual(entries.map((e) => [e.name, e.uncompressedSize]), [["a.xml", 1], ["b.xml", 2]]);
  await assertSafeXlsx(bytes, "z.xlsx");
});

Deno.test("inflation stops at the declared size: a 1 MB sheet that unpacks to ~1 GB is never unpacked", async () => {
  const bytes = await lyingZipXlsx();
  const sheet = readCentralDirectory(bytes, "roster.xlsx").find((e) =>
    e.name === "xl/worksheets/sheet1.xml"
  )!;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const o = sheet.localHeaderOffset;
  const start = o + 30 + view.getUint16(o + 26, true) + view.getUint16(o + 28, true);
  // The inflater is fed small pieces, so it stops a few MB past the limit, not after the whole gigabyte.
  const n = await inflatedSize(bytes.subarray(start, start + sheet.compressedSize), sheet.uncompressedSize);
  assert.ok(n > sheet.uncompressedSize && n < 8 * 1024 * 1024, `inflated ${n} bytes`);
  assert.match(
    await refusal(bytes, UPLOAD.zipBomb),
    /part xl\/worksheets\/sheet1\.xml unpacks to more than the 20,000 bytes it declares/,
  );
});

Deno.test("a local header that declares other sizes than the directory is refused", async () => {
  const bytes = await makeZip([{ name: "a.xml", data: text("hello world, hello world"), deflate: true }]);
  new DataView(bytes.buffer).setUint32(22, 7, true); // the local header's uncompressed size
  assert.match(await refusal(bytes, UPLOAD.zipBomb), /part a\.xml declares two different sizes/);
});

Deno.test("parts that share their data (an overlapping zip bomb) are refused", async () => {
  const bytes = await makeZip([
    { name: "a.xml", data: text("hello world, hello world"), deflate: true },
    { name: "b.xml", data: text("hello world, hello world"), deflate: true },
  ]);
  const entries = readCentralDirectory(bytes, "roster.xlsx");
  // Point b's directory entry at a's local header: both parts are then the same bytes.
  const cdStart = bytes.length - 22 - 2 * 46 - 10;
  const second = cdStart + 46 + 5;
  assert.equal(new DataView(bytes.buffer).getUint32(second + 42, true), entries[1].localHeaderOffset);
  new DataView(bytes.buffer).setUint32(second + 42, 0, true);
  assert.match(await refusal(bytes, UPLOAD.zipBomb), /parts a\.xml and b\.xml overlap/);
});
