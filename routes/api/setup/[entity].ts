import { endpoint, json, readJson } from "../../../lib/web/endpoint.ts";
import { queryParams } from "../../../lib/web/params.ts";
import { entityFor } from "../../../lib/reference/registry.ts";
import { referenceListQuery } from "../../../lib/reference/helpers.ts";

/** Lists are for every staff role (pickers elsewhere read them); station-scoped ones by the viewer's stations. */
export const GET = endpoint("reference.read", async (ctx) => {
  const { handler } = entityFor(ctx.params.entity);
  return handler.list(ctx.db, ctx.viewer, referenceListQuery.parse(queryParams(ctx.url)));
});

export const POST = endpoint("reference.manage", async (ctx) => {
  const { handler, inputs } = entityFor(ctx.params.entity);
  return json(await handler.create(ctx.db, ctx.viewer, await readJson(ctx.request, inputs.create)), 201);
});
