// get super users list (03 section 7): the management accounts of the caller's stations (action owners).
import { endpoint } from "../../lib/web/endpoint.ts";
import { superUsers } from "../../lib/actions/queries.ts";

export const GET = endpoint(
  "actions.read",
  async (ctx) => ({ results: await superUsers(ctx.db, ctx.viewer) }),
);
