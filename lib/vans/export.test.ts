import assert from "node:assert/strict";
import { toCsv } from "../exports/tabular.ts";
import { exportFileName, vanColumns } from "./export.ts";
import type { VanDto } from "./dto.ts";

const van: VanDto = {
  id: 1,
  number: '=HYPERLINK("http://evil")',
  van_group: { id: 1, name: "+Team", description: "@desc" },
  fleet_size: { id: 1, title: "Cargo Van" },
  plate_number: "-1+2",
  status: 2,
  available: false,
  status_change_reason: 2,
  pick_up_date: "2026-01-05",
  station: 1,
  station_title: "Downtown",
  station_tag: "DON9",
  last_status_change: "2026-02-01T03:00:00.000Z",
  last_status_changed_by: { id: 2, first_name: "Ann", last_name: "Lee" },
};

Deno.test("file name: 'Fleet status DD-MM-YYYY.<ext>' dated in the org time zone", () => {
  // 03:00 UTC on 2 Feb is still 1 Feb at UTC-5.
  assert.equal(
    exportFileName("xlsx", new Date("2026-02-02T03:00:00Z"), "Etc/GMT+5"),
    "Fleet status 01-02-2026.xlsx",
  );
  assert.equal(
    exportFileName("csv", new Date("2026-02-02T06:00:00Z"), "Etc/GMT+5"),
    "Fleet status 02-02-2026.csv",
  );
});

Deno.test("columns: labels, DD-MM-YYYY dates, time in the org zone, formula-safe cells", () => {
  const csv = toCsv(vanColumns("Etc/GMT+5"), [van]);
  const [header, line] = csv.replace("\uFEFF", "").trim().split("\r\n");
  assert.equal(
    header,
    "Van number,Van group,Van group description,Fleet size,Plate number,Status,Available,Out-of-service reason,Pick-up date,Station,Last status change,Changed by",
  );
  assert.equal(
    line,
    `"'=HYPERLINK(""http://evil"")",'+Team,'@desc,Cargo Van,'-1+2,Out of Service,No,Malfunction,05-01-2026,DON9,31-01-2026 22:00,Ann Lee`,
  );
});
