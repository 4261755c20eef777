// get ikea weekly list (03 section 7): ?page (one-based), page_size, station, date_from, date_to.
import { endpoint } from "../../../lib/web/endpoint.ts";
import { queryParams } from "../../../lib/web/params.ts";
import { ikeaListQuery } from "../../../lib/ikea/inputs.ts";
import { listIkeaWeeks } from "../../../lib/ikea/queries.ts";

export const GET = endpoint(
  "ikea.read",
  async (ctx) => listIkeaWeeks(ctx.db, ctx.viewer, ikeaListQuery.parse(queryParams(ctx.url))),
);
