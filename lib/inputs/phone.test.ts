import assert from "node:assert/strict";
import { z } from "zod";
import { checkPhone, normalisePhone, phone } from "./phone.ts";

// [typed, default country, E.164 or null when refused]
const TABLE: [string, "US" | "GB" | "DE", string | null][] = [
  ["(206) 555-0100", "US", "+12065550100"],
  ["206.555.0100", "US", "+12065550100"],
  ["1 206 555 0100", "US", "+12065550100"],
  ["+1 206 555 0100", "GB", "+12065550100"],
  ["+44 20 7946 0958", "US", "+442079460958"],
  ["020 7946 0958", "GB", "+442079460958"],
  ["030 123456", "DE", "+4930123456"],
  ["020 7946 0958", "US", null],
  ["abc", "US", null],
  ["555", "US", null],
  ["12", "US", null],
  ["+1 555 0100", "US", null],
  ["206-555-0100 call me", "US", null],
];

Deno.test("checkPhone reads numbers in the default country and answers E.164", () => {
  for (const [typed, country, e164] of TABLE) {
    const r = checkPhone(typed, country);
    assert.equal(r.ok ? r.e164 : null, e164, `${typed} in ${country}`);
  }
});

Deno.test("the phone field: blank is none, 'abc' is refused naming the field, valid numbers become E.164", () => {
  const schema = z.object({ mobile_number: phone().optional() });
  assert.deepEqual(schema.parse({ mobile_number: " (206) 555-0100 " }), { mobile_number: "+12065550100" });
  assert.deepEqual(schema.parse({ mobile_number: "" }), { mobile_number: null });
  assert.deepEqual(schema.parse({ mobile_number: null }), { mobile_number: null });
  assert.deepEqual(schema.parse({}), {});
  const r = schema.safeParse({ mobile_number: "abc" });
  assert.equal(r.success, false);
  assert.deepEqual(r.error?.issues[0].path, ["mobile_number"]);
  assert.match(r.error!.issues[0].message, /Not a phone number: 'abc'/);
  const bad = schema.safeParse({ mobile_number: "12345" });
  assert.match(bad.error!.issues[0].message, /Not a valid phone number for US: '12345'/);
  assert.equal(schema.safeParse({ mobile_number: "1".repeat(41) }).success, false);
});

Deno.test("stored numbers from before validation are normalised for sending, or null when unreadable", () => {
  assert.equal(normalisePhone("(206) 555-0100", "US"), "+12065550100");
  assert.equal(normalisePhone("+12065550100", "GB"), "+12065550100");
  assert.equal(normalisePhone("abc", "US"), null);
  assert.equal(normalisePhone(null), null);
  assert.equal(normalisePhone("  "), null);
});
