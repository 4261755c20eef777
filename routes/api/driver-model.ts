import { endpoint } from "../../lib/web/endpoint.ts";
import { queryParams } from "../../lib/web/params.ts";
import { daListQuery } from "../../lib/das/inputs.ts";
import { listDas } from "../../lib/das/queries.ts";

/** getDriverUsersList (03 section 7): the DA register, paged, scoped to the viewer's stations. */
export const GET = endpoint(
  "das.read",
  async (ctx) => listDas(ctx.db, ctx.viewer, daListQuery.parse(queryParams(ctx.url))),
);
