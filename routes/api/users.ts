import { endpoint } from "../../lib/web/endpoint.ts";
import { usersListQuery } from "../../lib/users/inputs.ts";
import { listUsers } from "../../lib/users/queries.ts";
import { queryParams } from "../../lib/web/params.ts";

export const GET = endpoint(
  "users.list",
  async (ctx) => listUsers(ctx.db, ctx.viewer.stationIds, usersListQuery.parse(queryParams(ctx.url))),
);
