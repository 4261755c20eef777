import assert from "node:assert/strict";
import {
  bubbleGroups,
  bubbleRadius,
  comparesPast,
  importWeeks,
  levelOf,
  PERF_COLORS,
  periodTypesOf,
  reliabilityColor,
  shownRows,
  teamPlayerScore,
  topBottom,
  typeFor,
  worseHalfColors,
} from "./calc.ts";
import { figureTables, utilisation } from "./calc-tables.ts";

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

Deno.test("topBottom: up to 20 rows are kept whole; 21 and more keep the top 10 and the bottom 10", () => {
  assert.deepEqual(topBottom(range(20)), { top: range(20), bottom: [], cut: 0 });
  const t = topBottom(range(25));
  assert.deepEqual(t.top, range(10));
  assert.deepEqual(t.bottom, [16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
  assert.equal(t.cut, 5);
  assert.deepEqual(shownRows(range(21)), [...range(10), ...range(21).slice(11)]);
  assert.deepEqual(shownRows([]), []);
});

Deno.test("worseHalfColors: the worse half red, best first; an odd middle bar is in the better half", () => {
  const { good: g, bad: r } = PERF_COLORS;
  assert.deepEqual(worseHalfColors(4), [g, g, r, r]);
  assert.deepEqual(worseHalfColors(5), [g, g, g, r, r]);
  assert.deepEqual(worseHalfColors(1), [g]);
  assert.deepEqual(worseHalfColors(0), []);
  assert.equal(worseHalfColors(20).filter((c) => c === r).length, 10);
});

Deno.test("bubbleRadius: average delivered / 50, never negative", () => {
  assert.equal(bubbleRadius(250), 5);
  assert.equal(bubbleRadius(175), 3.5);
  assert.equal(bubbleRadius(0), 0);
  assert.equal(bubbleRadius(-10), 0);
});

Deno.test("bubbleGroups: by the weights' minimums, at the minimum counts as reaching it", () => {
  const das = [
    { name: "A", team: 50, road: 80, avgDelivered: 200 },
    { name: "B", team: 90, road: 10, avgDelivered: 100 },
    { name: "C", team: 10, road: 70, avgDelivered: 50 },
    { name: "D", team: 10, road: 10, avgDelivered: 0 },
  ];
  const g = bubbleGroups(das, { team_player_min: 50, road_runner_min: 60 });
  assert.deepEqual(g.map((x) => x.points.map((p) => p.label)), [["A"], ["B"], ["C"], ["D"]]);
  assert.deepEqual(g[0].points[0], { label: "A", x: 50, y: 80, r: 4 });
});

Deno.test("reliabilityColor: above 100 pastel blue, exactly 100 pastel green, below red", () => {
  assert.equal(reliabilityColor(100.01), PERF_COLORS.pastelBlue);
  assert.equal(reliabilityColor(100), PERF_COLORS.pastelGreen);
  assert.equal(reliabilityColor(99.99), PERF_COLORS.bad);
});

Deno.test("levels: Poor 1 .. Fantastic Plus 5, as the PDF prints them; anything else none", () => {
  assert.deepEqual(
    ["Poor", "Fair", "GREAT", "Fantastic", "Fantastic Plus", "FANTASTIC+", "", null, "Platinum"].map(levelOf),
    [1, 2, 3, 4, 5, 5, null, null, null],
  );
});

Deno.test("period types: Annual is for PERFORMANCE_SCORECARD only, which is annual only; past not in daily mode", () => {
  assert.deepEqual(periodTypesOf("PERFORMANCE_SCORECARD"), ["annual"]);
  assert.deepEqual(periodTypesOf("TL_PERFORMANCE"), ["month", "week", "day"]);
  assert.equal(typeFor("TL_PERFORMANCE", "annual"), "week");
  assert.equal(typeFor("PERFORMANCE_SCORECARD", "week"), "annual");
  assert.equal(typeFor("ROLES", "day"), "day");
  assert.equal(comparesPast("ROLES", "week"), true);
  assert.equal(comparesPast("ROLES", "day"), false);
  assert.equal(comparesPast("PERFORMANCE_SCORECARD", "annual"), false);
});

Deno.test("importWeeks: weeks ending inside the period; a day reads its own week", () => {
  // March 2031: Saturdays 1, 8, 15, 22, 29 -> weeks 9..13 (week of Sun 23-02 .. Sat 01-03 is 9).
  assert.deepEqual(importWeeks("2031-03-01", "2031-03-31"), [
    "2031-W09",
    "2031-W10",
    "2031-W11",
    "2031-W12",
    "2031-W13",
  ]);
  assert.deepEqual(importWeeks("2031-03-02", "2031-03-08"), ["2031-W10"]);
  assert.deepEqual(importWeeks("2031-03-04", "2031-03-04"), ["2031-W10"]);
});

Deno.test("teamPlayerScore and utilisation", () => {
  assert.equal(teamPlayerScore(4, 4, 2), 75);
  assert.equal(teamPlayerScore(0, 0, 0), null);
  assert.equal(utilisation({ vans: 2, shifts: 7 }, 7), 50);
  assert.equal(utilisation({ vans: 0, shifts: 0 }, 7), null);
});

Deno.test("figureTables: ranking lists over 20 say how many rows were left out", () => {
  const data = range(23).map((i) => ({ driver__first_name: `D${i}`, driver__last_name: "X", sum: 100 - i }));
  const [t] = figureTables("TL_PERFORMANCE", { data });
  assert.equal(t.rows.length, 20);
  assert.equal(t.cut, 3);
  assert.deepEqual(t.rows[0], ["D1 X", "99"]);
  assert.deepEqual(t.rows[19], ["D23 X", "77"]);
});
