import { endpoint, json, readJson } from "../../lib/web/endpoint.ts";
import { queryParams } from "../../lib/web/params.ts";
import { publicBaseUrl } from "../../lib/web/base-url.ts";
import { staffCreateInput, staffListQuery } from "../../lib/staff/inputs.ts";
import { getStaff, listStaff } from "../../lib/staff/queries.ts";
import { createStaff } from "../../lib/staff/mutations.ts";

/** Staff accounts sharing one of the viewer's stations, with can_edit per row. */
export const GET = endpoint(
  "staff.manage",
  async (ctx) => listStaff(ctx.db, ctx.viewer, staffListQuery.parse(queryParams(ctx.url))),
);

/** A new account (no password) and a set-password link in the outbox. */
export const POST = endpoint("staff.manage", async (ctx) => {
  const input = await readJson(ctx.request, staffCreateInput);
  const id = await createStaff(ctx.db, { actor: ctx.viewer, baseUrl: publicBaseUrl() }, input);
  return json(await getStaff(ctx.db, ctx.viewer, id), 201);
});
