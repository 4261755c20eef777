import { endpoint } from "../../lib/web/endpoint.ts";
import { queryParams } from "../../lib/web/params.ts";
import { vanListQuery } from "../../lib/vans/inputs.ts";
import { listVans } from "../../lib/vans/queries.ts";

/** getAllVans: page, page_size, plate_number, van_number, ordering (default -id), station, status. */
export const GET = endpoint(
  "vans.read",
  async (ctx) => listVans(ctx.db, ctx.viewer.stationIds, vanListQuery.parse(queryParams(ctx.url))),
);
