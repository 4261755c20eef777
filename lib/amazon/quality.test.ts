import assert from "node:assert/strict";
import { makeDas } from "../dev/amazon/mutate.ts";
import { makeDcr, makePod, makePsb, qualityFileName } from "../dev/amazon/quality.ts";
import { parseDcr, parsePod, parsePsb, RTS_REASONS } from "./quality.ts";

const das = makeDas(150, 31);
const base = { station: "DON9", week: 52, year: 2025, das, seed: 17 };
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const enc = (s: string) => new TextEncoder().encode(s);
const fatalOf = (r: { problems: { fatal?: boolean; message: string }[] }) =>
  r.problems.filter((p) => p.fatal).map((p) => p.message).join(" | ");

Deno.test("dcr: both reason-column namings parse; packages add up", () => {
  for (const variant of ["plain", "rts"] as const) {
    const f = makeDcr({ ...base, variant });
    const r = parseDcr(f.bytes, f.fileName);
    assert.ok(r.ok, fatalOf(r));
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.identity, {
      kind: "dcr-csv",
      station: "DON9",
      week: { year: 2025, week: 52 },
      dsp: "ACME",
    });
    assert.equal(r.rows.length, 150);
    for (const row of r.rows) {
      assert.equal(row.packages_delivered! + row.packages_returned_to_station!, row.packages_dispatched);
      const reasons = Object.values(row.rts).reduce<number>((a, b) => a + (b ?? 0), 0);
      assert.equal(reasons, row.packages_returned_to_station);
      assert.deepEqual(Object.keys(row.rts), Object.keys(RTS_REASONS));
      assert.ok(row.dcr! > 90 && row.dcr! <= 100);
    }
  }
});

Deno.test("dcr: reason columns may be absent silently; a core column read empty with a warning", () => {
  const f = makeDcr({ ...base, das: das.slice(0, 3) });
  const lines = dec(f.bytes).split("\r\n").map((l) => l.split(",").slice(0, 8).join(","));
  const r = parseDcr(enc(lines.join("\r\n")), f.fileName);
  assert.ok(r.ok, fatalOf(r));
  assert.equal(r.rows[0].rts.business_closed, null);
  const missing = parseDcr(enc(dec(f.bytes).replace("Packages Dispatched", "Dispatched")), f.fileName);
  assert.ok(missing.ok, fatalOf(missing));
  assert.ok(missing.rows.every((x) => x.packages_dispatched === null && x.dcr !== null));
  assert.deepEqual(missing.problems.map((p) => p.columns), [["Packages Dispatched"], ["Dispatched"]]);
});

Deno.test("pod and psb parse every DA", () => {
  const pod = makePod(base);
  const p = parsePod(pod.bytes, pod.fileName);
  assert.ok(p.ok, fatalOf(p));
  assert.equal(p.identity.kind, "pod-csv");
  assert.equal(p.rows.length, 150);
  for (const row of p.rows) {
    assert.ok(row.pod_success! <= row.pod_opportunities!);
    assert.equal(
      row.swc_photo_on_delivery,
      Math.round(row.pod_success! / row.pod_opportunities! * 10000) / 100,
    );
  }
  const psb = makePsb(base);
  const s = parsePsb(psb.bytes, psb.fileName);
  assert.ok(s.ok, fatalOf(s));
  assert.equal(s.identity.kind, "psb-csv");
  assert.equal(s.rows.length, 150);
  assert.ok(s.rows.every((x) => x.psb! > 90 && x.successful_stops! > 0 && x.failed_stops! >= 0));
});

Deno.test("quality: wrong values skip rows; a file cut short or of the wrong week is fatal", () => {
  const f = makePod(base);
  const lines = dec(f.bytes).split("\r\n");
  const c = lines[2].split(",");
  c[3] = "101%";
  lines[2] = c.join(",");
  const r = parsePod(enc(lines.join("\r\n")), f.fileName);
  assert.ok(r.ok);
  assert.deepEqual(r.problems.map((p) => [p.row, p.column, p.message]), [
    [3, "SWC - Photo on Delivery", "101% is outside 0-100%; the row was skipped."],
  ]);
  const text = dec(f.bytes);
  assert.match(fatalOf(parsePod(enc(text.slice(0, text.length - 10)), f.fileName)), /cut short/);
  const wrong = parsePsb(makePsb(base).bytes, qualityFileName("PSB", { ...base, week: 1, year: 2026 }));
  assert.match(fatalOf(wrong), /file name says week 2026-W01 but the Week column says 2025-W52/);
});

Deno.test("quality: a file of another kind is refused by its missing columns", () => {
  const pod = makePod(base);
  const r = parseDcr(pod.bytes, pod.fileName);
  assert.equal(r.ok, false);
  assert.match(fatalOf(r), /none of the columns this import reads \('DCR', 'Packages Delivered'/);
});
