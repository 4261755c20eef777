// update ikea action row: as PATCH api/actions/{id}/, on an IKEA action only.
import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { idParam } from "../../../lib/web/params.ts";
import { actionPatch } from "../../../lib/actions/inputs.ts";
import { updateAction } from "../../../lib/actions/mutations.ts";

export const PATCH = endpoint(
  "ikeaActions.edit",
  async (ctx) =>
    updateAction(
      ctx.db,
      ctx.viewer,
      idParam(ctx.params.id),
      await readJson(ctx.request, actionPatch),
      "ikea",
    ),
);
