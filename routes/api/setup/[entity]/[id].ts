import { endpoint, readJson } from "../../../../lib/web/endpoint.ts";
import { rowId } from "../../../../lib/reference/helpers.ts";
import { entityFor } from "../../../../lib/reference/registry.ts";

export const PATCH = endpoint("reference.manage", async (ctx) => {
  const { handler, inputs } = entityFor(ctx.params.entity);
  const id = rowId(ctx.params.id);
  return handler.update(ctx.db, ctx.viewer, id, await readJson(ctx.request, inputs.update));
});

/** 409 naming what still references the row; otherwise deleted. */
export const DELETE = endpoint("reference.manage", async (ctx) => {
  const { handler } = entityFor(ctx.params.entity);
  return handler.remove(ctx.db, ctx.viewer, rowId(ctx.params.id));
});
