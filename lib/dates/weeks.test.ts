import assert from "node:assert/strict";
import dayjs from "dayjs";
import weekOfYear from "dayjs/plugin/weekOfYear.js";
import weekYear from "dayjs/plugin/weekYear.js";
import utc from "dayjs/plugin/utc.js";
import { addDays, dayOfWeek, diffDays } from "./calendar.ts";
import {
  compareWeeks,
  findWeekLabel,
  firstWeekStart,
  formatIsoWeek,
  formatWeekFileLabel,
  isValidWeek,
  nextWeek,
  parseWeekLabel,
  prevWeek,
  shown,
  stored,
  twoDigitWeek,
  weekDays,
  weekEnd,
  weekOf,
  weeksInYear,
  weekStart,
} from "./weeks.ts";

dayjs.extend(utc);
dayjs.extend(weekOfYear);
dayjs.extend(weekYear);

Deno.test("week 21 of 2026 runs Sunday 17 May to Saturday 23 May", () => {
  assert.deepEqual(weekOf("2026-05-17"), { year: 2026, week: 21 });
  assert.deepEqual(weekOf("2026-05-20"), { year: 2026, week: 21 });
  assert.deepEqual(weekOf("2026-05-23"), { year: 2026, week: 21 });
  assert.deepEqual(weekOf("2026-05-24"), { year: 2026, week: 22 });
  assert.deepEqual(weekOf("2026-05-16"), { year: 2026, week: 20 });
  assert.equal(weekStart(2026, 21), "2026-05-17");
  assert.equal(weekEnd(2026, 21), "2026-05-23");
});

Deno.test("year boundary 2025 -> 2026: week 1 of 2026 is the week holding 1 January", () => {
  assert.equal(firstWeekStart(2026), "2025-12-28");
  assert.deepEqual(weekOf("2025-12-27"), { year: 2025, week: 52 });
  assert.deepEqual(weekOf("2025-12-28"), { year: 2026, week: 1 });
  assert.deepEqual(weekOf("2025-12-31"), { year: 2026, week: 1 });
  assert.deepEqual(weekOf("2026-01-01"), { year: 2026, week: 1 });
  assert.deepEqual(weekOf("2026-01-03"), { year: 2026, week: 1 });
  assert.deepEqual(weekOf("2026-01-04"), { year: 2026, week: 2 });
  assert.equal(weeksInYear(2025), 52);
  assert.equal(weekStart(2025, 52), "2025-12-21");
  assert.deepEqual(weekDays(2026, 1), [
    "2025-12-28",
    "2025-12-29",
    "2025-12-30",
    "2025-12-31",
    "2026-01-01",
    "2026-01-02",
    "2026-01-03",
  ]);
});

Deno.test("year boundary 2026 -> 2027 (1 January 2027 is a Friday)", () => {
  assert.equal(weeksInYear(2026), 52);
  assert.equal(weekStart(2026, 52), "2026-12-20");
  assert.deepEqual(weekOf("2026-12-26"), { year: 2026, week: 52 });
  assert.deepEqual(weekOf("2026-12-27"), { year: 2027, week: 1 });
  assert.deepEqual(weekOf("2026-12-31"), { year: 2027, week: 1 });
  assert.deepEqual(weekOf("2027-01-02"), { year: 2027, week: 1 });
  assert.deepEqual(weekOf("2027-01-03"), { year: 2027, week: 2 });
  assert.equal(weekStart(2027, 1), "2026-12-27");
});

Deno.test("steppers wrap 52 -> 1 and 1 -> 52 with the year", () => {
  assert.deepEqual(nextWeek({ year: 2025, week: 52 }), { year: 2026, week: 1 });
  assert.deepEqual(nextWeek({ year: 2026, week: 52 }), { year: 2027, week: 1 });
  assert.deepEqual(prevWeek({ year: 2026, week: 1 }), { year: 2025, week: 52 });
  assert.deepEqual(prevWeek({ year: 2027, week: 1 }), { year: 2026, week: 52 });
  assert.deepEqual(nextWeek({ year: 2026, week: 21 }), { year: 2026, week: 22 });
  assert.deepEqual(prevWeek({ year: 2026, week: 21 }), { year: 2026, week: 20 });
  assert.throws(() => nextWeek({ year: 2026, week: 53 }), RangeError);
  assert.throws(() => prevWeek({ year: 2026, week: 0 }), RangeError);
});

