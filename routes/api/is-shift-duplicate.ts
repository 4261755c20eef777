import { endpoint, readJson } from "../../lib/web/endpoint.ts";
import { duplicateQuery } from "../../lib/shifts/board/inputs.ts";
import { duplicatesOn } from "../../lib/shifts/board/queries.ts";

/** {date} -> {results: [{station__id, id}]}: the viewer's stations that already have a report that day. */
export const POST = endpoint("shifts.create", async (ctx) => {
  const { date } = await readJson(ctx.request, duplicateQuery);
  return duplicatesOn(ctx.db, ctx.viewer, date);
});
