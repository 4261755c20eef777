import assert from "node:assert/strict";
import { cellText, filterRows, sheetLayout, TABLE_HEADER, TOTAL_HEADER } from "./calc-sheet.ts";
import { payrollRow } from "./testing.ts";

const rows = [
  payrollRow({ user_id: 2, user_name: "Bo Ray", date: "2026-05-18", pay_cents: 1001, hours_hundredths: 50 }),
  payrollRow({ user_id: 1, user_name: "Ann Lee", date: "2026-05-19", station: "HYZ1", station_id: 2 }),
  payrollRow({ user_id: 1, user_name: "Ann Lee", date: "2026-05-17", agency_pay_cents: null, role: 3 }),
];

Deno.test("By DA: each DA's rows by date, a 'Total Hours' row, a blank line between DAs", () => {
  const { header, lines } = sheetLayout(rows, "da");
  assert.deepEqual(header, TABLE_HEADER);
  const text = lines.map((l) => (l ? l.map(cellText) : null));
  assert.deepEqual(text, [
    ["Ann Lee", "B1", "DON9", "Acme Staffing", "17-05-2026", "Standard", "10.00", "20.00", "200.00", ""],
    [
      "Ann Lee",
      "B1",
      "HYZ1",
      "Acme Staffing",
      "19-05-2026",
      "Standard",
      "10.00",
      "20.00",
      "200.00",
      "250.00",
    ],
    ["Total Hours", "", "", "", "", "", "20.00", "", "400.00", "250.00"],
    null,
    ["Bo Ray", "B1", "DON9", "Acme Staffing", "18-05-2026", "Standard", "0.50", "20.00", "10.01", "250.00"],
    ["Total Hours", "", "", "", "", "", "0.50", "", "10.01", "250.00"],
  ]);
});

Deno.test("By total: one row per DA, then one 'Total Hours' row; nothing at all without rows", () => {
  const { header, lines } = sheetLayout(rows, "total");
  assert.deepEqual(header, TOTAL_HEADER);
  assert.deepEqual(lines.map((l) => l!.map(cellText)), [
    ["Ann Lee", "B1", "DON9, HYZ1", "Acme Staffing", "20.00", "20.00", "400.00", "250.00"],
    ["Bo Ray", "B1", "DON9", "Acme Staffing", "0.50", "20.00", "10.01", "250.00"],
    ["Total Hours", "", "", "", "20.50", "", "410.01", "500.00"],
  ]);
  assert.deepEqual(sheetLayout([], "total").lines, []);
  assert.deepEqual(sheetLayout([], "da").lines, []);
});

Deno.test("filters: user, station, role (0 is Standard, not 'all'), status", () => {
  const all = { user: null, stationId: null, role: "all" as const, status: "all" as const };
  assert.equal(filterRows(rows, all).length, 3);
  assert.equal(filterRows(rows, { ...all, user: 1 }).length, 2);
  assert.equal(filterRows(rows, { ...all, stationId: 2 }).length, 1);
  assert.equal(filterRows(rows, { ...all, role: 0 }).length, 2);
  assert.equal(filterRows(rows, { ...all, role: 3 }).length, 1);
  assert.equal(filterRows(rows, { ...all, status: 5 }).length, 0);
});
