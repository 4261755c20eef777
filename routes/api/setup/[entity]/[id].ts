import { z } from "zod";
import { endpoint, readJson } from "../../../../lib/web/endpoint.ts";
import { idParam } from "../../../../lib/web/params.ts";
import { entityFor } from "../../../../lib/reference/registry.ts";

/** The body is parsed by the section's own update schema: PATCH changes only what it names. */
export const PATCH = endpoint("reference.manage", async (ctx) => {
  const section = entityFor(ctx.params.entity);
  const id = idParam(ctx.params.id);
  return section.update(ctx.db, ctx.viewer, id, await readJson(ctx.request, z.unknown()));
});

/** 409 naming what still references the row; otherwise deleted. */
export const DELETE = endpoint("reference.manage", async (ctx) => {
  const section = entityFor(ctx.params.entity);
  return section.remove(ctx.db, ctx.viewer, idParam(ctx.params.id));
});
