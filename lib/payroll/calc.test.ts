import assert from "node:assert/strict";
import {
  entryHours,
  exportFileName,
  hoursText,
  payCents,
  periodProblem,
  resolvePeriod,
  toHundredths,
} from "./calc.ts";

Deno.test("hours: fixed roles take base hours, flexible roles entered hours, a helper the helped's", () => {
  assert.equal(entryHours({ role: 0, roleHours: "4.00" }), 1000, "Standard is 10 whatever was typed");
  assert.equal(entryHours({ role: 3, roleHours: "0" }), 300, "Standby 3");
  assert.equal(entryHours({ role: 7, roleHours: "8" }), 0, "Client Cancelled 0");
  assert.equal(entryHours({ role: 2, roleHours: "7.25" }), 725, "Rescue is flexible: the entered 7.25");
  assert.equal(entryHours({ role: 2, roleHours: null }), 600, "flexible with nothing stored: base 6");
  assert.equal(
    entryHours({ role: 2, roleHours: "0.00" }),
    0,
    "flexible with 0 stored: 0 (the schedule's rule)",
  );
  assert.equal(entryHours({ role: 8, roleHours: null }), 0, "Flex has base 0");
  assert.equal(entryHours({ role: 9, roleHours: "11.5" }), 1150, "Dispatcher entered");
  assert.equal(
    entryHours({ role: 13, roleHours: "0" }, { role: 0, roleHours: "0" }),
    1000,
    "helps a Standard",
  );
  assert.equal(entryHours({ role: 13, roleHours: "0" }, { role: 8, roleHours: "5.5" }), 550, "helps a Flex");
  assert.equal(entryHours({ role: 13, roleHours: "2" }, null), 0, "nobody helped: 0");
  assert.equal(entryHours({ role: null, roleHours: "5" }), 0, "no role, no hours");
  assert.equal(entryHours({ role: 99, roleHours: "5" }), 0, "unknown role");
});

Deno.test("hundredths read exactly and print back", () => {
  assert.equal(toHundredths("7.5"), 750);
  assert.equal(toHundredths("7.05"), 705);
  assert.equal(toHundredths(7.25), 725);
  assert.equal(toHundredths("-1"), 0);
  assert.equal(toHundredths("abc"), 0);
  assert.equal(hoursText(705), "7.05");
  assert.equal(hoursText(0), "0.00");
});

Deno.test("pay: hundredths x cents, half up to the cent, per row", () => {
  assert.equal(payCents(1000, 2150), 21500, "10 h x $21.50");
  assert.equal(payCents(725, 1999), 14493, "7.25 x 19.99 = 144.9275 -> 144.93");
  assert.equal(payCents(50, 1001), 501, "0.50 x 10.01 = 5.005 -> 5.01 (half up)");
  assert.equal(payCents(50, 1003), 502, "0.50 x 10.03 = 5.015 -> 5.02");
  assert.equal(payCents(1, 49), 0, "0.01 x 0.49 = 0.0049 -> 0.00");
  assert.equal(payCents(1, 50), 1, "0.01 x 0.50 = 0.005 -> 0.01");
  assert.equal(payCents(1000, null), null, "no rate, no pay");
  assert.equal(payCents(0, 2000), 0);
  // Totals are sums of rounded rows: three rows of 5.005 are 15.03, not round(15.015) = 15.02.
  assert.equal([1, 2, 3].map(() => payCents(50, 1001)!).reduce((a, b) => a + b), 1503);
});

Deno.test("periods: a week (zero-based), two consecutive weeks, a month", () => {
  assert.deepEqual(resolvePeriod({ kind: "week", year: 2026, week: 20 }), {
    from: "2026-05-17",
    to: "2026-05-23",
    label: "Week21-2026",
  });
  assert.deepEqual(resolvePeriod({ kind: "two_week", dateFrom: "2026-05-17", dateTo: "2026-05-30" }), {
    from: "2026-05-17",
    to: "2026-05-30",
    label: "Week21-2026Week22-2026",
  });
  assert.deepEqual(resolvePeriod({ kind: "month", year: 2026, month: 2 }), {
    from: "2026-02-01",
    to: "2026-02-28",
    label: "M2-2026",
  });
  assert.equal(resolvePeriod({ kind: "month", year: 2026, month: 12 }).to, "2026-12-31");
  assert.equal(
    periodProblem({ kind: "two_week", dateFrom: "2026-05-18", dateTo: "2026-05-31" }),
    "date_from must be a Sunday (weeks run Sunday to Saturday)",
  );
  assert.match(
    periodProblem({ kind: "two_week", dateFrom: "2026-05-17", dateTo: "2026-05-23" })!,
    /Saturday of the week after/,
  );
  assert.match(periodProblem({ kind: "week", year: 2026, week: 52 })!, /0 to 51/);
  assert.equal(periodProblem({ kind: "week", year: 2028, week: 52 }), null, "2028 has 53 weeks");
});

Deno.test("file names: 'Payroll' + station tag or 'All' + the period label", () => {
  assert.equal(exportFileName("DON9", { kind: "week", year: 2026, week: 20 }), "PayrollDON9Week21-2026.xlsx");
  assert.equal(exportFileName(null, { kind: "month", year: 2026, month: 11 }), "PayrollAllM11-2026.xlsx");
  assert.equal(
    exportFileName("HYZ1", { kind: "two_week", dateFrom: "2026-12-20", dateTo: "2027-01-02" }),
    "PayrollHYZ1Week52-2026Week1-2027.xlsx",
  );
});
