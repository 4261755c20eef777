import assert from "node:assert/strict";
import {
  gridToXlsx,
  makeReliabilityXlsx,
  reliabilityFileName,
  reliabilityGrid,
} from "../dev/amazon/reliability-xlsx.ts";
import { parseReliabilityXlsx } from "./reliability-xlsx.ts";

const base = { station: "DON9", week: 21, year: 2026, seed: 8 };
const fatalOf = (r: { problems: { fatal?: boolean; message: string }[] }) =>
  r.problems.filter((p) => p.fatal).map((p) => p.message).join(" | ");
const xlsx = (grid: unknown[][], name = "Sheet1") => gridToXlsx([{ name, grid, percentRows: [1, 5] }]);

/** A one-part ZIP whose part unpacks far beyond the guard's ratio (a zip bomb in miniature). */
async function bomb(): Promise<Uint8Array> {
  const data = new Uint8Array(2 * 1024 * 1024);
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const body = new Uint8Array(await new Response(stream).arrayBuffer());
  const name = new TextEncoder().encode("xl/worksheets/sheet1.xml");
  const local = new DataView(new ArrayBuffer(30));
  local.setUint32(0, 0x04034b50, true);
  local.setUint16(8, 8, true);
  local.setUint32(18, body.length, true);
  local.setUint32(22, data.length, true);
  local.setUint16(26, name.length, true);
  const cd = new DataView(new ArrayBuffer(46));
  cd.setUint32(0, 0x02014b50, true);
  cd.setUint16(10, 8, true);
  cd.setUint32(20, body.length, true);
  cd.setUint32(24, data.length, true);
  cd.setUint16(28, name.length, true);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, 1, true);
  end.setUint16(10, 1, true);
  end.setUint32(12, 46 + name.length, true);
  end.setUint32(16, 30 + name.length + body.length, true);
  const parts = [
    new Uint8Array(local.buffer),
    name,
    body,
    new Uint8Array(cd.buffer),
    name,
    new Uint8Array(end.buffer),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
}

Deno.test("reliability xlsx: Excel dates with % formats and text dates with '98.5%' both parse", async () => {
  for (const variant of ["excel", "text"] as const) {
    const f = await makeReliabilityXlsx({ ...base, variant });
    const r = await parseReliabilityXlsx(f.bytes, f.fileName);
    assert.ok(r.ok, fatalOf(r));
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.identity, {
      kind: "reliability-xlsx",
      station: "DON9",
      week: { year: 2026, week: 21 },
      dsp: "ACME",
    });
    assert.deepEqual(r.rows.map((d) => d.date), [
      "2026-05-17",
      "2026-05-18",
      "2026-05-19",
      "2026-05-20",
      "2026-05-21",
      "2026-05-22",
      "2026-05-23",
    ]);
    for (const d of r.rows) {
      assert.ok(d.capacityReliability! > 80 && d.capacityReliability! <= 100, String(d.capacityReliability));
      assert.equal(d.reliabilityTarget, 98);
      assert.ok(d.routeTarget! >= 28);
    }
    assert.ok(r.total);
    assert.equal(r.total.completedRoutes, r.rows.reduce((a, d) => a + (d.completedRoutes ?? 0), 0));
    if (variant === "text") assert.ok(r.rows.some((d) => d.amazonPaidCancels === null), "'-' reads as empty");
  }
});

Deno.test("reliability xlsx: a bad cell is skipped with row and column; an unknown row is ignored", async () => {
  const grid = reliabilityGrid({ ...base, variant: "text" });
  grid[2][3] = "many";
  grid.push(["Notes", "x"]);
  const r = await parseReliabilityXlsx(await xlsx(grid), reliabilityFileName(base));
  assert.ok(r.ok, fatalOf(r));
  assert.equal(r.rows[2].completedRoutes, null);
  assert.deepEqual(r.problems.map((p) => [p.row, p.column ?? null]), [[3, "Tue 05/19/2026"], [11, null]]);
  assert.match(r.problems[0].message, /'many' is not a whole number \('Completed routes'\)/);
});

Deno.test("reliability xlsx: a missing row reads empty; no known row, dates over two weeks and a wrong name week are fatal", async () => {
  const grid = reliabilityGrid(base);
  const unlabelled = grid.map((r, i) => (i === 1 ? ["", ...r.slice(1)] : r));
  const noRow = await parseReliabilityXlsx(await xlsx(unlabelled), reliabilityFileName(base));
  assert.ok(noRow.ok, fatalOf(noRow));
  assert.ok(noRow.rows.every((d) => d.capacityReliability === null));
  assert.ok(noRow.rows.some((d) => d.completedRoutes !== null));
  assert.deepEqual(noRow.problems.map((p) => [p.code, p.columns]), [["missing_columns", [
    "Capacity reliability",
  ]]]);
  const none = await parseReliabilityXlsx(await xlsx([grid[0], ["Notes", "x"]]), reliabilityFileName(base));
  assert.match(fatalOf(none), /none of the rows this import reads/);
  const two = grid.map((r) => [...r]);
  two[0][7] = new Date("2026-05-24T00:00:00Z");
  assert.match(
    fatalOf(await parseReliabilityXlsx(await xlsx(two), reliabilityFileName(base))),
    /more than one week \(2026-W21, 2026-W22\)/,
  );
  const f = await makeReliabilityXlsx(base);
  const wrong = await parseReliabilityXlsx(f.bytes, reliabilityFileName({ ...base, week: 22 }));
  assert.match(fatalOf(wrong), /file name says week 2026-W22 but the dates are in 2026-W21/);
  assert.equal(wrong.total, null);
  assert.deepEqual(wrong.rows, []);
  const noDates = await parseReliabilityXlsx(
    await xlsx([["", "a", "b"], ["Capacity reliability", 1, 2]]),
    reliabilityFileName(base),
  );
  assert.match(fatalOf(noDates), /no row of dates/);
});

Deno.test("reliability xlsx: a title above the table names station and week, checked against the name", async () => {
  const grid = [["ACME at HYZ1"], ["Week 21 - 2026"], ...reliabilityGrid(base)];
  const r = await parseReliabilityXlsx(await xlsx(grid), "Capacity_Reliability.xlsx");
  assert.ok(r.ok, fatalOf(r));
  assert.equal(r.identity.station, "HYZ1");
  const clash = await parseReliabilityXlsx(await xlsx(grid), reliabilityFileName(base));
  assert.match(fatalOf(clash), /file name says station DON9 but the sheet says HYZ1/);
});

Deno.test("reliability xlsx: corrupt, cut, non-workbook and zip-bomb files are fatal, never thrown", async () => {
  const f = await makeReliabilityXlsx(base);
  const cut = await parseReliabilityXlsx(f.bytes.slice(0, f.bytes.length >> 1), f.fileName);
  assert.equal(cut.ok, false);
  const csv = await parseReliabilityXlsx(new TextEncoder().encode("a,b\n1,2\n"), f.fileName);
  assert.match(fatalOf(csv), /not an Excel workbook/);
  const boom = await parseReliabilityXlsx(await bomb(), f.fileName);
  assert.equal(boom.ok, false);
  assert.match(fatalOf(boom), /zip bomb|compression|ratio/i);
});
