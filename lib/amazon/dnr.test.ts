import assert from "node:assert/strict";
import { dnrFileName, makeDnr } from "../dev/amazon/dnr.ts";
import { makeDas } from "../dev/amazon/mutate.ts";
import { parseDnr } from "./dnr.ts";

const das = makeDas(150, 21);
const base = { station: "HYZ1", week: 5, year: 2026, das, seed: 3, dsp: "BLUE_SKY" };
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const enc = (s: string) => new TextEncoder().encode(s);
const fatalOf = (r: { problems: { fatal?: boolean; message: string }[] }) =>
  r.problems.filter((p) => p.fatal).map((p) => p.message).join(" | ");

Deno.test("dnr: both variants parse every DA; counts are integers", () => {
  for (const variant of ["clean", "exported"] as const) {
    const f = makeDnr({ ...base, variant, bom: variant === "exported" });
    const r = parseDnr(f.bytes, f.fileName);
    assert.ok(r.ok, fatalOf(r));
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.identity, {
      kind: "dnr-csv",
      station: "HYZ1",
      week: { year: 2026, week: 5 },
      dsp: "BLUE_SKY",
    });
    assert.equal(r.rows.length, 150);
    for (const row of r.rows) {
      assert.equal(row.week, "2026-W05");
      assert.ok(row.attended_delivery_count! >= 50);
      const flags = [
        row.simultaneous_deliveries,
        row.delivered_over_50_m,
        row.incorrect_scan_usage_attended_delivery,
        row.incorrect_scan_usage_unattended_delivery,
        row.no_pod_on_delivery,
        row.scanned_not_delivered_not_returned,
      ].map((x) => x ?? 0);
      assert.equal(row.dsb_count ?? 0, flags.reduce((a, b) => a + b, 0));
    }
    assert.equal(r.rows[0].transporter_id, das[0].transporterId);
    assert.equal(r.rows[0].da, das[0].name);
  }
});

Deno.test("dnr: thousands commas and '-' read as numbers and null", () => {
  const f = makeDnr({ ...base, das: das.slice(0, 1) });
  const lines = dec(f.bytes).split("\r\n");
  const c = lines[1].split(",");
  lines[1] = [...c.slice(0, 3), "-", '"1,234"', ...c.slice(5)].join(",");
  const r = parseDnr(enc(lines.join("\r\n")), f.fileName);
  assert.ok(r.ok, fatalOf(r));
  assert.equal(r.rows[0].dsb_count, null);
  assert.equal(r.rows[0].dsb_dpmo, 1234);
});

Deno.test("dnr: a missing metric column reads empty with a warning; a missing TID is fatal", () => {
  const f = makeDnr(base);
  const r = parseDnr(enc(dec(f.bytes).replace("No POD on Delivery", "No Photo")), f.fileName);
  assert.ok(r.ok, fatalOf(r));
  assert.ok(r.rows.every((x) => x.no_pod_on_delivery === null));
  assert.deepEqual(r.problems.map((p) => [p.code, p.columns]), [
    ["missing_columns", ["No POD on Delivery"]],
    ["extra_columns", ["No Photo"]],
  ]);
  const k = parseDnr(enc(dec(f.bytes).replace("TID", "Driver")), f.fileName);
  assert.equal(k.ok, false);
  assert.match(fatalOf(k), /key column 'TID' is missing/);
});

Deno.test("dnr: a wrong value skips the row, naming row and column", () => {
  const f = makeDnr(base);
  const lines = dec(f.bytes).split("\r\n");
  const c = lines[3].split(",");
  c[4] = "12.5";
  lines[3] = c.join(",");
  const r = parseDnr(enc(lines.join("\r\n")), f.fileName);
  assert.ok(r.ok);
  assert.equal(r.rows.length, 149);
  assert.deepEqual(r.problems, [{
    file: f.fileName,
    row: 4,
    column: "DSB DPMO",
    message: "'12.5' is not a whole number; the row was skipped.",
  }]);
});

Deno.test("dnr: truncated and wrong-week files are fatal", () => {
  const f = makeDnr(base);
  const text = dec(f.bytes);
  const cut = parseDnr(enc(text.slice(0, text.length - 9)), f.fileName);
  assert.equal(cut.ok, false);
  assert.match(fatalOf(cut), /cut short/);
  const wrong = parseDnr(f.bytes, dnrFileName({ ...base, week: 6 }));
  assert.match(fatalOf(wrong), /file name says week 2026-W06 but the Week column says 2026-W05/);
  const notAWeek = parseDnr(enc(text.replaceAll("2026-W05", "May 2026")), f.fileName);
  assert.equal(notAWeek.ok, false);
  assert.match(fatalOf(notAWeek), /none of the 150 rows/);
  assert.match(notAWeek.problems[0].message, /'May 2026' is not a week like 2026-W21/);
});

Deno.test("dnr: a republished copy and 'Week5_2026' in the name are the same week", () => {
  const f = makeDnr({ ...base, republished: true });
  assert.ok(parseDnr(f.bytes, f.fileName).ok);
  const r = parseDnr(f.bytes, "Quality_DSB_DNR_BLUE_SKY_HYZ1_Week5_2026_v2.csv");
  assert.ok(r.ok, fatalOf(r));
  assert.equal(r.identity.dsp, "BLUE_SKY");
});
