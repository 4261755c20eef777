import assert from "node:assert/strict";
import { boardReportDto, type BoardRow } from "./dto.ts";

const row: BoardRow = {
  id: 7,
  reportDate: "2026-11-22",
  weekNumber: 47,
  year: 2026,
  stationId: 1,
  stationTitle: "Demo Station DON9",
  stationTag: "DON9",
  hasSecondDriver: true,
  records: 12,
  createdBy: { id: 3, firstName: "Dana", lastName: "Diaz" },
  editedBy: { id: null, firstName: null, lastName: null },
  createdAt: "2026-11-20 13:05:00+00",
  modifiedAt: new Date("2026-11-21T08:00:00Z"),
};

Deno.test("the board row names every field; a missing person is null; instants are ISO", () => {
  assert.deepEqual(boardReportDto(row), {
    id: 7,
    report_date: "2026-11-22",
    get_week_day: "Sun",
    week_number: 47,
    year: 2026,
    station: { id: 1, title: "Demo Station DON9", tag: "DON9" },
    has_second_driver: true,
    records: 12,
    created_by: { id: 3, first_name: "Dana", last_name: "Diaz" },
    edited_by: null,
    created: "2026-11-20T13:05:00.000Z",
    modified: "2026-11-21T08:00:00.000Z",
  });
  assert.equal(boardReportDto({ ...row, createdBy: null }).created_by, null);
});
