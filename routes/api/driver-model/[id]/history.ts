import { endpoint } from "../../../../lib/web/endpoint.ts";
import { idParam } from "../../../../lib/web/params.ts";
import { daHistory } from "../../../../lib/das/history.ts";

/** Every status change of one DA, newest first. */
export const GET = endpoint(
  "das.read",
  async (ctx) => ({ results: await daHistory(ctx.db, ctx.viewer, idParam(ctx.params.id)) }),
);
