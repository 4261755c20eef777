import { endpoint, json, readJson } from "../../lib/web/endpoint.ts";
import { queryParams } from "../../lib/web/params.ts";
import { createReportInput } from "../../lib/shifts/inputs.ts";
import { boardListQuery } from "../../lib/shifts/board/inputs.ts";
import { listReports } from "../../lib/shifts/board/queries.ts";
import { createReport } from "../../lib/shifts/board/mutations.ts";

/** The shift reports board: the viewer's stations' reports, newest date first, with every filter of 02. */
export const GET = endpoint(
  "shifts.read",
  async (ctx) => listReports(ctx.db, ctx.viewer, boardListQuery.parse(queryParams(ctx.url))),
);

/** Create New Shift: the report with `rows` blank rows; 201 with the board row. */
export const POST = endpoint(
  "shifts.create",
  async (ctx) =>
    json(await createReport(ctx.db, ctx.viewer, await readJson(ctx.request, createReportInput)), 201),
);
