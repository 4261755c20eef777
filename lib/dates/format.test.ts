import assert from "node:assert/strict";
import {
  DEFAULT_TIME_ZONE,
  formatDate,
  formatDateInZone,
  formatDateTimeInZone,
  formatDayMonth,
  formatMonthYear,
  formatNumber,
  formatPercent,
  formatTimestamp,
  isValidTimeZone,
  MONTH_LABELS,
  parseDayText,
  round2,
  toInstant,
  weekdayAbbrev,
  zoneAbbrev,
} from "./format.ts";
import { dayText } from "./day-text.ts";

Deno.test("the default organisation zone is UTC-5 with no daylight saving", () => {
  assert.equal(DEFAULT_TIME_ZONE, "Etc/GMT+5");
  assert.equal(formatDateTimeInZone("2026-01-15T12:00:00Z"), "15-01-2026 07:00");
  assert.equal(formatDateTimeInZone("2026-07-15T12:00:00Z"), "15-07-2026 07:00");
});

Deno.test("formatDate shows DD-MM-YYYY", () => {
  assert.equal(formatDate("2026-05-17"), "17-05-2026");
  assert.equal(formatDate("2026-01-01"), "01-01-2026");
  assert.equal(formatDate(" 2028-02-29 "), "29-02-2028");
  assert.equal(formatDate(new Date(Date.UTC(2025, 11, 31, 23, 59))), "31-12-2025");
  assert.equal(formatDate("2026-01-01T03:00:00Z"), "01-01-2026");
  assert.equal(formatDate(null), "");
  assert.equal(formatDate(undefined), "");
  assert.throws(() => formatDate("not a date"), RangeError);
  assert.throws(() => formatDate(new Date("nope")), RangeError);
});

Deno.test("dayText (the tracker header's day, without format.ts) agrees with formatDate", () => {
  for (const d of ["2026-05-17", "2026-01-01", "2028-02-29", "1999-12-31"]) {
    assert.equal(dayText(d), formatDate(d));
  }
});

Deno.test("formatDateTimeInZone crosses midnight and the year at UTC-5", () => {
  assert.equal(formatDateTimeInZone("2026-01-01T03:30:00Z"), "31-12-2025 22:30");
  assert.equal(formatDateTimeInZone("2026-01-01T04:59:00Z"), "31-12-2025 23:59");
  assert.equal(formatDateTimeInZone("2026-01-01T05:00:00Z"), "01-01-2026 00:00");
  assert.equal(formatDateTimeInZone(new Date(Date.UTC(2026, 0, 1, 5, 1))), "01-01-2026 00:01");
  assert.equal(formatDateInZone("2026-01-01T03:30:00Z"), "31-12-2025");
  assert.equal(formatDateInZone("2026-01-01T05:00:00Z"), "01-01-2026");
  // leap day, and a Postgres-style timestamp with a short offset
  assert.equal(formatDateTimeInZone("2028-03-01T03:00:00Z"), "29-02-2028 22:00");
  assert.equal(formatDateTimeInZone("2026-05-17 03:00:00+00"), "16-05-2026 22:00");
  assert.equal(formatDateTimeInZone(null), "");
});

Deno.test("instants without an offset are read as UTC; with an offset as written", () => {
  assert.equal(toInstant("2026-01-01 04:59:00").toISOString(), "2026-01-01T04:59:00.000Z");
  assert.equal(toInstant("2026-01-01T04:59:00").toISOString(), "2026-01-01T04:59:00.000Z");
  assert.equal(formatDateTimeInZone("2026-01-01 04:59:00"), "31-12-2025 23:59");
  assert.equal(formatDateTimeInZone("2026-01-01T01:00:00+02:00"), "31-12-2025 18:00");
  assert.throws(() => toInstant("yesterday"), RangeError);
});

Deno.test("other zones, with daylight saving", () => {
  assert.equal(formatDateTimeInZone("2026-01-01T03:30:00Z", "UTC"), "01-01-2026 03:30");
  assert.equal(formatDateTimeInZone("2026-01-15T05:30:00Z", "America/Chicago"), "14-01-2026 23:30"); // CST -6
  assert.equal(formatDateTimeInZone("2026-07-01T04:30:00Z", "America/Chicago"), "30-06-2026 23:30"); // CDT -5
  assert.equal(formatDateTimeInZone("2026-07-01T04:30:00Z", "Etc/GMT+5"), "30-06-2026 23:30");
  assert.equal(formatDateTimeInZone("2025-12-31T23:30:00Z", "Europe/Berlin"), "01-01-2026 00:30");
  assert.throws(() => formatDateTimeInZone("2026-01-01T00:00:00Z", "Mars/Olympus"), RangeError);
  assert.throws(() => formatDateInZone("2026-01-01T00:00:00Z", ""), RangeError);
  assert.equal(isValidTimeZone("Etc/GMT+5"), true);
  assert.equal(isValidTimeZone("America/New_York"), true);
  assert.equal(isValidTimeZone("UTC-5"), false);
  assert.equal(isValidTimeZone(""), false);
});

