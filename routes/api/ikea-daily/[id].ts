// update ikea day data (the IKEA week page): one figure of a weekday; management only. Answers the week.
import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { idParam } from "../../../lib/web/params.ts";
import { ikeaDayPatch } from "../../../lib/ikea/inputs.ts";
import { updateIkeaDay } from "../../../lib/ikea/mutations.ts";

export const PATCH = endpoint(
  "ikea.edit",
  async (ctx) =>
    updateIkeaDay(ctx.db, ctx.viewer, idParam(ctx.params.id), await readJson(ctx.request, ikeaDayPatch)),
);
