import assert from "node:assert/strict";
import { concessionsFileName, makeConcessions } from "../dev/amazon/concessions.ts";
import { makeDas } from "../dev/amazon/mutate.ts";
import { parseConcessions } from "./concessions.ts";

const das = makeDas(150, 5);
const base = { station: "DTO3", week: 21, year: 2026, das, seed: 9 };
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const enc = (s: string) => new TextEncoder().encode(s);
const fatalOf = (r: { problems: { fatal?: boolean; message: string }[] }) =>
  r.problems.filter((p) => p.fatal).map((p) => p.message).join(" | ");

Deno.test("concessions: 1/0 and x/. flags both read as booleans; dates as YYYY-MM-DD", () => {
  for (const variant of ["digits", "marks"] as const) {
    const f = makeConcessions({ ...base, variant });
    const r = parseConcessions(f.bytes, f.fileName);
    assert.ok(r.ok, fatalOf(r));
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.identity, {
      kind: "concessions-csv",
      station: "DTO3",
      week: { year: 2026, week: 21 },
      dsp: "ACME",
    });
    assert.ok(r.rows.length > 100);
    for (const row of r.rows) {
      assert.ok(row.delivery_date! >= "2026-05-17" && row.delivery_date! <= "2026-05-23", row.delivery_date!);
      assert.equal(typeof row.impacts_dsb, "boolean");
      assert.ok(
        row.simultaneous_deliveries || row.delivered_over_50_m ||
          row.incorrect_scan_usage_attended_delivery ||
          row.incorrect_scan_usage_unattended_delivery || row.no_pod_on_delivery ||
          row.scanned_not_delivered_not_returned,
      );
      assert.match(row.tracking_id, /^TBA\d{12}$/);
      assert.equal(row.service_area, "DTO3");
    }
  }
});

Deno.test("concessions: a bare week number in the name takes the year from the delivery dates", () => {
  const f = makeConcessions({ ...base, weekInName: "bare" });
  assert.match(f.fileName, /_DTO3_21\.csv$/);
  const r = parseConcessions(f.bytes, f.fileName);
  assert.ok(r.ok, fatalOf(r));
  assert.deepEqual(r.identity.week, { year: 2026, week: 21 });
  const wrong = parseConcessions(f.bytes, "DSP_Delivery_Concessions_DTO3_22.csv");
  assert.match(fatalOf(wrong), /file name says week 2026-W22 but the delivery dates say 2026-W21/);
});

Deno.test("concessions: the week and station in the name must agree with the packages", () => {
  const f = makeConcessions(base);
  assert.match(
    fatalOf(parseConcessions(f.bytes, concessionsFileName({ ...base, week: 20 }))),
    /says week 2026-W20 but the delivery dates say 2026-W21/,
  );
  const other = parseConcessions(f.bytes, concessionsFileName({ ...base, station: "DON9" }));
  assert.match(fatalOf(other), /file name says station DON9 but the Service Area column says DTO3/);
});

Deno.test("concessions: a package delivered in another week is skipped with a problem", () => {
  const f = makeConcessions({ ...base, das: das.slice(0, 20) });
  const lines = dec(f.bytes).split("\r\n");
  const c = lines[2].split(",");
  c[13] = "05/30/2026";
  lines[2] = c.join(",");
  const r = parseConcessions(enc(lines.join("\r\n")), f.fileName);
  assert.ok(r.ok, fatalOf(r));
  assert.equal(r.problems.length, 1);
  assert.equal(r.problems[0].row, 3);
  assert.equal(r.problems[0].column, "Delivery Date");
  assert.match(r.problems[0].message, /delivered in 2026-W22, not in the file's week 2026-W21/);
});

Deno.test("concessions: bad flags and dates name row and column; a missing column is fatal", () => {
  const f = makeConcessions({ ...base, das: das.slice(0, 20) });
  const lines = dec(f.bytes).split("\r\n");
  const c = lines[1].split(",");
  c[4] = "maybe";
  c[11] = "13/45/2026";
  lines[1] = c.join(",");
  const r = parseConcessions(enc(lines.join("\r\n")), f.fileName);
  assert.ok(r.ok);
  assert.deepEqual(r.problems.map((p) => [p.row, p.column]), [[2, "Simultaneous Deliveries"], [
    2,
    "Pickup Date",
  ]]);
  const missing = parseConcessions(enc(dec(f.bytes).replace("Tracking ID", "Tracking")), f.fileName);
  assert.match(fatalOf(missing), /'Tracking ID' is missing/);
});

Deno.test("concessions: a header with no packages is a week without concessions; a cut file is fatal", () => {
  const f = makeConcessions(base);
  const header = dec(f.bytes).split("\r\n")[0];
  const empty = parseConcessions(enc(header + "\r\n"), f.fileName);
  assert.ok(empty.ok, fatalOf(empty));
  assert.deepEqual(empty.rows, []);
  assert.deepEqual(empty.identity.week, { year: 2026, week: 21 });
  const text = dec(f.bytes);
  const cut = parseConcessions(enc(text.slice(0, text.length - 20)), f.fileName);
  assert.match(fatalOf(cut), /cut short/);
});
