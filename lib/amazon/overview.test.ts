import assert from "node:assert/strict";
import { makeOverview, overviewFileName, standings } from "../dev/amazon/overview.ts";
import { makeDas } from "../dev/amazon/mutate.ts";
import { parseOverview } from "./overview.ts";

const das = makeDas(150, 7);
const base = { station: "DON9", week: 21, year: 2026, das, seed: 11 };
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const enc = (s: string) => new TextEncoder().encode(s);
const fatalOf = (r: { problems: { fatal?: boolean; message: string }[] }) =>
  r.problems.filter((p) => p.fatal).map((p) => p.message).join(" | ");

Deno.test("overview: both standing generations parse every DA with typed values", () => {
  for (const variant of ["standing", "performance"] as const) {
    const f = makeOverview({ ...base, variant });
    const r = parseOverview(f.bytes, f.fileName);
    assert(r.ok, fatalOf(r));
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.identity, {
      kind: "overview-csv",
      station: "DON9",
      week: { year: 2026, week: 21 },
      dsp: "ACME",
    });
    assert.deepEqual(r.rows.length, 150);
    assert.deepEqual(r.rows.map((x) => x.transporter_id), das.map((d) => d.transporterId));
    const row = r.rows[0];
    assert.deepEqual(row.row, 2);
    assert.deepEqual(row.week, "2026-W21");
    assert.deepEqual(row.da_name, das[0].name);
    assert(standings(variant).includes(row.overall_standing!), row.overall_standing!);
    assert(Number.isInteger(row.fico_metric) && row.fico_metric! >= 700);
    assert.deepEqual(typeof row.dcr, "number");
    assert(row.dcr! > 90 && row.dcr! <= 100);
    assert(Number.isInteger(row.dsb_dpmo));
    assert.deepEqual(row.weights.dcr, 20);
    assert.deepEqual(Object.keys(row.weights).length, 12);
    for (const x of r.rows) assert.deepEqual(Math.round(x.overall_score! * 100) / 100, x.overall_score);
  }
});

Deno.test("overview: BOM, '-' and 'N/A' cells, semicolons and a republished name are accepted", () => {
  const f = makeOverview({ ...base, bom: true, republished: true });
  assert.match(f.fileName, / \(1\)\.csv$/);
  assert.deepEqual(f.bytes[0], 0xef);
  const lines = dec(f.bytes).replace(/^\uFEFF/, "").split("\r\n");
  const cells = lines[1].split(",");
  cells[8] = "-"; // Speeding Event Rate
  cells[9] = "N/A"; // its tier: kept as N/A
  cells[29] = "N/A"; // DCR
  lines[1] = cells.join(",");
  const semi = "\uFEFF" + lines.map((l) => l.replaceAll(",", ";")).join("\r\n");
  const r = parseOverview(enc(semi), f.fileName);
  assert(r.ok, fatalOf(r));
  assert.deepEqual(r.rows.length, 150);
  assert.deepEqual(r.rows[0].speeding_event_rate, null);
  assert.deepEqual(r.rows[0].speeding_event_rate_tier, "N/A");
  assert.deepEqual(r.rows[0].dcr, null);
  assert.deepEqual(r.identity.station, "DON9");
});

Deno.test("overview: header case and spacing do not matter; Windows-1252 names survive", () => {
  const f = makeOverview({ ...base, das: [{ transporterId: "A1B2C3D4E5F6G7", name: "José Peña" }] });
  const text = dec(f.bytes).replace("Transporter ID", "  TRANSPORTER id ").replace(
    "Overall Score",
    "overall score ",
  );
  const bytes = Uint8Array.from([...text].map((c) => c === "é" ? 0xe9 : c === "ñ" ? 0xf1 : c.charCodeAt(0)));
  const r = parseOverview(bytes, f.fileName);
  assert(r.ok, fatalOf(r));
  assert.deepEqual(r.rows[0].da_name, "José Peña");
  assert.deepEqual(r.rows[0].transporter_id, "A1B2C3D4E5F6G7");
});

Deno.test("overview: a missing key column is fatal and named; missing metrics read empty", () => {
  const f = makeOverview(base);
  const r = parseOverview(enc(dec(f.bytes).replace("Transporter ID", "Driver")), f.fileName);
  assert.deepEqual(r.ok, false);
  assert.deepEqual(r.rows, []);
  const p = r.problems.find((x) => x.fatal)!;
  assert.deepEqual(p.column, "Transporter ID");
  assert.match(p.message, /key column 'Transporter ID' is missing/);
  assert.equal(p.code, "missing_key_columns");
  const two = parseOverview(
    enc(dec(f.bytes).replace("Week,", "Wk,").replace(",DCR,", ",D C X,")),
    f.fileName,
  );
  assert.ok(two.ok, fatalOf(two));
  assert.ok(two.rows.every((x) => x.dcr === null && x.week === "2026-W21"));
  assert.deepEqual(two.problems.map((x) => x.columns), [["DCR"], ["Wk", "D C X"]]);
  const unnamed = parseOverview(enc(dec(f.bytes).replace("Week,", "Wk,")), "overview.csv");
  assert.match(fatalOf(unnamed), /key column 'Week' is missing/);
});

