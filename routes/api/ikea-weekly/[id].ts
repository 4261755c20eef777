// get ikea weekly data by days (GET) and update ikea weekly row (PATCH, 03 section 7): one field;
// management only (lib/ikea/mutations.ts enforces it).
import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { idParam } from "../../../lib/web/params.ts";
import { ikeaWeekPatch } from "../../../lib/ikea/inputs.ts";
import { updateIkeaWeek } from "../../../lib/ikea/mutations.ts";
import { getIkeaWeekDetail } from "../../../lib/ikea/queries.ts";

export const GET = endpoint(
  "ikea.read",
  (ctx) => getIkeaWeekDetail(ctx.db, ctx.viewer, idParam(ctx.params.id)),
);

export const PATCH = endpoint(
  "ikea.edit",
  async (ctx) =>
    updateIkeaWeek(ctx.db, ctx.viewer, idParam(ctx.params.id), await readJson(ctx.request, ikeaWeekPatch)),
);
