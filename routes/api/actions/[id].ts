// update action row (03 section 7): any of action, owner, due_date, status, coaching_count, comments.
import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { idParam } from "../../../lib/web/params.ts";
import { actionPatch } from "../../../lib/actions/inputs.ts";
import { updateAction } from "../../../lib/actions/mutations.ts";

export const PATCH = endpoint(
  "actions.edit",
  async (ctx) =>
    updateAction(ctx.db, ctx.viewer, idParam(ctx.params.id), await readJson(ctx.request, actionPatch)),
);
