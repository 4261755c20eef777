// get check weekly list (03 section 7): ?page (one-based), page_size, station, date_from, date_to.
import { endpoint } from "../../../lib/web/endpoint.ts";
import { queryParams } from "../../../lib/web/params.ts";
import { checkListQuery } from "../../../lib/checks/inputs.ts";
import { listChecks } from "../../../lib/checks/queries.ts";

export const GET = endpoint(
  "checks.read",
  async (ctx) => listChecks(ctx.db, ctx.viewer, checkListQuery.parse(queryParams(ctx.url))),
);
