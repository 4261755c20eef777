import assert from "node:assert/strict";
import { entryHours, hoursEditable, hoursText, totalHours } from "./calc.ts";

Deno.test("entry hours: base hours, entered hours for flexible roles, the helped person's for a helper", () => {
  assert.equal(entryHours(null, 5), 0, "no role, no hours");
  assert.equal(entryHours(0, 4), 10, "Standard is not flexible: base 10 whatever is entered");
  assert.equal(entryHours(3, null), 3, "Standby base 3");
  assert.equal(entryHours(1, 7), 0, "No Show: base 0");
  assert.equal(entryHours(2, 4.5), 4.5, "Rescue is flexible: entered hours");
  assert.equal(entryHours(2, null), 6, "flexible without hours: base hours");
  assert.equal(entryHours(9, 11.25), 11.25, "Dispatcher entered");
  assert.equal(entryHours(13, 3, 10), 10, "a helper takes the helped person's hours");
  assert.equal(entryHours(13, 3, null), 0, "a helper without anyone to help counts 0");
  assert.equal(entryHours(99, 3), 0, "unknown role");
});

Deno.test("hours are editable for flexible roles only, not for the helper", () => {
  assert.deepEqual([0, 1, 2, 6, 8, 13, 14, 15].map(hoursEditable), [
    false,
    false,
    true,
    true,
    true,
    false,
    true,
    false,
  ]);
  assert.equal(hoursEditable(null), false);
});

Deno.test("weekly totals add in hundredths and print with two decimals", () => {
  assert.equal(totalHours([10, 10, 7.25, 0.1, 0.2]), 27.55);
  assert.equal(totalHours([]), 0);
  assert.equal(hoursText(7.5), "7.50");
  assert.equal(hoursText(0.1 + 0.2), "0.30");
});