Deno.test("a 53-week year (2028) keeps its last week as week 53 and the steppers reach it", () => {
  assert.equal(weeksInYear(2028), 53);
  assert.equal(weekStart(2028, 53), "2028-12-24");
  assert.deepEqual(weekOf("2028-12-24"), { year: 2028, week: 53 });
  assert.deepEqual(weekOf("2028-12-30"), { year: 2028, week: 53 });
  assert.deepEqual(weekOf("2028-12-31"), { year: 2029, week: 1 });
  assert.deepEqual(nextWeek({ year: 2028, week: 52 }), { year: 2028, week: 53 });
  assert.deepEqual(nextWeek({ year: 2028, week: 53 }), { year: 2029, week: 1 });
  assert.deepEqual(prevWeek({ year: 2029, week: 1 }), { year: 2028, week: 53 });
  assert.throws(() => weekStart(2026, 53), RangeError);
});

Deno.test("53-week years are exactly those whose 1 January is a Saturday, or a Friday in a leap year", () => {
  const long: number[] = [];
  for (let y = 2000; y <= 2060; y++) if (weeksInYear(y) === 53) long.push(y);
  assert.deepEqual(long.filter((y) => y >= 2015 && y <= 2040), [2016, 2022, 2028, 2033, 2039]);
  for (let y = 2000; y <= 2060; y++) {
    const jan1 = dayOfWeek(`${y}-01-01`);
    const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
    assert.equal(weeksInYear(y) === 53, jan1 === 6 || (leap && jan1 === 5), String(y));
  }
});

Deno.test("weekOf matches dayjs weekOfYear/weekYear ('en', Sunday start) for every day 1995-2045", () => {
  let d = "1995-01-01";
  while (d <= "2045-12-31") {
    const j = dayjs.utc(d);
    assert.deepEqual(weekOf(d), { year: j.weekYear(), week: j.week() }, d);
    d = addDays(d, 1);
  }
});

Deno.test("weekOf, weekStart and the steppers agree: every week is 7 days and stepping moves 7 days", () => {
  let w = { year: 1995, week: 1 };
  let start = weekStart(1995, 1);
  while (w.year <= 2045) {
    assert.equal(dayOfWeek(start), 0);
    const days = weekDays(w.year, w.week);
    assert.equal(days.length, 7);
    assert.equal(days[0], start);
    assert.equal(days[6], weekEnd(w.year, w.week));
    for (const day of days) assert.deepEqual(weekOf(day), w, day);
    const n = nextWeek(w);
    assert.deepEqual(prevWeek(n), w);
    assert.equal(compareWeeks(n, w) > 0, true);
    assert.equal(diffDays(start, weekStart(n.year, n.week)), 7);
    w = n;
    start = weekStart(w.year, w.week);
  }
});

Deno.test("stored/shown convert between zero-based week_number and the shown week", () => {
  assert.equal(stored(1), 0);
  assert.equal(stored(21), 20);
  assert.equal(stored(52), 51);
  assert.equal(shown(0), 1);
  assert.equal(shown(20), 21);
  assert.equal(shown(51), 52);
  for (let w = 1; w <= 53; w++) assert.equal(shown(stored(w)), w);
  assert.throws(() => stored(0), RangeError);
  assert.throws(() => stored(54), RangeError);
  assert.throws(() => stored(1.5), RangeError);
  assert.throws(() => shown(-1), RangeError);
  assert.throws(() => shown(53), RangeError);
});

