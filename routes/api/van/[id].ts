import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { idParam } from "../../../lib/web/params.ts";
import { vanNotFound } from "../../../lib/vans/errors.ts";
import { vanPatchInput } from "../../../lib/vans/inputs.ts";
import { getVan } from "../../../lib/vans/queries.ts";
import { patchVan } from "../../../lib/vans/mutations.ts";

export const GET = endpoint("vans.read", async (ctx) => {
  const van = await getVan(ctx.db, ctx.viewer.stationIds, idParam(ctx.params.id));
  if (!van) throw vanNotFound();
  return van;
});

/** patchVan: any of status (+status_change_reason), status_change_reason, station, pick_up_date. */
export const PATCH = endpoint("vans.changeStatus", async (ctx) => {
  const id = idParam(ctx.params.id);
  return await patchVan(ctx.db, ctx.viewer, id, await readJson(ctx.request, vanPatchInput));
});
