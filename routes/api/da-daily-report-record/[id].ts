import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { idParam } from "../../../lib/web/params.ts";
import { recordPatchInput, versionFromIfMatch } from "../../../lib/shifts/inputs.ts";
import { patchRecord } from "../../../lib/shifts/tracker/patch.ts";
import { deleteRecord } from "../../../lib/shifts/tracker/mutations.ts";

/**
 * A field-level change, with the version the editor saw (body or If-Match) or none (merge the named
 * fields): 200 row, 400 rule, 403 locked, 404 no van, 409 conflict. The session is checked by the
 * write itself (one round trip for a remembered row: lib/shifts/tracker/patch-plain.ts).
 */
export const PATCH = endpoint("shifts.edit", async (ctx) => {
  const input = await readJson(ctx.request, recordPatchInput);
  const version = input.version ?? versionFromIfMatch(ctx.request.headers.get("if-match"));
  return await patchRecord(ctx.db, ctx.viewer, idParam(ctx.params.id), { ...input, version }, ctx.pending);
}, { sessionInStatement: true });

export const DELETE = endpoint("shifts.edit", async (ctx) => {
  await deleteRecord(ctx.db, ctx.viewer, idParam(ctx.params.id));
  return new Response(null, { status: 204 });
});
