import { endpoint } from "../../../../lib/web/endpoint.ts";
import { idParam } from "../../../../lib/web/params.ts";
import { changesSince, parseCursor } from "../../../../lib/shifts/tracker/queries.ts";

/** Polled by open trackers: rows changed since ?since= (the previous answer's cursor), all row ids, the report. */
export const GET = endpoint(
  "shifts.read",
  async (ctx) =>
    changesSince(ctx.db, ctx.viewer, idParam(ctx.params.id), parseCursor(ctx.url.searchParams.get("since"))),
);
