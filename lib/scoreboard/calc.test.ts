import assert from "node:assert/strict";
import {
  averageTier,
  quadrantOf,
  showsDsb,
  tierTone,
  toneOf,
  trendOf,
  trendTooltip,
  truncateName,
} from "./calc.ts";

Deno.test("thresholds: tenured 30/25/15, null or below 14 red", () => {
  assert.equal(toneOf("tenured", 30), "blue");
  assert.equal(toneOf("tenured", 25), "green");
  assert.equal(toneOf("tenured", 15), "orange");
  assert.equal(toneOf("tenured", 14), "red");
  assert.equal(toneOf("tenured", 3), "red");
  assert.equal(toneOf("tenured", null), "red");
});

Deno.test("thresholds: DCR, DAR, POD, HP 6W ladders", () => {
  assert.deepEqual([99, 98, 97, 96.9].map((v) => toneOf("dcr", v)), ["blue", "green", "orange", "red"]);
  assert.deepEqual([70, 50, 25, 24].map((v) => toneOf("dar", v)), ["blue", "green", "orange", "red"]);
  assert.deepEqual([98, 97, 96, 95].map((v) => toneOf("pod", v)), ["blue", "green", "orange", "red"]);
  assert.deepEqual([4, 3, 2, 1].map((v) => toneOf("hp6w", v)), ["blue", "green", "orange", "red"]);
  assert.equal(toneOf("dcr", null), "none");
});

Deno.test("thresholds: DNR and DSB inverted (low is blue)", () => {
  assert.deepEqual([0, 200, 600, 1000, 1001].map((v) => toneOf("dsb", v)), [
    "blue",
    "blue",
    "green",
    "orange",
    "red",
  ]);
  assert.equal(toneOf("dnr", 450), "green");
});

Deno.test("thresholds: SC, CED, rescue blue only at 0; MC at 100; OA", () => {
  for (const c of ["sc", "ced", "rescue"] as const) {
    assert.equal(toneOf(c, 0), "blue");
    assert.equal(toneOf(c, 1), "red");
  }
  assert.equal(toneOf("mc", 100), "blue");
  assert.equal(toneOf("mc", 99), "red");
  assert.deepEqual([100, 95, 91.5, 90.5, 90, 80].map((v) => toneOf("oa", v)), [
    "blue",
    "green",
    "green",
    "orange",
    "red",
    "red",
  ]);
});

Deno.test("tiers: colours, average, quadrant", () => {
  assert.equal(tierTone("Fantastic"), "blue");
  assert.equal(tierTone("Fair"), "orange");
  assert.equal(tierTone("Poor"), "red");
  assert.equal(tierTone("Great"), "green");
  assert.equal(tierTone("Gold"), "green");
  assert.equal(averageTier(["Fantastic", "Great", null, "Great"]), "Great");
  assert.equal(averageTier([null]), null);
  assert.equal(quadrantOf("Fantastic", "Great"), "Star");
  assert.equal(quadrantOf("Poor", "Fair"), "Watchout");
  assert.equal(quadrantOf("Great", "Fair"), "Rising");
  assert.equal(quadrantOf("Fair", "Great"), "Slipping");
});

Deno.test("trend, DSB or DAR, names", () => {
  assert.equal(trendOf(80, 70), "up");
  assert.equal(trendOf(60, 70), "down");
  assert.equal(trendOf(70, 70), "equal");
  assert.equal(trendOf(70, null), "equal");
  assert.equal(trendTooltip(null), "Previous week data not available");
  assert.equal(trendTooltip(71.5), "Previous week: 71.5");
  assert.equal(showsDsb(2024, 1), true);
  assert.equal(showsDsb(2023, 35), true);
  assert.equal(showsDsb(2023, 34), false);
  assert.equal(showsDsb(2022, 50), false);
  assert.equal(truncateName("Alexandra Montgomery"), "Alexandra Montg…");
  assert.equal(truncateName("Ann Lee"), "Ann Lee");
});