Deno.test("weekdayAbbrev and formatDayMonth", () => {
  assert.deepEqual(
    ["2026-05-17", "2026-05-18", "2026-05-19", "2026-05-20", "2026-05-21", "2026-05-22", "2026-05-23"].map(
      weekdayAbbrev,
    ),
    ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
  );
  assert.equal(weekdayAbbrev("2026-01-01"), "Thu");
  assert.equal(weekdayAbbrev(new Date(Date.UTC(2026, 4, 17, 23, 0))), "Sun");
  assert.equal(formatDayMonth("2026-05-07"), "07.05");
  assert.throws(() => weekdayAbbrev("2026-02-30"), RangeError);
});

Deno.test("month labels and formatMonthYear", () => {
  assert.deepEqual([...MONTH_LABELS], [
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "May",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Oct",
    "Nov",
    "Dec",
  ]);
  assert.equal(formatMonthYear(1, 2026), "Jan 2026");
  assert.equal(formatMonthYear(12, 2025), "Dec 2025");
  assert.throws(() => formatMonthYear(0, 2026), RangeError);
  assert.throws(() => formatMonthYear(13, 2026), RangeError);
  assert.throws(() => formatMonthYear(1.5, 2026), RangeError);
});

Deno.test("formatNumber: thousands comma above 999, integers whole, others 2 decimals", () => {
  assert.equal(formatNumber(0), "0");
  assert.equal(formatNumber(-0), "0");
  assert.equal(formatNumber(7), "7");
  assert.equal(formatNumber(999), "999");
  assert.equal(formatNumber(1000), "1,000");
  assert.equal(formatNumber(1234567), "1,234,567");
  assert.equal(formatNumber(-1234), "-1,234");
  assert.equal(formatNumber(12.345), "12.35");
  assert.equal(formatNumber(12.5), "12.50");
  assert.equal(formatNumber(1.005), "1.01");
  assert.equal(formatNumber(-1.005), "-1.01");
  assert.equal(formatNumber(1234.5), "1,234.50");
  assert.equal(formatNumber(999.999), "1,000.00");
  assert.equal(formatNumber(0.1 + 0.2), "0.30");
  assert.equal(formatNumber(-0.001), "0.00");
  assert.equal(formatNumber(NaN), "");
  assert.equal(formatNumber(Infinity), "");
  assert.equal(formatNumber(null), "");
  assert.equal(formatNumber(undefined), "");
});

Deno.test("formatPercent: always 2 decimals, no sign", () => {
  assert.equal(formatPercent(99.5), "99.50");
  assert.equal(formatPercent(100), "100.00");
  assert.equal(formatPercent(0), "0.00");
  assert.equal(formatPercent(12.345), "12.35");
  assert.equal(formatPercent((2 / 3) * 100), "66.67");
  assert.equal(formatPercent(1234.5), "1,234.50");
  assert.equal(formatPercent(NaN), "");
});

Deno.test("round2 rounds half away from zero on the decimal value", () => {
  assert.equal(round2(1.005), 1.01);
  assert.equal(round2(12.345), 12.35);
  assert.equal(round2(-1.005), -1.01);
  assert.equal(round2(2.675), 2.68);
  assert.equal(round2(1.004), 1);
  assert.equal(round2(-0.004), 0);
  assert.equal(Object.is(round2(-0.004), -0), false);
  assert.equal(round2(1e-7), 0);
  assert.equal(round2(1e21), 1e21);
  assert.equal(round2(42), 42);
});

Deno.test("toInstant accepts Dates and ISO-style strings only", () => {
  assert.equal(toInstant("2026-05-17").toISOString(), "2026-05-17T00:00:00.000Z");
  assert.equal(toInstant("2026-05-17T03:00:00.123Z").toISOString(), "2026-05-17T03:00:00.123Z");
  for (const bad of ["2026", "17-05-2026", "05/17/2026", "2026-02-30T10:00:00Z", "2026-05-17Tnonsense", ""]) {
    assert.throws(() => toInstant(bad), RangeError, bad);
  }
});

Deno.test("timestamps name the organisation's zone: an abbreviation where English has one, else UTC±h", () => {
  assert.equal(formatTimestamp("2026-01-15T12:00:00Z"), "15-01-2026 07:00 UTC-5");
  assert.equal(formatTimestamp("2026-01-15T12:00:00Z", "America/Chicago"), "15-01-2026 06:00 CST");
  assert.equal(formatTimestamp("2026-07-15T12:00:00Z", "America/Chicago"), "15-07-2026 07:00 CDT");
  assert.equal(zoneAbbrev("2026-07-15T12:00:00Z", "UTC"), "UTC");
  assert.equal(zoneAbbrev("2026-07-15T12:00:00Z", "Asia/Kolkata"), "UTC+5:30");
  assert.equal(formatTimestamp(null), "");
});

Deno.test("parseDayText reads day-month-year as typed, never month-first", () => {
  assert.equal(parseDayText("17-05-2026"), "2026-05-17");
  assert.equal(parseDayText(" 7/5/2026 "), "2026-05-07");
  assert.equal(parseDayText("07.05.26"), "2026-05-07");
  assert.equal(parseDayText("2026-05-17"), "2026-05-17", "ISO pasted from elsewhere");
  assert.equal(parseDayText("29-02-2028"), "2028-02-29");
  for (const bad of ["31-02-2026", "05-13-2026", "17-05", "", "tomorrow", "17-05-026", "29-02-2027"]) {
    assert.equal(parseDayText(bad), null, bad);
  }
});
