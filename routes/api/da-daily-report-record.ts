import { z } from "zod";
import { dbId } from "../../lib/inputs/fields.ts";
import { endpoint, json, readJson } from "../../lib/web/endpoint.ts";
import { addRecord } from "../../lib/shifts/tracker/mutations.ts";

const addRecordInput = z.object({ report: dbId("Required") });

/** Add New Record: a blank row at the end of the report (refused when the report is closed). */
export const POST = endpoint("shifts.edit", async (ctx) => {
  const { report } = await readJson(ctx.request, addRecordInput);
  return json(await addRecord(ctx.db, ctx.viewer, report), 201);
});
