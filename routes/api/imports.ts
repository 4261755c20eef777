// GET api/imports/?family=pdf|csv&page&page_size: the /import history of either family, newest first, for
// the viewer's stations ({count, results} of ImportRowDto).
import { endpoint } from "../../lib/web/endpoint.ts";
import { queryParams } from "../../lib/web/params.ts";
import { historyQuery } from "../../lib/imports/inputs.ts";
import { listImports } from "../../lib/imports/queries.ts";

export const GET = endpoint(
  "import.read",
  async (ctx) => listImports(ctx.db, ctx.viewer, historyQuery.parse(queryParams(ctx.url))),
);
