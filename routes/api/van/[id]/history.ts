import { endpoint } from "../../../../lib/web/endpoint.ts";
import { idParam } from "../../../../lib/web/params.ts";
import { vanNotFound } from "../../../../lib/vans/errors.ts";
import { vanHistory } from "../../../../lib/vans/queries.ts";

/** Every status change of the van, newest first. */
export const GET = endpoint("vans.read", async (ctx) => {
  const results = await vanHistory(ctx.db, ctx.viewer.stationIds, idParam(ctx.params.id));
  if (!results) throw vanNotFound();
  return { results };
});
