import { z } from "zod";
import { endpoint, json, readJson } from "../../../lib/web/endpoint.ts";
import { queryParams } from "../../../lib/web/params.ts";
import { entityFor } from "../../../lib/reference/registry.ts";
import { referenceListQuery } from "../../../lib/reference/helpers.ts";

/** Lists are for every staff role (pickers elsewhere read them); station-scoped ones by the viewer's stations. */
export const GET = endpoint("reference.read", async (ctx) => {
  const section = entityFor(ctx.params.entity);
  return section.list(ctx.db, ctx.viewer, referenceListQuery.parse(queryParams(ctx.url)));
});

/** The body is parsed by the section's own create schema. */
export const POST = endpoint("reference.manage", async (ctx) => {
  const section = entityFor(ctx.params.entity);
  return json(await section.create(ctx.db, ctx.viewer, await readJson(ctx.request, z.unknown())), 201);
});
