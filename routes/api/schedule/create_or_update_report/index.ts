import { endpoint, readJson } from "../../../../lib/web/endpoint.ts";
import { reportInput } from "../../../../lib/schedule/inputs.ts";
import { saveReport } from "../../../../lib/schedule/mutations.ts";

/** Save one person's day (manual edit or a copy pasted into the cell); every rule of 02 section 5 applies. */
export const POST = endpoint(
  "schedule.edit",
  async (ctx) => saveReport(ctx.db, ctx.viewer, await readJson(ctx.request, reportInput)),
);
