import { endpoint } from "../../../lib/web/endpoint.ts";
import { queryParams } from "../../../lib/web/params.ts";
import { vanExportQuery } from "../../../lib/vans/inputs.ts";
import { exportVans } from "../../../lib/vans/export.ts";

/** The fleet register with the current filters: ?format=xlsx|csv (default xlsx). */
export const GET = endpoint(
  "registers.export",
  async (ctx) => exportVans(ctx.db, ctx.viewer.stationIds, vanExportQuery.parse(queryParams(ctx.url))),
);
