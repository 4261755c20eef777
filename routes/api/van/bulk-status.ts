import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { bulkStatusInput } from "../../../lib/vans/inputs.ts";
import { changeVanStatuses } from "../../../lib/vans/mutations.ts";

/** updateFleetStatus: {id_list, status, status_change_reason?} -> {date, editor, changed}. */
export const POST = endpoint(
  "vans.changeStatus",
  async (ctx) => changeVanStatuses(ctx.db, ctx.viewer, await readJson(ctx.request, bulkStatusInput)),
);
