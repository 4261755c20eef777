// update check-table day data (03 section 7): one field, dsb or violation; answers the updated day record.
import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { idParam } from "../../../lib/web/params.ts";
import { checkDayPatch } from "../../../lib/checks/inputs.ts";
import { updateCheckDay } from "../../../lib/checks/mutations.ts";

export const PATCH = endpoint(
  "checks.editDay",
  async (ctx) =>
    updateCheckDay(ctx.db, ctx.viewer, idParam(ctx.params.id), await readJson(ctx.request, checkDayPatch)),
);
