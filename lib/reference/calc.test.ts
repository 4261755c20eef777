import assert from "node:assert/strict";
import { formatMoney } from "./calc.ts";

Deno.test("formatMoney (reading and writing amounts: lib/money.test.ts)", () => {
  assert.equal(formatMoney("1250.00"), "$1,250.00");
  assert.equal(formatMoney(125_050), "$1,250.50");
  assert.equal(formatMoney("0.5"), "$0.50");
  assert.equal(formatMoney(123_456_789_01), "$123,456,789.01");
  assert.equal(formatMoney(-1999), "-$19.99");
  assert.equal(formatMoney("21474836.47"), "$21,474,836.47", "any amount the column holds displays");
  assert.equal(formatMoney(null), "");
  assert.equal(formatMoney(""), "");
});
