// get check weekly data by days (GET) and update check weekly data (PATCH, one field: whc_da_off_target or
// employee_satisfaction; management only).
import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { idParam } from "../../../lib/web/params.ts";
import { checkWeekPatch } from "../../../lib/checks/inputs.ts";
import { getCheckWeek } from "../../../lib/checks/queries.ts";
import { updateCheckWeek } from "../../../lib/checks/mutations.ts";

export const GET = endpoint("checks.read", (ctx) => getCheckWeek(ctx.db, ctx.viewer, idParam(ctx.params.id)));

export const PATCH = endpoint(
  "checks.editWeek",
  async (ctx) =>
    updateCheckWeek(ctx.db, ctx.viewer, idParam(ctx.params.id), await readJson(ctx.request, checkWeekPatch)),
);
