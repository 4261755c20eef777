import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { savePlan } from "../../../lib/falcon/mutations.ts";
import { planInput } from "../../../lib/falcon/inputs.ts";

/** createOrUpdateReportPlan: a day's planned routes, only in the current or a later week of this year. */
export const PUT = endpoint(
  "falcon.editPlan",
  async ({ db, viewer, request }) => savePlan(db, viewer, await readJson(request, planInput)),
);
