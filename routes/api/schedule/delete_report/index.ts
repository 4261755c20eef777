import { endpoint, readJson } from "../../../../lib/web/endpoint.ts";
import { deleteReportInput } from "../../../../lib/schedule/inputs.ts";
import { deleteReport } from "../../../../lib/schedule/mutations.ts";

/** Delete a day's role: role none, hours 0, helper links to the person cleared; availability stays. */
export const POST = endpoint(
  "schedule.edit",
  async (ctx) => ({
    data: await deleteReport(ctx.db, ctx.viewer, await readJson(ctx.request, deleteReportInput)),
  }),
);
