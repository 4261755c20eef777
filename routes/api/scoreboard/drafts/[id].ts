// Edit a coaching draft's text, or skip it (issue 12 point 6).
import { endpoint, readJson } from "../../../../lib/web/endpoint.ts";
import { idParam } from "../../../../lib/web/params.ts";
import { draftPatchInput } from "../../../../lib/coaching/inputs.ts";
import { patchDraft } from "../../../../lib/coaching/mutations.ts";

export const PATCH = endpoint(
  "scoreboard.notify",
  async (ctx) =>
    patchDraft(ctx.db, ctx.viewer, idParam(ctx.params.id), await readJson(ctx.request, draftPatchInput)),
);
