// GET ?kind=das|vans&format=csv|xlsx: the import template (header row and one example row).
import { endpoint } from "../../../lib/web/endpoint.ts";
import { queryParams } from "../../../lib/web/params.ts";
import { downloadResponse } from "../../../lib/exports/tabular.ts";
import { templateQuery } from "../../../lib/roster/inputs.ts";
import { rosterTemplate } from "../../../lib/roster/templates.ts";

export const GET = endpoint("roster.import", async (ctx) => {
  const q = templateQuery.parse(queryParams(ctx.url));
  const { body, fileName } = await rosterTemplate(ctx.db, ctx.viewer, q.kind, q.format);
  return downloadResponse(body, fileName, q.format);
});
