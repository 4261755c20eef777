import assert from "node:assert/strict";
import { DA_TABLES, DATA_TABLES, TABLE_COLUMNS } from "./rows.ts";

Deno.test("the data tables' columns come from the Drizzle tables, in table order, without id/import/station", () => {
  assert.deepEqual(DATA_TABLES, [
    "dsp_weekly_scorecards",
    "da_weekly_performance",
    "da_weekly_dsb",
    "delivery_concessions",
    "da_weekly_quality",
    "capacity_reliability_days",
    "whc_exceptions",
  ]);
  assert.deepEqual(
    DA_TABLES,
    DATA_TABLES.filter((t) => !["dsp_weekly_scorecards", "capacity_reliability_days"].includes(t)),
  );
  assert.deepEqual(Object.keys(TABLE_COLUMNS.da_weekly_dsb), [
    "week",
    "transporter_id",
    "da_name",
    "dsb_count",
    "dsb_dpmo",
    "counts",
  ]);
  assert.deepEqual(TABLE_COLUMNS.da_weekly_dsb.dsb_count, "integer");
  assert.deepEqual(TABLE_COLUMNS.delivery_concessions.pickup_date, "date");
  assert.match(TABLE_COLUMNS.capacity_reliability_days.capacity_reliability, /^numeric/);
  for (const t of DATA_TABLES) {
    assert.ok(!["id", "import_id", "station_id"].some((c) => c in TABLE_COLUMNS[t]), t);
  }
});
