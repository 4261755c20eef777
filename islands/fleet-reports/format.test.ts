import assert from "node:assert/strict";
import { agreementText, invoiceKeys, money } from "./format.ts";

Deno.test("money shows grouped dollars and cents", () => {
  assert.equal(money(125_050), "1,250.50");
  assert.equal(money(5), "0.05");
  assert.equal(money(0), "0.00");
  assert.equal(money(null), "");
  assert.equal(money(123_456_789), "1,234,567.89");
});

Deno.test("typing and pasting an invoice keeps digits and one point, 2 decimals", () => {
  assert.equal(invoiceKeys("1250.5"), "1250.5");
  assert.equal(invoiceKeys("$1,250.999"), "1250.99");
  assert.equal(invoiceKeys("12.3.4"), "12.34");
  assert.equal(invoiceKeys("-5e3"), "53");
  assert.equal(invoiceKeys("abc"), "");
});

Deno.test("a verdict in words", () => {
  assert.equal(agreementText("ok", 100_000, 103_000), "3 % apart (within 5 %)");
  assert.equal(agreementText("off", 100_000, 120_000), "18.2 % apart (over 5 %)");
  assert.equal(agreementText("none", 100_000, null), "No invoice yet");
});