Deno.test("parseWeekLabel accepts the label variants of Amazon files and pickers", () => {
  const w21 = { year: 2026, week: 21 };
  for (
    const s of [
      "2026-W21",
      "2026-w21",
      "Week21_2026",
      "Week 21 - 2026",
      "week 21 - 2026",
      " Week21_2026\n",
      "Week21-2026",
      "Week 21-2026",
      "2026-W21 ",
    ]
  ) {
    assert.deepEqual(parseWeekLabel(s), w21, JSON.stringify(s));
  }
  assert.deepEqual(parseWeekLabel("2026-W5"), { year: 2026, week: 5 });
  assert.deepEqual(parseWeekLabel("2026-W05"), { year: 2026, week: 5 });
  assert.deepEqual(parseWeekLabel("Week5_2026"), { year: 2026, week: 5 });
  assert.deepEqual(parseWeekLabel("Week 1 - 2027"), { year: 2027, week: 1 });
  assert.deepEqual(parseWeekLabel("2026-W52"), { year: 2026, week: 52 });
  assert.deepEqual(parseWeekLabel("2028-W53"), { year: 2028, week: 53 });
});

Deno.test("parseWeekLabel rejects anything else", () => {
  for (
    const s of [
      "",
      "   ",
      "2026-W0",
      "2026-W00",
      "2026-W53", // 2026 has 52 weeks
      "2026-W54",
      "2026-W123",
      "2026W21",
      "2026-21",
      "26-W21",
      "12026-W21",
      "2026-W21x",
      "x2026-W21",
      "2026-W 21",
      "Week21_26",
      "Week_2026",
      "Week 21 2026",
      "Week0_2026",
      "Week 21 - 2026 extra",
      "W21-2026",
      "0999-W10",
      "21-2026",
    ]
  ) {
    assert.equal(parseWeekLabel(s), null, JSON.stringify(s));
  }
  assert.equal(parseWeekLabel(undefined as unknown as string), null);
});

Deno.test("findWeekLabel reads the week from Amazon file names", () => {
  assert.deepEqual(findWeekLabel("US_ACME_DON9_Week21_2026_en_DSPScorecard.pdf"), { year: 2026, week: 21 });
  assert.deepEqual(findWeekLabel("US_ACME_DON9_Week5_2026_en_DSPScorecard (1).pdf"), { year: 2026, week: 5 });
  assert.deepEqual(findWeekLabel("DSP_Overview_Dashboard_ACME_DON9_2026-W21.csv"), { year: 2026, week: 21 });
  assert.deepEqual(findWeekLabel("Quality_DSB_DNR_ACME_HYZ1_2026-W05.csv"), { year: 2026, week: 5 });
  assert.deepEqual(findWeekLabel("ACME at DON9 Week 21 - 2026 Rank at DON9: 4"), { year: 2026, week: 21 });
  assert.equal(findWeekLabel("DSP_Overview_Dashboard_ACME_DON9.csv"), null);
  assert.equal(findWeekLabel("report_2026-W60.csv"), null);
  assert.equal(findWeekLabel("X2026-W21"), null);
});

Deno.test("formatIsoWeek, formatWeekFileLabel and twoDigitWeek", () => {
  assert.equal(formatIsoWeek({ year: 2026, week: 21 }), "2026-W21");
  assert.equal(formatIsoWeek({ year: 2026, week: 5 }), "2026-W05");
  assert.equal(formatWeekFileLabel({ year: 2026, week: 5 }), "Week5_2026");
  assert.equal(twoDigitWeek(5), "05");
  assert.equal(twoDigitWeek(21), "21");
  assert.equal(twoDigitWeek(1), "01");
  assert.throws(() => formatIsoWeek({ year: 2026, week: 53 }), RangeError);
  assert.throws(() => twoDigitWeek(-1), RangeError);
  for (let y = 2024; y <= 2029; y++) {
    for (let w = 1; w <= weeksInYear(y); w++) {
      assert.deepEqual(parseWeekLabel(formatIsoWeek({ year: y, week: w })), { year: y, week: w });
      assert.deepEqual(parseWeekLabel(formatWeekFileLabel({ year: y, week: w })), { year: y, week: w });
    }
  }
});

Deno.test("invalid inputs throw instead of guessing", () => {
  assert.throws(() => weekOf("2026-02-30"), RangeError);
  assert.throws(() => weekOf("17-05-2026"), RangeError);
  assert.throws(() => weekStart(2026, 0), RangeError);
  assert.throws(() => weekStart(2026, 1.5), RangeError);
  assert.throws(() => weekStart(26, 1), RangeError);
  assert.equal(isValidWeek({ year: 2026, week: 52 }), true);
  assert.equal(isValidWeek({ year: 2026, week: 53 }), false);
});
