import assert from "node:assert/strict";
import {
  applyShared,
  defaultPulseStation,
  initialSettings,
  settingLabel,
  statisticOf,
  stepSetting,
  tileChart,
  tileQuery,
  TILES,
  type TileSetting,
  weeksOf,
  withType,
} from "./calc.ts";

const TODAY = "2026-11-27"; // a Friday; its week (Sun 22-11 .. Sat 28-11) is week 48
const week = (date: string, station = 1): TileSetting => ({ station, selectType: "week", date });

Deno.test("14 tiles, the two the spec names first; vans read the week or month table", () => {
  assert.equal(TILES.length, 14);
  assert.deepEqual(TILES.slice(0, 2).map((t) => t.title), [
    "Days Availabile",
    "Rejected before start of the Shift",
  ]);
  assert.equal(new Set(TILES.map((t) => t.key)).size, 14);
  const vans = TILES.find((t) => t.stat === "vans_table")!;
  assert.deepEqual(["week", "month", "day"].map((t) => statisticOf(vans, t as "week")), [
    "vans_table_week",
    "vans_table_month",
    "vans_table_week",
  ]);
  assert.equal(statisticOf(TILES[0], "month"), "schedule_availability");
});

Deno.test("default station: 1 when the user has it, else the first; none without stations", () => {
  assert.equal(defaultPulseStation([3, 1, 2]), 1);
  assert.equal(defaultPulseStation([4, 7]), 4);
  assert.equal(defaultPulseStation([]), null);
  assert.equal(initialSettings([], "2026-11-26"), null);
  const s = initialSettings([5, 9], "2026-11-26")!;
  assert.equal(s.length, 14);
  assert.ok(s.every((x) => x.station === 5 && x.selectType === "week" && x.date === "2026-11-26"));
});

Deno.test("stepping: back one period; forward stops at the period holding today; weeks wrap the year", () => {
  assert.equal(settingLabel(week("2026-11-26")), "Week 48, 2026");
  const back = stepSetting(week("2026-11-26"), -1, TODAY);
  assert.equal(settingLabel(back), "Week 47, 2026");
  assert.deepEqual(stepSetting(week("2026-11-26"), 1, TODAY), week("2026-11-26"), "no future week");
  assert.equal(settingLabel(stepSetting(back, 1, TODAY)), "Week 48, 2026");
  const jan = stepSetting(stepSetting(week("2026-01-06"), -1, TODAY), -1, TODAY);
  assert.match(settingLabel(jan), /^Week 5[23], 2025$/);
  const month: TileSetting = { station: 2, selectType: "month", date: "2026-01-15" };
  assert.equal(settingLabel(stepSetting(month, -1, TODAY)), "Dec 2025");
  const day: TileSetting = { station: 2, selectType: "day", date: "2026-03-01" };
  assert.equal(stepSetting(day, -1, TODAY).date, "2026-02-28");
  assert.equal(stepSetting({ ...day, date: TODAY }, 1, TODAY).date, TODAY);
});

Deno.test("a new period type goes back to the default date; the same type keeps the setting", () => {
  const s = week("2026-10-01", 3);
  assert.deepEqual(withType(s, "month", "2026-11-26"), {
    station: 3,
    selectType: "month",
    date: "2026-11-26",
  });
  assert.equal(withType(s, "week", "2026-11-26"), s);
});

Deno.test("External setting: the shared set replaces every tile's, as copies", () => {
  const tiles = [week("2026-10-01", 1), week("2026-09-01", 2)];
  const shared: TileSetting = { station: 4, selectType: "day", date: "2026-11-20" };
  const out = applyShared(tiles, shared);
  assert.deepEqual(out, [shared, shared]);
  assert.notEqual(out[0], shared);
});

Deno.test("a tile's query: one station and the period as the statistics take it (weeks zero-based)", () => {
  assert.deepEqual(tileQuery(week("2026-11-26", 7)), { stations: "7", year: "2026", week: "47" });
  assert.deepEqual(tileQuery({ station: 1, selectType: "month", date: "2026-02-03" }), {
    stations: "1",
    year: "2026",
    month: "2",
  });
  assert.deepEqual(tileQuery({ station: 1, selectType: "day", date: "2026-02-03" }), {
    stations: "1",
    day: "2026-02-03",
  });
});

Deno.test("tile charts: the 'Days Availabile' bars are green, rejected red, long lists cut to the top 10", () => {
  const rows = Array.from({ length: 20 }, (_, i) => ({ id: i, name: `DA ${i}`, availability_days: 20 - i }));
  const c = tileChart(TILES[0], { data: rows });
  assert.equal(c.labels.length, 10);
  assert.equal(c.hidden, 10);
  assert.equal(c.series[0].color, "#16a34a");
  assert.deepEqual(c.series[0].data.slice(0, 2), [20, 19]);
  const r = tileChart(TILES[1], { data: [{ id: 1, name: "Ann", count: 2 }] });
  assert.deepEqual([r.labels, r.series[0].data, r.series[0].color], [["Ann"], [2], "#dc2626"]);
  const days = TILES.find((t) => t.stat === "delivered_returned")!;
  const d = tileChart(days, { data: [{ date: "2031-03-04", delivered: 294, returned: 6 }] });
  assert.deepEqual([d.labels, d.series.map((s) => s.data[0])], [["04-03"], [294, 6]]);
});

Deno.test("weeksOf: the Amazon weeks holding any day of a period", () => {
  assert.deepEqual(weeksOf("2031-03-04", "2031-03-04"), ["2031-W10"]);
  assert.deepEqual(weeksOf("2031-03-01", "2031-03-08"), ["2031-W09", "2031-W10"]);
});
