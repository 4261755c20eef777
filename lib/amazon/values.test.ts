import assert from "node:assert/strict";
import {
  date,
  decimal,
  flag,
  headerIndex,
  headerKey,
  int,
  isBlank,
  percent,
  raw,
  text,
  tier,
  transporterId,
} from "./values.ts";

Deno.test("text: trims; '', '-', 'N/A' and '#N/A' are null", () => {
  assert.deepEqual(text("  Jane Doe "), { value: "Jane Doe" });
  for (const v of ["", " - ", "N/A", "n/a", "#N/A", null, undefined, "–"]) {
    assert.deepEqual(text(v), { value: null }, String(v));
  }
  assert.deepEqual(text(12), { value: "12" });
  assert.deepEqual(text({ richText: [{ text: "a" }, { text: "b" }] }), { value: "ab" });
  assert.deepEqual(text({ formula: "A1", result: "x" }), { value: "x" });
  assert.equal(raw("\uFEFFWeek"), "Week");
  assert.ok(isBlank(" N/A ") && !isBlank("0"));
});

Deno.test("percent: '99.5%', '99.5' and numbers; 2 dp; range checked", () => {
  assert.deepEqual(percent("99.5%"), { value: 99.5 });
  assert.deepEqual(percent(" 98.126 % ".replace(" %", "%")), { value: 98.13 });
  assert.deepEqual(percent(100), { value: 100 });
  assert.deepEqual(percent("-"), { value: null });
  assert.match(percent("abc").problem!, /'abc' is not a percentage/);
  assert.match(percent("101%").problem!, /outside 0-100%/);
  assert.match(percent("-1%").problem!, /outside/);
  assert.deepEqual(percent("150%", { max: 200 }), { value: 150 });
});

Deno.test("int: commas allowed, '3.0' accepted, fractions and negatives refused", () => {
  assert.deepEqual(int("1,234"), { value: 1234 });
  assert.deepEqual(int(" 3125 "), { value: 3125 });
  assert.deepEqual(int("3.0"), { value: 3 });
  assert.deepEqual(int("N/A"), { value: null });
  assert.match(int("12.5").problem!, /not a whole number/);
  assert.match(int("1,23").problem!, /not a whole number/);
  assert.match(int("-2").problem!, /below 0/);
  assert.deepEqual(int("-2", { min: -5 }), { value: -2 });
  assert.match(int("99999999999999999999").problem!, /too large/);
  assert.match(int("1e3").problem!, /not a whole number/);
});

Deno.test("decimal: rounded to the places asked", () => {
  assert.deepEqual(decimal("87.535", 2), { value: 87.54 });
  assert.deepEqual(decimal("0.25", 1), { value: 0.3 });
  assert.deepEqual(decimal("1,000.5", 0), { value: 1001 });
  assert.deepEqual(decimal(".5", 1), { value: 0.5 });
  assert.match(decimal("x", 2).problem!, /not a number/);
  assert.match(decimal("101", 2, { max: 100 }).problem!, /above 100/);
});

Deno.test("tier: performance and standing tiers by any case; N/A, None, In Compliance kept", () => {
  assert.deepEqual(tier("fantastic plus"), { value: "Fantastic Plus" });
  assert.deepEqual(tier(" PLATINUM "), { value: "Platinum" });
  assert.deepEqual(tier("Fantastic+"), { value: "Fantastic Plus" });
  for (const t of ["N/A", "None", "In Compliance", "Bronze", "Poor"]) assert.deepEqual(tier(t), { value: t });
  assert.deepEqual(tier("-"), { value: null });
  assert.match(tier("Excellent").problem!, /'Excellent' is not a tier/);
});

Deno.test("transporterId: 'A' and 12-13 letters or digits, upper-cased; required", () => {
  assert.deepEqual(transporterId("A11QQXKOJRNZUJ"), { value: "A11QQXKOJRNZUJ" });
  assert.deepEqual(transporterId(" a11qqxkojrnzu "), { value: "A11QQXKOJRNZU" });
  assert.match(transporterId("B11QQXKOJRNZUJ").problem!, /not a transporter ID/);
  assert.match(transporterId("A11QQXKOJRN").problem!, /not a transporter ID/);
  assert.match(transporterId("A11QQXKOJRNZUJXX").problem!, /not a transporter ID/);
  assert.match(transporterId("").problem!, /empty/);
});

Deno.test("flag and date readers", () => {
  for (const v of ["1", "x", "X", "Y", "yes", "TRUE"]) assert.deepEqual(flag(v), { value: true }, v);
  for (const v of ["0", ".", "", "-", "N", "no"]) assert.deepEqual(flag(v), { value: false }, v);
  assert.match(flag("2").problem!, /not a flag/);
  assert.deepEqual(date("05/17/2026"), { value: "2026-05-17" });
  assert.deepEqual(date("2026-05-17"), { value: "2026-05-17" });
  assert.deepEqual(date("2026-05-17T09:30:00Z"), { value: "2026-05-17" });
  assert.deepEqual(date("17-05-2026"), { value: "2026-05-17" });
  assert.deepEqual(date(new Date("2026-05-17T00:00:00Z")), { value: "2026-05-17" });
  assert.deepEqual(date(46159), { value: "2026-05-17" });
  assert.deepEqual(date("-"), { value: null });
  assert.match(date("02/30/2026").problem!, /not a date/);
  assert.match(date("tomorrow").problem!, /not a date/);
});

Deno.test("headers: BOM, case, trailing spaces and punctuation do not matter", () => {
  assert.equal(headerKey("\uFEFFDelivery Associate "), "deliveryassociate");
  assert.equal(headerKey("Delivered > 50 m"), "delivered>50m");
  const headers = ["\uFEFFWeek", "Delivery Associate ", "TRANSPORTER ID"];
  assert.equal(headerIndex(headers, ["Week"]), 0);
  assert.equal(headerIndex(headers, ["Transporter ID"]), 2);
  assert.equal(headerIndex(headers, ["TID", "transporter-id"]), 2);
  assert.equal(headerIndex(headers, ["DCR"]), -1);
});
