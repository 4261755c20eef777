import { endpoint } from "../../lib/web/endpoint.ts";
import { viewerStations } from "../../lib/stations/queries.ts";

/** The viewer's stations (a station picker's choices). */
export const GET = endpoint(
  "reference.read",
  async (ctx) => ({ results: await viewerStations(ctx.db, ctx.viewer) }),
);
