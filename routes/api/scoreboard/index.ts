// dashboard (scoreboard) list (03 section 7): page, page_size, ordering, station, week, year, search.
import { endpoint } from "../../../lib/web/endpoint.ts";
import { queryParams } from "../../../lib/web/params.ts";
import { scoreboardQuery } from "../../../lib/scoreboard/inputs.ts";
import { scoreboard } from "../../../lib/scoreboard/queries.ts";
import { todayIn } from "../../../lib/dates/periods.ts";
import { getTimeZone } from "../../../lib/settings/queries.ts";

export const GET = endpoint("scoreboard.read", async (ctx) =>
  scoreboard(
    ctx.db,
    ctx.viewer,
    scoreboardQuery.parse(queryParams(ctx.url)),
    todayIn(await getTimeZone(ctx.db)),
  ));