Deno.test("overview: a wrong value skips its row with a problem naming row and column", () => {
  const f = makeOverview(base);
  const lines = dec(f.bytes).split("\r\n");
  const cells = lines[5].split(",");
  cells[29] = "ninety%"; // DCR
  cells[41] = "lots"; // Packages Delivered
  lines[5] = cells.join(",");
  const c2 = lines[9].split(",");
  c2[2] = "X123";
  lines[9] = c2.join(",");
  const r = parseOverview(enc(lines.join("\r\n")), f.fileName);
  assert(r.ok, fatalOf(r));
  assert.deepEqual(r.rows.length, 148);
  assert.deepEqual(r.problems.length, 3);
  assert.deepEqual(r.problems[0], {
    file: f.fileName,
    row: 6,
    column: "DCR",
    message: "'ninety%' is not a percentage; the row was skipped.",
  });
  assert.deepEqual(r.problems[1].column, "Packages Delivered");
  assert.deepEqual(r.problems[2].row, 10);
  assert.deepEqual(r.problems[2].column, "Transporter ID");
  assert(!r.rows.some((x) => x.row === 6 || x.row === 10));
});

Deno.test("overview: a file cut short is fatal; so are an empty file, a header alone and a PDF", () => {
  const f = makeOverview(base);
  const text = dec(f.bytes);
  const cut = parseOverview(enc(text.slice(0, Math.floor(text.length * 0.6))), f.fileName);
  assert.deepEqual(cut.ok, false);
  assert.match(fatalOf(cut), /cut short/);
  assert.deepEqual(cut.rows, []);
  assert.deepEqual(parseOverview(new Uint8Array(), f.fileName).ok, false);
  const header = parseOverview(enc(text.split("\r\n")[0] + "\r\n"), f.fileName);
  assert.match(fatalOf(header), /no DA rows/);
  assert.match(fatalOf(parseOverview(enc("%PDF-1.7\n%binary"), f.fileName)), /not a CSV/);
  const open = text.split("\r\n").slice(0, 3).join("\r\n") + '\r\n2026-W21,"Jane';
  assert.match(fatalOf(parseOverview(enc(open), f.fileName)), /cannot be read \(.*opening quote at line 4/);
});

Deno.test("overview: the week in the name must agree with the Week column", () => {
  const f = makeOverview(base);
  const wrong = parseOverview(f.bytes, overviewFileName({ ...base, week: 20 }));
  assert.deepEqual(wrong.ok, false);
  assert.match(fatalOf(wrong), /file name says week 2026-W20 but the Week column says 2026-W21/);
  const mixed = enc(dec(f.bytes).replace(/\r\n2026-W21,/, "\r\n2026-W22,"));
  assert.match(fatalOf(parseOverview(mixed, f.fileName)), /several weeks \(2026-W22, 2026-W21\)/);
  // a renamed file without the week takes the Week column's
  const renamed = parseOverview(f.bytes, "DSP_Overview_Dashboard_ACME_DON9.csv");
  assert(renamed.ok, fatalOf(renamed));
  assert.deepEqual(renamed.identity.week, { year: 2026, week: 21 });
});

Deno.test("overview: the station comes from the name, or from the caller when the name has none", () => {
  const f = makeOverview(base);
  assert.match(fatalOf(parseOverview(f.bytes, "overview.csv")), /station is not in the file name/);
  const given = parseOverview(f.bytes, "overview.csv", { station: "hyz1" });
  assert(given.ok);
  assert.deepEqual(given.identity.station, "HYZ1");
  assert.match(
    fatalOf(parseOverview(f.bytes, f.fileName, { station: "HYZ1" })),
    /says station DON9 but the upload is for HYZ1/,
  );
});

Deno.test("overview: a DA listed twice keeps the first row", () => {
  const f = makeOverview({ ...base, das: das.slice(0, 3) });
  const lines = dec(f.bytes).trimEnd().split("\r\n");
  const r = parseOverview(enc([...lines, lines[1]].join("\r\n")), f.fileName);
  assert(r.ok);
  assert.deepEqual(r.rows.length, 3);
  assert.deepEqual(r.problems[0].row, 5);
  assert.match(r.problems[0].message, /already on row 2/);
});

Deno.test("overview: title lines above the header are passed over, data above it is not", () => {
  const f = makeOverview({ ...base, das: das.slice(0, 5) });
  const titled = parseOverview(enc(`DSP Overview Dashboard,ACME\r\n\r\n${dec(f.bytes)}`), f.fileName);
  assert.ok(titled.ok, fatalOf(titled));
  assert.equal(titled.rows.length, 5);
  assert.equal(titled.rows[0].row, 4);
  const lines = dec(f.bytes).split("\r\n");
  [lines[0], lines[1]] = [lines[1], lines[0]];
  assert.match(fatalOf(parseOverview(enc(lines.join("\r\n")), f.fileName)), /is missing/);
});
